import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostSite } from '../support/host.js';
import type { Mailbox } from '../support/mailbox.js';
import type { Provider } from '../support/provider.js';
import { hostPage } from './pages.js';
import { startWorld, type World } from './world.js';

let mailbox: Mailbox;
let provider: Provider;
let site: HostSite;
let browser: Browser;
let appId: string;

let world: World;

beforeAll(async () => {
  world = await startWorld();
  ({ mailbox, provider, site, browser, appId } = world);
});

afterAll(() => world?.stop());

function decodeJwt(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}

async function openPage(path: string, options: Partial<Parameters<typeof hostPage>[0]> = {}, headers = {}) {
  const url = site.set(path, {
    html: hostPage({ loaderUrl: `${provider.url}/loader.js`, appId, ...options }),
    headers,
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(url);
  return { page, context, consoleErrors, pageErrors };
}

/** The visitor clicks the host's own "Log in" button and the modal opens. */
async function openModal(page: Page): Promise<void> {
  await page.evaluate(() => window.LoginWidget.ready);
  await page.click('#login');
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.isVisible()).toBe(true);
  expect(await dialog.getByText('Log in or sign up').isVisible()).toBe(true);
}

/** In the open modal: type the address, read the mail, type the code. */
async function enterEmailAndCode(page: Page, email: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  const since = mailbox.messages.length;
  await dialog.getByRole('textbox', { name: 'Email address' }).fill(email);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const code = await mailbox.codeFor(email, since);
  await dialog.getByRole('textbox', { name: 'Digit 1' }).click();
  await page.keyboard.type(code);
}

async function logInByEmail(page: Page, email: string): Promise<void> {
  await openModal(page);
  await enterEmailAndCode(page, email);
}

describe('email-code login from a plain host page on another origin', () => {
  it('logs a visitor in with the code from their mailbox, keeps them on reload, and logs them out', async () => {
    const { page, context, pageErrors } = await openPage('/shop.html');
    const email = 'alice@example.com';
    await logInByEmail(page, email);

    await expect
      .poll(() => page.evaluate(() => window.seen.map((e: { name: string }) => e.name)), { timeout: 10_000 })
      .toContain('login:success');
    const success = await page.evaluate(
      () => window.seen.find((e: { name: string }) => e.name === 'login:success')?.detail,
    );
    expect(success.isNewUser).toBe(true);
    expect(success.loginMethod).toBe('email');
    expect(success.user.email.address).toBe(email);

    // The modal closes by itself after the success delay.
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 5000 }).toBe(0);

    const token = await page.evaluate(() => window.LoginWidget.getAccessToken());
    const claims = decodeJwt(token);
    expect(claims.aud).toBe(appId);
    expect(claims.iss).toBe(provider.url);
    expect(String(claims.sub)).toMatch(/^did:gatehouse:/);
    expect(await page.evaluate(() => window.LoginWidget.authenticated)).toBe(true);
    expect(await page.evaluate(() => window.LoginWidget.user?.email?.address)).toBe(email);

    // The mail a user receives names the code in its subject and its body.
    const mail = mailbox.messages.find((m) => m.to.includes(email));
    expect(mail?.raw).toContain('Acme Shop');

    await page.reload();
    await page.evaluate(() => window.LoginWidget.ready);
    expect(await page.evaluate(() => window.LoginWidget.authenticated)).toBe(true);
    expect(await page.evaluate(() => window.LoginWidget.$user.get()?.email?.address)).toBe(email);

    await page.click('#logout');
    await expect.poll(() => page.evaluate(() => window.LoginWidget.authenticated)).toBe(false);
    await expect
      .poll(() => page.evaluate(() => window.seen.map((e: { name: string }) => e.name)))
      .toContain('logout');
    expect(await page.evaluate(() => window.LoginWidget.getAccessToken())).toBeNull();
    await page.reload();
    await page.evaluate(() => window.LoginWidget.ready);
    expect(await page.evaluate(() => window.LoginWidget.authenticated)).toBe(false);

    // A second login of the same address is not a new user.
    await logInByEmail(page, email);
    await expect
      .poll(() =>
        page.evaluate(() => window.seen.filter((e: { name: string }) => e.name === 'login:success').length),
      )
      .toBe(1);
    const again = await page.evaluate(
      () => window.seen.find((e: { name: string }) => e.name === 'login:success')?.detail,
    );
    expect(again.isNewUser).toBe(false);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('shows the spec text for a wrong code and clears the boxes', async () => {
    const { page, context } = await openPage('/wrong-code.html');
    await page.evaluate(() => window.LoginWidget.ready);
    await page.click('#login');
    const dialog = page.getByRole('dialog');
    const email = 'bob@example.com';
    const since = mailbox.messages.length;
    await dialog.getByRole('textbox', { name: 'Email address' }).fill(email);
    await dialog.getByRole('textbox', { name: 'Email address' }).press('Enter');
    const code = await mailbox.codeFor(email, since);
    const wrong = code === '000000' ? '111111' : '000000';
    await dialog.getByRole('textbox', { name: 'Digit 1' }).click();
    await page.keyboard.type(wrong);
    await expect
      .poll(() => dialog.getByRole('alert').textContent(), { timeout: 10_000 })
      .toContain('Invalid or expired verification code');
    await expect
      .poll(() => dialog.getByRole('textbox', { name: 'Digit 6' }).inputValue(), { timeout: 5000 })
      .toBe('');
    const errorEvent = await page.evaluate(() =>
      window.seen.find((e: { name: string }) => e.name === 'login:error'),
    );
    expect(errorEvent?.detail.code).toBeTruthy();
    expect(await page.evaluate(() => window.LoginWidget.authenticated)).toBe(false);

    // The right code still works afterwards.
    await dialog.getByRole('textbox', { name: 'Digit 1' }).click();
    await page.keyboard.type(code);
    await expect
      .poll(() => page.evaluate(() => window.LoginWidget.authenticated), { timeout: 10_000 })
      .toBe(true);
    await context.close();
  });

  it('is an accessible dialog: focus moves in and is trapped, Escape closes, focus returns', async () => {
    const { page, context } = await openPage('/a11y.html');
    await page.evaluate(() => window.LoginWidget.ready);
    await page.focus('#login');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    // Focus is inside the widget, and stays inside however far one tabs.
    for (let i = 0; i < 8; i++) {
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('gatehouse-root');
      await page.keyboard.press('Tab');
    }
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('gatehouse-root');
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login');

    // The close button closes it too.
    await page.click('#login');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });
});

describe('the host page is never broken by the widget', () => {
  it('an invalid app id logs the spec error and shows no UI', async () => {
    const { page, context, consoleErrors, pageErrors } = await openPage('/bad-id.html', {
      appId: 'too-short',
    });
    await expect
      .poll(() => consoleErrors)
      .toContain('Cannot initialize the Gatehouse provider with an invalid app ID');
    const rejected = await page.evaluate(() =>
      window.LoginWidget.login().then(
        () => 'resolved',
        (e: Error) => e.message,
      ),
    );
    expect(rejected).toContain('invalid app ID');
    expect(await page.locator('#gatehouse-root').count()).toBe(0);
    await page.click('#counter');
    expect(await page.textContent('#counter')).toBe('1');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('an app id the provider does not know rejects with the provider’s reason, not a network error', async () => {
    const unknownId = 'z'.repeat(25);
    const { page, context, pageErrors } = await openPage('/unknown-app.html', { appId: unknownId });
    const outcome = await page.evaluate(() =>
      window.LoginWidget.ready.then(
        () => 'ready',
        (e: Error) => e.message,
      ),
    );
    expect(outcome).toBe(`Gatehouse could not load the configuration of app ${unknownId}: App not found.`);
    expect(await page.locator('#gatehouse-root [role="dialog"]').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('an unreachable provider API leaves the page working and rejects with a clear error', async () => {
    const { page, context, pageErrors } = await openPage('/down.html', { apiUrl: 'http://127.0.0.1:9' });
    const outcome = await page.evaluate(() =>
      window.LoginWidget.ready.then(
        () => 'ready',
        (e: Error & { code?: string }) => `${e.code}: ${e.message}`,
      ),
    );
    // The one clear error of an unreachable provider.
    expect(outcome).toBe('provider_unreachable: The login service could not be reached');
    const login = await page.evaluate(() =>
      window.LoginWidget.login().then(
        () => 'resolved',
        (e: Error) => e.message,
      ),
    );
    expect(login).not.toBe('resolved');
    await page.click('#counter');
    expect(await page.textContent('#counter')).toBe('1');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('renders and logs in under a strict CSP (scripts and styles by nonce only)', async () => {
    const nonce = 'r4nd0mN0nce';
    const { page, context, pageErrors } = await openPage(
      '/csp.html',
      { nonce },
      {
        'content-security-policy': `default-src 'self'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src ${provider.url}; img-src ${provider.url} data:`,
      },
    );
    await page.setViewportSize({ width: 1280, height: 800 });
    await openModal(page);
    // Styled under the nonce-only policy: the dialog has its real width, not an unstyled block.
    expect((await page.getByRole('dialog').boundingBox())?.width).toBe(360);
    await enterEmailAndCode(page, 'carol@example.com');
    await expect
      .poll(() => page.evaluate(() => window.LoginWidget.authenticated), { timeout: 10_000 })
      .toBe(true);
    expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a host stylesheet that unsets everything and sets huge fonts does not disturb the modal', async () => {
    const head = `<style>* { all: unset !important; } html, body, div, button, input, h1, h2, p { font-size: 64px !important; line-height: 3 !important; color: red !important; font-family: fantasy !important; }</style>`;
    const { page, context } = await openPage('/hostile.html', { head });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate(() => window.LoginWidget.ready);
    await page.evaluate(() => window.LoginWidget.login());
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(360);
    const title = dialog.getByText('Log in or sign up');
    const fontSize = await title.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    expect(fontSize).toBeGreaterThan(10);
    expect(fontSize).toBeLessThan(30);
    const color = await title.evaluate((el) => getComputedStyle(el).color);
    expect(color).not.toBe('rgb(255, 0, 0)');
    await enterEmailAndCode(page, 'dave@example.com');
    await expect
      .poll(() => page.evaluate(() => window.LoginWidget.authenticated), { timeout: 10_000 })
      .toBe(true);
    await context.close();
  });

  it('is a bottom drawer on a narrow screen', async () => {
    const { page, context } = await openPage('/narrow.html');
    await page.setViewportSize({ width: 390, height: 800 });
    await page.evaluate(() => window.LoginWidget.ready);
    await page.evaluate(() => window.LoginWidget.login());
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(390);
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(800);
    await context.close();
  });
});
