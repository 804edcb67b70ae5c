import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_TOKEN_TTL_SECONDS, STORAGE_KEYS } from '../../src/protocol/constants.js';
import { launchChromium } from '../support/browser.js';
import { HostSite } from '../support/host.js';
import { Mailbox } from '../support/mailbox.js';
import { freePort, Provider } from '../support/provider.js';
import { hostPage } from './pages.js';
import { logInByEmail } from './steps.js';

/**
 * Same-site cookie mode in real Chromium (§4.1, §9; docs/guide/session-storage.md): the host page on
 * app.example.com and the provider on auth.example.com, both mapped to loopback. (Chromium treats
 * app.localhost and auth.localhost as different sites, as `localhost` is no public suffix; a
 * registrable domain under a real one is needed.) Plain http, which Chromium is told to treat as
 * secure for exactly these two origins, so that it keeps Secure cookies as on an https site.
 */
const DOMAIN = 'example.com';

let mailbox: Mailbox;
let site: HostSite;
let provider: Provider;
let browser: Browser;
let appId: string;
let hostOrigin: string;
let providerOrigin: string;

beforeAll(async () => {
  mailbox = new Mailbox();
  await mailbox.start();
  site = new HostSite();
  await site.start();
  hostOrigin = `http://app.${DOMAIN}:${site.port}`;
  const port = await freePort();
  providerOrigin = `http://auth.${DOMAIN}:${port}`;
  provider = new Provider({ smtpUrl: mailbox.url, env: { GATEHOUSE_PUBLIC_URL: providerOrigin } });
  provider.port = port;
  appId = await provider.createApp('Acme Shop', [hostOrigin]);
  await provider.cli('apps', 'set', appId, `session_cookie_domain=${DOMAIN}`);
  await provider.start();
  browser = await launchChromium({
    args: [
      `--host-resolver-rules=MAP app.${DOMAIN} 127.0.0.1, MAP auth.${DOMAIN} 127.0.0.1`,
      `--unsafely-treat-insecure-origin-as-secure=${hostOrigin},${providerOrigin}`,
    ],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await provider?.dispose();
  await site?.stop();
  await mailbox?.stop();
});

const refreshName = () => `gatehouse_refresh_${appId}`;
const accessName = () => `gatehouse_access_${appId}`;

async function cookieNamed(context: BrowserContext, name: string, url?: string) {
  return (await context.cookies(url)).find((cookie) => cookie.name === name);
}

const storedEntries = (page: Page) => page.evaluate(() => Object.entries(localStorage));

describe('same-site cookie mode in Chromium', () => {
  it('keeps the refresh token out of the page, survives a reload by the cookie, and clears the cookies on logout', async () => {
    site.set('/shop.html', { html: hostPage({ loaderUrl: `${providerOrigin}/loader.js`, appId }) });
    const context = await browser.newContext();
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${hostOrigin}/shop.html`);
    await page.evaluate(() => window.LoginWidget.ready);
    await logInByEmail({ mailbox }, page, 'alice@example.com');
    await expect
      .poll(() => page.evaluate(() => window.LoginWidget.authenticated), { timeout: 10_000 })
      .toBe(true);

    // The refresh token: only in an HttpOnly cookie of the provider's host, for 30 days.
    const refresh = await cookieNamed(context, refreshName());
    expect(refresh).toMatchObject({
      domain: `auth.${DOMAIN}`,
      path: '/api/v1/sessions',
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
    });
    expect(refresh?.expires).toBeCloseTo(Date.now() / 1000 + REFRESH_TOKEN_TTL_SECONDS, -2);
    const stored = await storedEntries(page);
    expect(stored.map(([key]) => key)).not.toContain(STORAGE_KEYS.refreshToken);
    expect(stored.some(([, value]) => value.includes(refresh?.value as string))).toBe(false);
    expect(await page.evaluate(() => document.cookie)).not.toContain('gatehouse_refresh');

    // The access token: a cookie on the shared domain, expiring with the token.
    const token = await page.evaluate(() => window.LoginWidget.getAccessToken());
    const access = await cookieNamed(context, accessName());
    expect(access).toMatchObject({
      value: token,
      domain: `.${DOMAIN}`,
      path: '/',
      secure: true,
      sameSite: 'Lax',
    });
    const exp = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).exp;
    expect(access?.expires).toBeCloseTo(exp, -1);

    // A reload keeps the session: the widget refreshes by the cookie, which rotates. The host's own
    // backend receives the access token with the page request, and never the refresh token.
    const navigation = page.waitForRequest(`${hostOrigin}/shop.html`);
    await page.reload();
    const sent = (await (await navigation).allHeaders()).cookie ?? '';
    expect(sent).toBe(`${accessName()}=${token}`);
    await page.evaluate(() => window.LoginWidget.ready);
    expect(await page.evaluate(() => window.LoginWidget.authenticated)).toBe(true);
    expect(await page.evaluate(() => window.LoginWidget.user?.email?.address)).toBe('alice@example.com');
    const rotated = await cookieNamed(context, refreshName());
    expect(rotated?.value).toBeTruthy();
    expect(rotated?.value).not.toBe(refresh?.value);
    expect((await storedEntries(page)).map(([key]) => key)).not.toContain(STORAGE_KEYS.refreshToken);

    // Logout clears both cookies; the next visit is logged out.
    await page.click('#logout');
    await expect.poll(() => page.evaluate(() => window.LoginWidget.authenticated)).toBe(false);
    await expect.poll(async () => (await context.cookies()).map((cookie) => cookie.name)).toEqual([]);
    await page.reload();
    await page.evaluate(() => window.LoginWidget.ready);
    expect(await page.evaluate(() => window.LoginWidget.authenticated)).toBe(false);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 60_000);
});
