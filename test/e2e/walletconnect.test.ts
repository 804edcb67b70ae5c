/**
 * WalletConnect in real Chromium: the built widget pairs through a local WalletConnect relay
 * (test/support/wc-relay.ts) with a real `@walletconnect/sign-client` wallet in the test process,
 * which reads the pairing URI the way a phone would — from the QR code on a desktop, from the
 * deep link on a phone — then signs the sign-in message with its ethers key.
 */
import { randomBytes } from 'node:crypto';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelay, type WalletConnectRelay } from '../support/wc-relay.js';
import { startWalletPeer, type WalletPeer } from '../support/wc-wallet.js';
import { hostPage } from './pages.js';
import { scan } from './qr.js';
import { startWorld, type World } from './world.js';

const PROJECT_ID = randomBytes(16).toString('hex');
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

let world: World;
let relay: WalletConnectRelay;
const peers: WalletPeer[] = [];

beforeAll(async () => {
  world = await startWorld({ settings: ['wallet_auth=true'] });
  relay = await startRelay();
});

afterAll(async () => {
  for (const peer of peers) await peer.close();
  await relay?.close();
  await world?.stop();
});

async function wallet(): Promise<WalletPeer> {
  const peer = await startWalletPeer({ relayUrl: relay.url, projectId: PROJECT_ID });
  peers.push(peer);
  return peer;
}

async function openPage(path: string, walletList: string[], options: BrowserContextOptions = {}) {
  const url = world.site.set(path, {
    html: hostPage({ loaderUrl: `${world.provider.url}/loader.js`, appId: world.appId }),
  });
  const context = await world.browser.newContext(options);
  const page = await context.newPage();
  await page.goto(url);
  await configure(page, walletList);
  return { page, context, url };
}

/** What the host page gives init(): the WalletConnect project id, the local relay, the wallet list. */
function configure(page: Page, walletList: string[]) {
  return page.evaluate(
    ([projectId, relayUrl, list]) =>
      window.LoginWidget.init({
        walletConnectCloudProjectId: projectId,
        walletConnectRelayUrl: relayUrl,
        appearance: { walletList: list },
      }),
    [PROJECT_ID, relay.url, walletList] as const,
  );
}

const connected = (page: Page) =>
  page.evaluate(() =>
    window.LoginWidget.$wallets
      .get()
      .map((w: { address: string; connectorType: string }) => [w.address, w.connectorType]),
  );

const loggedIn = (page: Page) => page.evaluate(() => window.LoginWidget.authenticated);

describe('WalletConnect in Chromium through a local relay', () => {
  it('desktop: our QR code pairs a real wallet, which signs in; Copy link copies the same URI', async () => {
    const { page, context, url } = await openPage('/wc-desktop', ['wallet_connect']);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(url).origin });
    await page.click('#login');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'WalletConnect' }).click();
    await expect.poll(() => dialog.getByRole('heading', { name: 'Scan with WalletConnect' }).count()).toBe(1);
    const qr = dialog.getByRole('img', { name: 'WalletConnect QR code' });
    await qr.waitFor({ timeout: 30_000 });
    // §9: the code itself is drawn 160 px square, inside its white frame (padding and border).
    const drawn = await qr.evaluate((svg) => {
      const style = getComputedStyle(svg);
      const box = svg.getBoundingClientRect();
      const frame = (a: string, b: string) =>
        Number.parseFloat(style.getPropertyValue(a)) + Number.parseFloat(style.getPropertyValue(b));
      return {
        width:
          box.width -
          frame('padding-left', 'padding-right') -
          frame('border-left-width', 'border-right-width'),
        height:
          box.height -
          frame('padding-top', 'padding-bottom') -
          frame('border-top-width', 'border-bottom-width'),
      };
    });
    expect(drawn).toEqual({ width: 160, height: 160 });
    const uri = await scan(qr);
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/);
    expect(new URL(uri.replace('wc:', 'wc://')).searchParams.get('relay-protocol')).toBe('irn');

    await dialog.getByRole('button', { name: 'Copy link' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(uri);

    const phone = await wallet();
    await phone.pair(uri);
    await expect.poll(() => loggedIn(page), { timeout: 30_000 }).toBe(true);
    const [request] = phone.requests.items;
    expect(request?.method).toBe('personal_sign');
    const user = await page.evaluate(() => window.LoginWidget.user);
    expect(user?.linkedAccounts).toContainEqual(
      expect.objectContaining({ type: 'wallet', address: phone.signer.address }),
    );
    expect(await connected(page)).toEqual([[phone.signer.address, 'wallet_connect']]);

    // Remembered: after a reload the session comes back from the browser's storage, no new pairing.
    await page.reload();
    await configure(page, ['wallet_connect']);
    await expect
      .poll(() => connected(page), { timeout: 30_000 })
      .toEqual([[phone.signer.address, 'wallet_connect']]);
    await context.close();
  });

  it('a wallet that rejects the pairing: You rejected the request; Retry shows a new code that pairs', async () => {
    const { page, context } = await openPage('/wc-reject', ['wallet_connect']);
    await page.click('#login');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'WalletConnect' }).click();
    const qr = dialog.getByRole('img', { name: 'WalletConnect QR code' });
    await qr.waitFor({ timeout: 30_000 });
    const first = await scan(qr);
    const phone = await wallet();
    phone.reject.proposal = true;
    await phone.pair(first);
    await dialog.getByText('You rejected the request').waitFor({ timeout: 30_000 });
    phone.reject.proposal = false;
    await dialog.getByRole('button', { name: 'Retry' }).click();
    await qr.waitFor({ timeout: 30_000 });
    const second = await scan(qr);
    expect(second).not.toBe(first);
    await phone.pair(second);
    await expect.poll(() => loggedIn(page), { timeout: 30_000 }).toBe(true);
    await context.close();
  });

  it('on a phone: the wallets as deep links carrying the pairing URI; following one pairs and signs in', async () => {
    const { page, context } = await openPage('/wc-mobile', ['rainbow', 'wallet_connect'], {
      userAgent: IPHONE,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await page.click('#login');
    const dialog = page.getByRole('dialog');
    // Rainbow is not installed here: its entry pairs through WalletConnect with Rainbow's own link.
    await dialog.getByRole('button', { name: 'Rainbow' }).click();
    const open = dialog.getByRole('link', { name: 'Open Rainbow' });
    await open.waitFor({ timeout: 30_000 });
    const href = (await open.getAttribute('href')) ?? '';
    expect(href).toMatch(/^https:\/\/rnbwapp\.com\/wc\?uri=wc%3A/);
    expect(await open.getAttribute('target')).toBe('_blank');
    const uri = new URL(href).searchParams.get('uri') ?? '';
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/);

    // Back to the list, any wallet: the registry's wallets, each a link with the same URI.
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByRole('button', { name: 'WalletConnect' }).click();
    const metamask = dialog.getByRole('link', { name: 'MetaMask' });
    await metamask.waitFor({ timeout: 30_000 });
    expect(await dialog.getByRole('link').count()).toBeGreaterThanOrEqual(45);
    const metamaskUri = new URL((await metamask.getAttribute('href')) ?? '').searchParams.get('uri');
    expect(metamaskUri).toBe(uri);

    const phone = await wallet();
    await phone.pair(uri);
    await expect.poll(() => loggedIn(page), { timeout: 30_000 }).toBe(true);
    await context.close();
  });
});
