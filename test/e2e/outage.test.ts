/**
 * The provider unreachable: stopped before the first opening of the modal, between the
 * widget's files, in the middle of a login and on a wallet call. Every call rejects with one clear
 * error (code provider_unreachable), the open modal says so with Retry (before its files ever came,
 * the widget's own small dialog does), nothing uncaught reaches the host page, and once the
 * provider is back (restarted on the same port) Retry works.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hostPage } from './pages.js';
import { startWorld, type World } from './world.js';

const UNREACHABLE = { code: 'provider_unreachable', message: 'The login service could not be reached' };

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world?.stop());

/**
 * A host page that records what would reach it uncaught: page errors and unhandled rejections.
 * `preload`: the tag's data-preload; 'none' keeps the modal's files on the provider until the
 * first opening (by default they are fetched once the page is idle).
 */
async function openPage(path: string, preload?: 'none') {
  const html = hostPage({ loaderUrl: `${world.provider.url}/loader.js`, appId: world.appId });
  const url = world.site.set(path, {
    html: preload ? html.replace(' data-app-id=', ` data-preload="${preload}" data-app-id=`) : html,
  });
  const context = await world.browser.newContext();
  await context.addInitScript(() => {
    const unhandled: string[] = [];
    (window as unknown as { unhandled: string[] }).unhandled = unhandled;
    window.addEventListener('unhandledrejection', (event) => unhandled.push(String(event.reason)));
  });
  const page = await context.newPage();
  const uncaught: string[] = [];
  page.on('pageerror', (error) => uncaught.push(error.message));
  await page.goto(url);
  await page.evaluate(() => window.LoginWidget.ready);
  const nothingUncaught = async () => {
    const unhandled = await page.evaluate(() => (window as unknown as { unhandled: string[] }).unhandled);
    expect([...uncaught, ...unhandled]).toEqual([]);
  };
  return { page, context, nothingUncaught };
}

/** A call of window.LoginWidget, as `{ code, message }` when it rejects. */
const call = (page: Page, method: string, ...args: unknown[]) =>
  page.evaluate(
    ([name, rest]) =>
      (window.LoginWidget[name as string](...(rest as unknown[])) as Promise<unknown>).then(
        () => 'resolved',
        (error: { code?: string; message?: string }) => ({ code: error.code, message: error.message }),
      ),
    [method, args] as const,
  );

it('stopped before the first opening: login() rejects clearly and the widget says so; Retry opens the modal once back', async () => {
  const { page, context, nothingUncaught } = await openPage('/outage-before', 'none');
  // The widget's own small dialog: the modal's files (and their screens) never arrived.
  const outage = page.getByRole('alertdialog', { name: UNREACHABLE.message });
  await world.provider.stop();
  try {
    expect(await call(page, 'login')).toEqual(UNREACHABLE);
    await expect.poll(() => outage.isVisible()).toBe(true);
    expect(await outage.getByText('Check your connection, then retry.').isVisible()).toBe(true);
    const focused = () => outage.getByRole('button', { name: 'Retry' }).evaluate((b) => b.matches(':focus'));
    expect(await focused()).toBe(true);
    await page.screenshot({ path: 'test-results/outage-before-first-opening.png' });
    // Retry while the provider is still away: the same dialog again, no modal.
    await outage.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(focused).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => outage.count()).toBe(0);
    expect(await call(page, 'signMessage', 'hello')).toEqual(UNREACHABLE);
    expect(await call(page, 'connectWallet')).toEqual(UNREACHABLE);
    expect(await call(page, 'login')).toEqual(UNREACHABLE);
    await expect.poll(() => outage.isVisible()).toBe(true);
    await outage.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => outage.count()).toBe(0);
    expect(await call(page, 'login')).toEqual(UNREACHABLE);
    await expect.poll(() => outage.isVisible()).toBe(true);
  } finally {
    await world.provider.start();
  }
  // Back: Retry fetches the modal's files and opens it at LANDING.
  await outage.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => page.getByRole('dialog').getByText('Log in or sign up').isVisible()).toBe(true);
  expect(await outage.count()).toBe(0);
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  expect(await call(page, 'login')).toBe('resolved');
  await expect.poll(() => page.getByRole('dialog').getByText('Log in or sign up').isVisible()).toBe(true);
  await nothingUncaught();
  await context.close();
});

