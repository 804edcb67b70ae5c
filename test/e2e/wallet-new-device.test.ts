import { ethers } from 'ethers';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInByEmail } from './steps.js';
import { surfaceSays, verifyByEmail } from './surface-steps.js';
import { frameRequest, framingPage, type HostWindow } from './wallet-frames.js';
import {
  ALICE,
  browser,
  clickInSurface,
  contexts,
  frameUrl,
  logInAndCreate,
  NEW_DEVICE_MAIL,
  openWalletPage,
  useWalletWorld,
  waitForDialog,
  waitForNoDialog,
  walletOf,
  world,
} from './wallet-world.js';

useWalletWorld();

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

  it('a new browser context holding only a token gets no share: its recovery waits on a step-up', async () => {
    await aliceOnAPage();
    // A token as a script on the page could take it, used in another browser's wallet frame.
    const stolen = await page.evaluate(() => window.LoginWidget.getAccessToken() as Promise<string>);
    const context = await browser.newContext();
    contexts.push(context);
    const thief = await context.newPage();
    await thief.goto(framingPage(world.site, '/thief.html', frameUrl(world.site.origin)));
    await expect
      .poll(() => thief.evaluate(() => (window as HostWindow).hostMessages.length), { timeout: 10_000 })
      .toBeGreaterThan(0);
    const post = (message: Record<string, unknown>) =>
      thief.evaluate(
        ([data, origin]) =>
          (document.getElementById('wallet') as HTMLIFrameElement).contentWindow?.postMessage(data, origin),
        [{ source: 'gatehouse', ...message }, world.provider.url] as const,
      );
    const replies = async (id: string) =>
      (await thief.evaluate(() => (window as HostWindow).hostMessages))
        .map((m) => JSON.parse(m.data))
        .filter((m) => m.id === id);
    const request = { accessToken: stolen, address: alice };
    // Asked not to bother the user, the frame refuses outright.
    await post({ id: 'quiet', type: 'wallet:recover', quiet: true, data: request });
    await expect
      .poll(async () => (await replies('quiet')).map((m) => m.error?.type), { timeout: 15_000 })
      .toEqual(['user_action_required']);
    // Asked plainly, it waits on 'Verify it's you' in a surface (a code only Alice can read) and
    // answers nothing until then; given up, it answers user_rejected, without a share.
    await post({ id: 'plain', type: 'wallet:recover', data: request });
    await expect
      .poll(async () => (await replies('plain')).map((m) => [m.type, m.prompt?.kind, m.prompt?.purpose]), {
        timeout: 15_000,
      })
      .toEqual([['gatehouse:prompt', 'verify', 'new_device']]);
    await thief.waitForTimeout(1000);
    await post({ id: 'give-up', type: 'wallet:cancel', data: { request: 'plain' } });
    await expect
      .poll(async () => (await replies('plain')).map((m) => m.error?.type ?? m.type), { timeout: 15_000 })
      .toEqual(['gatehouse:prompt', 'user_rejected']);
    expect((await replies('plain')).some((m) => m.data !== undefined)).toBe(false);
  });

  it('recovers the wallet on a fresh browser context after the code mailed to the old email, signs with it, and the user is mailed; revoked by the first browser, it gets no share', async () => {
    await aliceOnAPage();
    const fresh = await openWalletPage('/shop-again.html');
    const since = world.mailbox.messages.length;
    await logInByEmail(world, fresh.page, ALICE);
    await expect
      .poll(() => fresh.page.evaluate(() => window.LoginWidget.authenticated), { timeout: 10_000 })
      .toBe(true);
    expect((await walletOf(fresh.page)).active?.address).toBe(alice);
    const message = 'Back on a new device';
    const signature = fresh.page.evaluate(
      (m) => window.LoginWidget.signMessage(m) as Promise<string>,
      message,
    );
    // 'Load your account': a login is not enough; the email Alice had before this login confirms it.
    await waitForDialog(fresh.page, 'Load your account', 20_000);
    const asked = await surfaceSays(
      fresh.page,
      'Your wallet is being loaded on this device for the first time.',
    );
    expect(asked).toContain("Verify it's you");
    await verifyByEmail(fresh.page, world.mailbox, ALICE);
    await waitForDialog(fresh.page, 'Sign message', 20_000);
    await surfaceSays(fresh.page, message);
    await clickInSurface(fresh.page, 'Sign');
    expect(ethers.verifyMessage(message, await signature)).toBe(alice);
    await waitForNoDialog(fresh.page);
    // No password was asked, no wallet created again.
    expect(await fresh.page.evaluate(() => (window as HostWindow).walletEvents.length)).toBe(0);
    expect(fresh.pageErrors).toEqual([]);
    const mail = await world.mailbox.waitFor(ALICE, since, 15_000, NEW_DEVICE_MAIL);
    expect(mail.raw).toContain(alice);
    // The creating browser and every one that recovered (each mailed) are listed; this one is `current`.
    const devices = await fresh.page.evaluate(() => window.LoginWidget.getWalletDevices());
    const mailed = world.mailbox.messages.filter(
      (m) => m.to.includes(ALICE) && NEW_DEVICE_MAIL.test(m.subject),
    );
    expect(devices).toHaveLength(mailed.length + 1);
    expect(devices.filter((d: { current: boolean }) => d.current)).toHaveLength(1);
    expect(devices.at(-1)?.current).toBe(true);

    // The first browser revokes this one: it is no longer listed, and its frame gets no auth share
    // (loading the key, as every signature does once approved, finds it not on this device).
    const revokedId = devices.at(-1)?.id as string;
    const left = await page.evaluate((id) => window.LoginWidget.revokeWalletDevice(id), revokedId);
    expect(left.map((d: { id: string }) => d.id)).not.toContain(revokedId);
    const refused = await frameRequest(fresh.page, 'revoked', 'wallet:connect', { address: alice });
    expect(refused.error?.type).toBe('wallet_not_on_device');
  });

  it('after logout in the page, the frame gets no share with the old token within the same second', async () => {
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
      // A signature would wait on the user's click in a surface first; loading the key (what
      // every signature does after it) asks the provider at once.
      frame.contentWindow.postMessage(
        {
          source: 'gatehouse',
          id: 'after-logout',
          type: 'wallet:connect',
          data: { accessToken: token, address },
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
