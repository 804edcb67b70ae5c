/**
 * Farcaster in real Chromium (§4.3, §4.4), against local peers of the real services: the auth
 * relay, the ID registry on the dev chain, the signed-key-request API and a hub. A visitor logs in
 * by reading the QR code on AWAITING_FARCASTER_CONNECTION (decoded from its pixels) and signing in
 * with the custody key as the Farcaster app would, and secures the wallet made on that login with a
 * recovery password in the provider's surface; requests a signer, approved at the peer; posts
 * a cast and likes it, both valid at the hub. The connect limit runs out on the page's clock.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chain } from '../support/chain.js';
import {
  DEMO_FARCASTER_USER,
  type FarcasterStandIns,
  startFarcasterStandIns,
} from '../support/farcaster/standins.js';
import { completeChannel } from '../support/farcaster/wallet.js';
import { hostPage } from './pages.js';
import { scan } from './qr.js';
import { initOnDevChain } from './steps.js';
import { setPasswordInSurface } from './surface-steps.js';
import { startWorld, type World } from './world.js';

let world: World;
let farcaster: FarcasterStandIns;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  world = await startWorld({
    chain: true,
    env: { GATEHOUSE_COINGECKO_URL: 'http://127.0.0.1:9' },
  });
  const chain = world.chain as Chain;
  farcaster = await startFarcasterStandIns(
    chain.rpcUrl,
    chain.rpc,
    { relay: 0, signerApi: 0, hub: 0 },
    () => {},
  );
  await world.provider.stop();
  await world.provider.cli(
    'apps',
    'set',
    world.appId,
    'farcaster_auth=true',
    `farcaster.fid=${farcaster.app.fid}`,
    `farcaster.custody_key=${farcaster.app.custodyKey}`,
    `farcaster.relay_url=${farcaster.relay.url}`,
    `farcaster.rpc_url=${chain.rpcUrl}`,
    `farcaster.signer_api_url=${farcaster.signerApi.url}`,
    `farcaster.hub_url=${farcaster.hub.url}`,
  );
  await world.provider.start();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await farcaster?.stop();
  await world?.stop();
});

async function openPage(path: string, before?: (page: Page) => Promise<void>) {
  const url = world.site.set(path, {
    html: hostPage({ loaderUrl: `${world.provider.url}/loader.js`, appId: world.appId }),
  });
  const context = await world.browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  await before?.(page);

  await page.goto(url);
  await page.evaluate(() => window.LoginWidget.ready);
  await initOnDevChain(world, page);
  return page;
}

async function toFarcasterQr(page: Page) {
  await page.click('#login');
  const landing = page.getByRole('dialog', { name: 'Log in or sign up' });
  await expect.poll(() => landing.isVisible()).toBe(true);
  await landing.getByRole('button', { name: 'Continue with Farcaster' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in with Farcaster' });
  const qr = dialog.getByRole('img', { name: 'QR code to sign in with Farcaster' });
  await expect.poll(() => qr.isVisible(), { timeout: 15_000 }).toBe(true);
  return { dialog, qr };
}

describe('Farcaster', () => {
  let page: Page;

  it('logs in by the QR code: the Farcaster app signs in with the custody key', async () => {
    page = await openPage('/farcaster.html');
    const { qr } = await toFarcasterQr(page);
    const connectUri = await scan(qr);
    expect(new URL(connectUri).searchParams.get('channelToken')).toBeTruthy();
    await completeChannel(farcaster.relay.url, farcaster.relay.authKey, DEMO_FARCASTER_USER, connectUri);
    await expect
      .poll(() => page.evaluate(() => window.LoginWidget.authenticated), { timeout: 15_000 })
      .toBe(true);
    const user = await page.evaluate(() => window.LoginWidget.user);
    expect(user.farcaster).toMatchObject({
      fid: DEMO_FARCASTER_USER.fid,
      username: DEMO_FARCASTER_USER.username,
    });
    // No email or phone can confirm a new device for this user: the wallet made on this login is
    // secured by a recovery password, set in the provider's surface (the dialog cannot be closed).
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Create a password' }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    await setPasswordInSurface(page, 'Farcaster-wallet-9!');
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Your wallet is ready' }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    // login:success comes once the wallet made on this login exists (§4.2).
    const method = () =>
      page.evaluate(
        () => window.seen.find((e: { name: string }) => e.name === 'login:success')?.detail?.loginMethod,
      );
    await expect.poll(method, { timeout: 20_000 }).toBe('farcaster');
  });

  it('requests a signer approved at the Farcaster app, then posts a cast and likes it: both valid at the hub', async () => {
    // The wallet made on the Farcaster login is there (its created screen has closed).
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 10_000 }).toBe(0);
    expect(await page.evaluate(() => window.LoginWidget.user?.wallet)).toMatchObject({
      walletClientType: 'gatehouse',
      recoveryMethod: 'user-passcode',
    });
    const signer = page.evaluate(() => window.LoginWidget.requestFarcasterSigner());
    const dialog = page.getByRole('dialog', { name: 'Approve in Farcaster' });
    const qr = dialog.getByRole('img', { name: 'QR code to approve this app in Farcaster' });
    await expect.poll(() => qr.isVisible(), { timeout: 20_000 }).toBe(true);
    const approvalUrl = await scan(qr);
    const key = farcaster.signerApi.requests.find((r) => approvalUrl.includes(r.token))?.key;
    expect(key).toBeTruthy();
    farcaster.signerApi.approve(key as string, DEMO_FARCASTER_USER.fid);
    expect(await signer).toMatchObject({ status: 'approved', public_key: key });
    await expect
      .poll(() => page.evaluate(() => window.LoginWidget.user?.farcaster?.signerPublicKey))
      .toBe(key);
    const castHash = await page.evaluate(() =>
      window.LoginWidget.farcaster.submitCast({ text: 'gm from Gatehouse' }),
    );
    const likeHash = await page.evaluate(
      (hash) => window.LoginWidget.farcaster.likeCast({ fid: 20_001, hash }),
      castHash,
    );
    const hashes = farcaster.hub.messages.map((m) => m.hash);
    expect(hashes).toEqual(expect.arrayContaining([castHash, likeHash]));
    expect(farcaster.hub.messages.find((m) => m.hash === castHash)?.summary).toContain('gm from Gatehouse');
  });

  it("says 'The request timed out. Try again.' once the connect limit has passed, and Try again makes a new code", async () => {
    const fresh = await openPage('/farcaster-timeout.html', (p) => p.clock.install());
    const { dialog, qr } = await toFarcasterQr(fresh);
    const first = await scan(qr);
    await fresh.clock.fastForward(121_000);
    await expect
      .poll(() => dialog.getByRole('alert').textContent(), { timeout: 15_000 })
      .toBe('The request timed out. Try again.');
    await dialog.getByRole('button', { name: 'Try again' }).click();
    const again = dialog.getByRole('img', { name: 'QR code to sign in with Farcaster' });
    await expect.poll(() => again.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await scan(again)).not.toBe(first);
  });

  it('Back on the QR code returns to the other methods; Farcaster again makes a new code', async () => {
    const fresh = await openPage('/farcaster-back.html');
    const { dialog, qr } = await toFarcasterQr(fresh);
    const first = await scan(qr);
    await dialog.getByRole('button', { name: 'Back' }).click();
    const landing = fresh.getByRole('dialog', { name: 'Log in or sign up' });
    await expect.poll(() => landing.isVisible()).toBe(true);
    await landing.getByRole('button', { name: 'Continue with Farcaster' }).click();
    const again = fresh.getByRole('img', { name: 'QR code to sign in with Farcaster' });
    await expect.poll(() => again.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await scan(again)).not.toBe(first);
  });
});
