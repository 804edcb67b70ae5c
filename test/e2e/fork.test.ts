import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HostSite } from '../support/host.js';
import { hostPage } from './pages.js';
import { logInByEmail, openHostPage } from './steps.js';
import { startWorld, type World } from './world.js';

let world: World;
/** The same app's second site, on another origin. */
let other: HostSite;

beforeAll(async () => {
  other = new HostSite();
  await other.start();
  world = await startWorld({ otherOrigins: [other.origin] });
});

afterAll(async () => {
  await world?.stop();
  await other?.stop();
});

describe('session fork: handing the login to another origin with ?gatehouse_token=', () => {
  it('the other page starts logged in as the same user, the token leaves its address, and each page logs out alone', async () => {
    const { page, context } = await openHostPage(world, '/checkout.html');
    await logInByEmail(world, page, 'alice@example.com');
    await expect
      .poll(() => page.evaluate(() => window.LoginWidget.authenticated), { timeout: 10_000 })
      .toBe(true);
    const userId = await page.evaluate(() => window.LoginWidget.user?.id);
    const handed = await page.evaluate(() => window.LoginWidget.forkSession());
    expect(handed).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const url = other.set('/account.html', {
      html: hostPage({ loaderUrl: `${world.provider.url}/loader.js`, appId: world.appId }),
    });
    const second = await world.browser.newContext();
    const otherPage = await second.newPage();
    await otherPage.goto(`${url}?tab=orders&gatehouse_token=${encodeURIComponent(handed)}`);
    await otherPage.evaluate(() => window.LoginWidget.ready);
    expect(await otherPage.evaluate(() => window.LoginWidget.authenticated)).toBe(true);
    expect(await otherPage.evaluate(() => window.LoginWidget.user?.id)).toBe(userId);
    expect(await otherPage.evaluate(() => location.search)).toBe('?tab=orders');

    // The handed token was spent: opening the link again gives nothing to a fresh browser.
    const third = await world.browser.newContext();
    const replay = await third.newPage();
    await replay.goto(`${url}?gatehouse_token=${encodeURIComponent(handed)}`);
    await replay.evaluate(() => window.LoginWidget.ready);
    expect(await replay.evaluate(() => window.LoginWidget.authenticated)).toBe(false);

    // Logging out on the other origin leaves the first page logged in.
    await otherPage.click('#logout');
    await expect.poll(() => otherPage.evaluate(() => window.LoginWidget.authenticated)).toBe(false);
    await page.reload();
    await page.evaluate(() => window.LoginWidget.ready);
    expect(await page.evaluate(() => window.LoginWidget.authenticated)).toBe(true);
    await Promise.all([context.close(), second.close(), third.close()]);
  });

  it('forkSession() refuses when nobody is logged in', async () => {
    const { page, context } = await openHostPage(world, '/anonymous.html');
    const outcome = await page.evaluate(() =>
      window.LoginWidget.forkSession().then(
        () => 'resolved',
        (error: { code?: string; message: string }) => `${error.code}: ${error.message}`,
      ),
    );
    expect(outcome).toBe('must_be_authenticated: User must be authenticated');
    await context.close();
  });
});
