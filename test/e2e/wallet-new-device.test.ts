import { ethers } from 'ethers';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInByEmail } from './steps.js';
import { frameRequest, framingPage, type HostWindow } from './wallet-frames.js';
import {
  ALICE,
  browser,
  contexts,
  frameUrl,
  logInAndCreate,
  MAX_AUTH_AGE_SECONDS,
  NEW_DEVICE_MAIL,
  openWalletPage,
  signOnPage,
  useWalletWorld,
  walletOf,
  world,
} from './wallet-world.js';

useWalletWorld();

/** The `auth_time` claim (unix seconds) of an access token. */
function authTimeOf(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
  return payload.auth_time as number;
}

describe('the embedded wallet on the dev chain', () => {
  let page: Page;
  let alice: string;

  let loggedIn: Promise<void> | undefined;
  /** Alice logged in on a page, with the wallet created on that login (once, by the first test that asks). */
  const aliceOnAPage = () =>
    (loggedIn ??= (async () => {
      ({ page } = await openWalletPage('/shop.html'));
      alice = await logInAndCreate(page, ALICE);
    })());

  it('refuses the recovery to a new browser context holding only an old token', async () => {
    await aliceOnAPage();
    // A token as a script on the page could take it, used in another browser's wallet frame once
    // its login is older than the limit (auth_time is the provider's clock at the code's check,
    // seconds after the page opened; refreshes keep it).
    const takeToken = () => page.evaluate(() => window.LoginWidget.getAccessToken() as Promise<string>);
    const wait = (authTimeOf(await takeToken()) + MAX_AUTH_AGE_SECONDS + 2) * 1000 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const stolen = await takeToken();
    const context = await browser.newContext();
    contexts.push(context);
    const thief = await context.newPage();
    await thief.goto(framingPage(world.site, '/thief.html', frameUrl(world.site.origin)));
    await expect
      .poll(() => thief.evaluate(() => (window as HostWindow).hostMessages.length), { timeout: 10_000 })
      .toBeGreaterThan(0);
    const request = { accessToken: stolen, address: alice };
    await thief.evaluate(
      ([message, origin]) =>
        (document.getElementById('wallet') as HTMLIFrameElement).contentWindow?.postMessage(message, origin),
      [
        { source: 'gatehouse', id: 'stolen', type: 'wallet:recover', data: request },
        world.provider.url,
      ] as const,
    );
    await expect
      .poll(
        async () =>
          (await thief.evaluate(() => (window as HostWindow).hostMessages))
            .filter((m) => m.data.includes('"stolen"'))
            .map((m) => JSON.parse(m.data).error?.type),
        { timeout: 15_000 },
      )
      .toEqual(['recent_login_required']);
  });

  it('recovers the wallet silently on a fresh browser context after a login, signs with it, and the user is mailed; revoked by the first browser, it gets no share', async () => {
    await aliceOnAPage();
    const fresh = await openWalletPage('/shop-again.html');
    const since = world.mailbox.messages.length;
    await logInByEmail(world, fresh.page, ALICE);
    await expect
      .poll(() => fresh.page.evaluate(() => window.LoginWidget.authenticated), { timeout: 10_000 })
      .toBe(true);
    expect((await walletOf(fresh.page)).active?.address).toBe(alice);
    const message = 'Back on a new device';
    const signature = await signOnPage(fresh.page, message);
    expect(ethers.verifyMessage(message, signature)).toBe(alice);
    // Recovered silently: no password was asked, no wallet created again.
    expect(await fresh.page.evaluate(() => (window as HostWindow).walletEvents.length)).toBe(0);
    expect(fresh.pageErrors).toEqual([]);
    const mail = await world.mailbox.waitFor(ALICE, since, 15_000, NEW_DEVICE_MAIL);
    expect(mail.raw).toContain(alice);
    // The creating browser and every one that recovered (each mailed) are listed; this one is `current`.
    // (Where the browser refuses storage to the frame, as this Chromium does, the export view, a page of
    // its own, recovered as a device too.)
    const devices = await fresh.page.evaluate(() => window.LoginWidget.getWalletDevices());
    const mailed = world.mailbox.messages.filter(
      (m) => m.to.includes(ALICE) && NEW_DEVICE_MAIL.test(m.subject),
    );
    expect(devices).toHaveLength(mailed.length + 1);
    expect(devices.filter((d: { current: boolean }) => d.current)).toHaveLength(1);
    expect(devices.at(-1)?.current).toBe(true);

    // The first browser revokes this one: it is no longer listed, and its frame gets no auth share.
    const revokedId = devices.at(-1)?.id as string;
    const left = await page.evaluate((id) => window.LoginWidget.revokeWalletDevice(id), revokedId);
    expect(left.map((d: { id: string }) => d.id)).not.toContain(revokedId);
    const refused = await frameRequest(fresh.page, 'revoked', 'wallet:rpc', {
      address: alice,
      request: { method: 'personal_sign', params: ['0x1234', alice] },
    });
    expect(refused.error?.type).toBe('wallet_not_on_device');
  });

  it('after logout in the page, the frame refuses to sign with the old token within the same second', async () => {
    await aliceOnAPage();
    const outcome = await page.evaluate(async (address) => {
      const token = await window.LoginWidget.getAccessToken();
      const frame = [...document.querySelectorAll('iframe')].find((f) =>
        f.src.includes('/embedded-wallets?'),
      );
      if (!frame?.contentWindow) throw new Error('no wallet frame');
      await window.LoginWidget.logout();
      const started = Date.now();
      const reply = new Promise<{ data?: unknown; error?: { type: string; message: string } }>((resolve) => {
        window.addEventListener('message', (event) => {
          if (event.data?.id === 'after-logout') resolve(event.data);
        });
      });
      const request = { method: 'personal_sign', params: ['0x1234', address] };
      frame.contentWindow.postMessage(
        {
          source: 'gatehouse',
          id: 'after-logout',
          type: 'wallet:rpc',
          data: { accessToken: token, address, request },
        },
        new URL(frame.src).origin,
      );
      const answer = await reply;
      return { answer, elapsed: Date.now() - started };
    }, alice);
    expect(outcome.answer.data).toBeUndefined();
    expect(outcome.answer.error).toEqual({ type: 'error', message: 'Missing or invalid token.' });
    expect(outcome.elapsed).toBeLessThan(1000);
  });
});