it('stopped after the idle prefetch: login() still opens LANDING, with no request', async () => {
  const { page, context, nothingUncaught } = await openPage('/outage-after-prefetch');
  await expect
    .poll(() =>
      page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/modal-'))),
    )
    .toBe(true);
  await world.provider.stop();
  try {
    expect(await call(page, 'login')).toBe('resolved');
    await expect.poll(() => page.getByRole('dialog').getByText('Log in or sign up').isVisible()).toBe(true);
  } finally {
    await world.provider.start();
  }
  await nothingUncaught();
  await context.close();
});

it('stopped mid-login: the error screen says so with Retry; back, Retry sends the code and the login completes', async () => {
  const { page, context, nothingUncaught } = await openPage('/outage-mid-flow');
  await page.click('#login');
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.getByText('Log in or sign up').isVisible()).toBe(true);
  await world.provider.stop();
  const email = 'outage@example.com';
  try {
    await dialog.getByRole('textbox', { name: 'Email address' }).fill(email);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => dialog.getByText(UNREACHABLE.message).isVisible()).toBe(true);
  } finally {
    await world.provider.start();
  }
  const since = world.mailbox.messages.length;
  await dialog.getByRole('button', { name: 'Retry' }).click();
  // The code screen first: when no mail comes, the failure says what the visitor saw instead.
  await expect
    .poll(() => dialog.getByRole('textbox', { name: 'Digit 1' }).isVisible(), {
      message: 'the code screen after Retry',
      timeout: 15_000,
    })
    .toBe(true);
  const code = await world.mailbox.codeFor(email, since);
  await dialog.getByRole('textbox', { name: 'Digit 1' }).click();
  await page.keyboard.type(code);
  await expect.poll(() => page.evaluate(() => window.LoginWidget.authenticated)).toBe(true);
  await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(0);

  // A wallet call after the provider went away: the one clear error, nothing uncaught.
  await world.provider.stop();
  try {
    expect(await call(page, 'signMessage', 'hello')).toEqual(UNREACHABLE);
    // A screen whose file does not arrive: ERROR_SCREEN with Retry, not a blank modal.
    expect(await call(page, 'linkEmail')).toBe('resolved');
    await expect.poll(() => dialog.getByText(UNREACHABLE.message).isVisible()).toBe(true);
  } finally {
    await world.provider.start();
  }
  await dialog.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => dialog.getByText('Link your email').isVisible()).toBe(true);
  await nothingUncaught();
  await context.close();
});

it("the code flow's file did not arrive: Retry fetches it and sends the code", async () => {
  const { page, context, nothingUncaught } = await openPage('/outage-code-flow');
  // Only the file of the email/SMS code flow fails (the after-paint preload meets it too), as when
  // the provider goes away after LANDING has loaded and before that file has.
  const codeFlow = /\/lazy\/passwordless-[^/]+\.js$/;
  await page.route(codeFlow, (route) => route.abort('connectionrefused'));
  await page.click('#login');
  const dialog = page.getByRole('dialog');
  const email = 'code-flow@example.com';
  await dialog.getByRole('textbox', { name: 'Email address' }).fill(email);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect.poll(() => dialog.getByText(UNREACHABLE.message).isVisible()).toBe(true);
  await page.unroute(codeFlow);
  const since = world.mailbox.messages.length;
  await dialog.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => dialog.getByRole('textbox', { name: 'Digit 1' }).isVisible()).toBe(true);
  const code = await world.mailbox.codeFor(email, since);
  await dialog.getByRole('textbox', { name: 'Digit 1' }).click();
  await page.keyboard.type(code);
  await expect.poll(() => page.evaluate(() => window.LoginWidget.authenticated)).toBe(true);
  await nothingUncaught();
  await context.close();
});
