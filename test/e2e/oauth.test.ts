import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostSite } from '../support/host.js';
import { LocalIdentityProviders } from '../support/idp.js';
import type { Provider } from '../support/provider.js';
import { hostPage } from './pages.js';
import { startWorld, type World } from './world.js';

let world: World;
let site: HostSite;
let provider: Provider;
let idp: LocalIdentityProviders;
let browser: Browser;
let appId: string;

beforeAll(async () => {
  world = await startWorld();
  ({ site, provider, browser, appId } = world);
  idp = new LocalIdentityProviders(`${provider.url}/api/v1/oauth/callback`);
  await idp.start();
  // What a site owner does: switch Google on and give the provider its client (here: the local IdP).
  const settings = (['google', 'github'] as const).flatMap((name) => [
    `${name}_oauth=true`,
    ...Object.entries(idp.settings(name)).map(([field, value]) => `${field}=${value}`),
  ]);
  await provider.cli('apps', 'set', appId, ...settings);
});

afterAll(async () => {
  await world?.stop();
  await idp?.stop();
});

async function openShop(): Promise<Page> {
  const url = site.set('/shop', { html: hostPage({ loaderUrl: `${provider.url}/loader.js`, appId }) });
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${url}?item=7`);
  await page.evaluate(() => window.LoginWidget.ready);
  return page;
}

/** The visitor opens the modal, picks Google, and signs in and consents at the identity provider. */
async function continueWithGoogle(page: Page): Promise<void> {
  await page.click('#login');
  await page.getByRole('dialog').getByRole('button', { name: 'Continue with Google' }).click();
  await page.waitForURL(`${idp.oidcUrl}/**`);
  await page.fill('input[name="login"]', 'alice');
  await page.fill('input[name="password"]', 'any password');
  await page.click('button:has-text("Sign-in")');
  await page.click('button:has-text("Continue")');
}

describe('OAuth login through the redirect and back (§2.1, §4.4)', () => {
  it('Continue with Google, the IdP, back on the host page: logged in with the Google account, the address clean', async () => {
    const page = await openShop();
    await continueWithGoogle(page);
    await page.waitForURL(`${site.origin}/shop**`);

    await expect
      .poll(() => page.evaluate(() => window.LoginWidget.authenticated), { timeout: 15_000 })
      .toBe(true);
    const user = await page.evaluate(() => window.LoginWidget.user);
    expect(user?.google).toEqual({ subject: 'alice', email: 'alice@google.example', name: 'Alice google' });
    const success = await page.evaluate(() =>
      (window as unknown as { seen: Array<{ name: string; detail: { loginMethod?: string } }> }).seen.find(
        (e) => e.name === 'login:success',
      ),
    );
    expect(success?.detail.loginMethod).toBe('google_oauth');
    // The three parameters are gone; the page's own query stays.
    expect(page.url()).toBe(`${site.origin}/shop?item=7`);
    await page.context().close();
  });

  it('a return whose state was tampered with shows the phishing warning and logs nobody in', async () => {
    const page = await openShop();
    // Someone alters the state on the way back to the host page: the redirects after the consent
    // are followed here (with the browser's cookies) and the last one, to the host page, is changed.
    await page.route(`${idp.oidcUrl}/interaction/**`, async (route) => {
      if (!route.request().postData()?.includes('prompt=consent')) return route.continue();
      let answer = await route.fetch({ maxRedirects: 0 });
      let location = answer.headers().location ?? '';
      while (location && !location.startsWith(site.origin)) {
        answer = await page.context().request.get(new URL(location, answer.url()).href, { maxRedirects: 0 });
        location = answer.headers().location ?? '';
      }
      const back = new URL(location);
      back.searchParams.set('gatehouse_oauth_state', 'tampered');
      await route.fulfill({ status: 303, headers: { location: back.href } });
    });
    await continueWithGoogle(page);
    await page.waitForURL(`${site.origin}/shop**`);

    const dialog = page.getByRole('dialog');
    await expect
      .poll(
        () =>
          dialog
            .getByRole('alert')
            .textContent({ timeout: 500 })
            .catch(() => null),
        { timeout: 15_000 },
      )
      .toBe('Unexpected auth flow, possibly a phishing attempt');
    expect(await page.evaluate(() => window.LoginWidget.authenticated)).toBe(false);
    expect(page.url()).toBe(`${site.origin}/shop?item=7`);
    await page.context().close();
  });

  it('linkGithub() from the page: through GitHub and back, link:success; unlinkOAuth() takes it off again', async () => {
    const page = await openShop();
    await continueWithGoogle(page);
    await page.waitForURL(`${site.origin}/shop**`);
    await expect
      .poll(() => page.evaluate(() => window.LoginWidget.authenticated), { timeout: 15_000 })
      .toBe(true);

    // The host's own button would do this; GitHub's peer approves at once and sends the browser back.
    await page.evaluate(() => {
      void window.LoginWidget.linkGithub();
    });
    await page.waitForURL(`${site.origin}/shop**`);
    await expect
      .poll(
        () =>
          page.evaluate(
            () =>
              (window as unknown as { seen: Array<{ name: string; detail: unknown }> }).seen.find(
                (e) => e.name === 'link:success',
              )?.detail ?? null,
          ),
        { timeout: 15_000 },
      )
      .toMatchObject({
        linkMethod: 'github_oauth',
        linkedAccount: { type: 'github_oauth', username: 'alice_github' },
      });
    const user = await page.evaluate(() => window.LoginWidget.user);
    expect(user?.google?.subject).toBe('alice');
    expect(user?.github).toMatchObject({ username: 'alice_github', email: 'alice@github.example' });
    expect(page.url()).toBe(`${site.origin}/shop?item=7`);

    const after = await page.evaluate(async () => {
      const subject = window.LoginWidget.user?.github?.subject ?? '';
      return window.LoginWidget.unlinkOAuth('github', subject);
    });
    expect(after.github).toBeUndefined();
    expect(await page.evaluate(() => window.LoginWidget.user?.github)).toBeUndefined();
    await page.context().close();
  });
});
