import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HostKeys } from '../support/host-keys.js';
import { openHostPage, seenEvents } from './steps.js';
import { startWorld, type World } from './world.js';

let world: World;
let keys: HostKeys;

beforeAll(async () => {
  keys = await HostKeys.start();
  world = await startWorld({ settings: keys.settings });
});

afterAll(async () => {
  await world?.stop();
  await keys?.stop();
});

/** The host page's own login state: a token it keeps (maybe already there), and customAuth reading it. */
async function useHostLogin(page: Page, token: string | null = null): Promise<void> {
  await page.evaluate((initial) => {
    const host = window as unknown as { hostToken: string | null };
    host.hostToken = initial;
    return window.LoginWidget.init({ customAuth: { getCustomAccessToken: async () => host.hostToken } });
  }, token);
}

/** The host logs its user in or out, then the visitor comes back to the tab (focus). */
async function setHostToken(page: Page, token: string | null): Promise<void> {
  await page.evaluate((value) => {
    (window as unknown as { hostToken: string | null }).hostToken = value;
    window.dispatchEvent(new Event('focus'));
  }, token);
}

describe('custom auth: the host page logs its users in with its own token', () => {
  it('follows the host: its token logs the widget in (no modal), its absence logs it out', async () => {
    const { page, context, pageErrors } = await openHostPage(world, '/custom.html');
    await useHostLogin(page);
    expect(await page.evaluate(() => window.LoginWidget.authenticated)).toBe(false);

    await setHostToken(page, await keys.sign({ sub: 'shopper-7' }));
    await expect
      .poll(() => page.evaluate(() => window.LoginWidget.authenticated), { timeout: 10_000 })
      .toBe(true);
    const success = await page.evaluate(
      () => window.seen.find((e: { name: string }) => e.name === 'login:success')?.detail,
    );
    expect(success.loginMethod).toBe('custom');
    expect(success.isNewUser).toBe(true);
    expect(success.user.linkedAccounts).toEqual([
      expect.objectContaining({ type: 'custom_auth', customUserId: 'shopper-7' }),
    ]);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.evaluate(() => window.LoginWidget.getAccessToken())).toMatch(/^ey/);

    // A reload keeps the session; init() with the same token does not log in again.
    await page.reload();
    await page.evaluate(() => window.LoginWidget.ready);
    await useHostLogin(page, await keys.sign({ sub: 'shopper-7' }));
    expect(await page.evaluate(() => window.LoginWidget.authenticated)).toBe(true);
    expect(await seenEvents(page)).toEqual([]);

    await setHostToken(page, null);
    await expect
      .poll(() => page.evaluate(() => window.LoginWidget.authenticated), { timeout: 10_000 })
      .toBe(false);
    expect(await seenEvents(page)).toEqual(['logout']);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a token the provider refuses (expired) does not log in, and the page hears why', async () => {
    const { page, context } = await openHostPage(world, '/custom-expired.html');
    await useHostLogin(page);
    await setHostToken(page, await keys.sign({ sub: 'shopper-8', exp: Math.floor(Date.now() / 1000) - 60 }));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await page.evaluate(() => window.LoginWidget.authenticated)).toBe(false);
    const refused = await page.evaluate(() => window.seen.map((e: { name: string; detail: unknown }) => e));
    expect(refused).toEqual([
      {
        name: 'login:error',
        detail: { code: 'invalid_credentials', message: 'Invalid custom auth token: the token has expired.' },
      },
    ]);
    await context.close();
  });
});
