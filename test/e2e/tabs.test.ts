/**
 * Tabs agree: two tabs of one host page in one browser. A login in one reaches the
 * other within a second; a logout in one logs the other out within a second ('logout' fires
 * there), and its wallet call then rejects at once instead of waiting on the wallet.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hostPage } from './pages.js';
import { logInByEmail } from './steps.js';
import { startWorld, type World } from './world.js';

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world?.stop());

it('a login and a logout in one tab reach the other tab within a second', async () => {
  const url = world.site.set('/tabs', {
    html: hostPage({ loaderUrl: `${world.provider.url}/loader.js`, appId: world.appId }),
  });
  const context = await world.browser.newContext();
  const [first, second] = [await context.newPage(), await context.newPage()];
  const pageErrors: string[] = [];
  for (const tab of [first, second]) {
    tab.on('pageerror', (error) => pageErrors.push(error.message));
    await tab.goto(url);
    await tab.evaluate(() => window.LoginWidget.ready);
  }
  const authenticated = () => second.evaluate(() => window.LoginWidget.authenticated);
  expect(await authenticated()).toBe(false);

  await logInByEmail(world, first, 'tabs@example.com');
  await expect.poll(() => first.evaluate(() => window.LoginWidget.authenticated)).toBe(true);
  await expect.poll(authenticated, { timeout: 1_000, interval: 50 }).toBe(true);
  expect(await second.evaluate(() => window.LoginWidget.user?.email?.address)).toBe('tabs@example.com');

  await first.evaluate(() => window.LoginWidget.logout());
  await expect.poll(authenticated, { timeout: 1_000, interval: 50 }).toBe(false);
  expect(await second.evaluate(() => window.seen.map((e: { name: string }) => e.name))).toContain('logout');
  const refused = await second.evaluate(() =>
    window.LoginWidget.signMessage('hello').then(
      () => 'signed',
      (error: { code?: string }) => error.code,
    ),
  );
  expect(refused).toBe('must_be_authenticated');
  expect(await second.evaluate(() => window.LoginWidget.getAccessToken())).toBeNull();
  expect(pageErrors).toEqual([]);
  await context.close();
});
