import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HostSite } from '../support/host.js';
import type { Mailbox } from '../support/mailbox.js';
import type { Provider } from '../support/provider.js';
import { TurnstileStandIn } from '../support/turnstile.js';
import { hostPage } from './pages.js';
import { startWorld, type World } from './world.js';

let turnstile: TurnstileStandIn;
let world: World;
let mailbox: Mailbox;
let provider: Provider;
let site: HostSite;
let browser: Browser;
let appId: string;

const NONCE = 'c4ptch4N0nce';

beforeAll(async () => {
  turnstile = new TurnstileStandIn();
  await turnstile.start();
  // What a site owner types: the public site key and script, and the server-only secret and verifier.
  world = await startWorld({
    settings: [
      'captcha_enabled=true',
      `captcha_site_key=${turnstile.gatehouseSiteKey}`,
      `captcha_script_url=${turnstile.scriptUrl}`,
      `captcha_secret_key=${turnstile.secretKey}`,
      `captcha_verify_url=${turnstile.verifyUrl}`,
    ],
  });
  ({ mailbox, provider, site, browser, appId } = world);
});

afterAll(async () => {
  await world?.stop();
  await turnstile?.stop();
});

beforeEach(() => {
  turnstile.mode = 'pass';
});

/** A host page under a strict CSP: nonces for scripts and styles, Turnstile's origin for its frame. */
async function openPage(path: string) {
  const url = site.set(path, {
    html: hostPage({ loaderUrl: `${provider.url}/loader.js`, appId, nonce: NONCE }),
    headers: {
      'content-security-policy': `default-src 'self'; script-src 'nonce-${NONCE}'; style-src 'nonce-${NONCE}'; connect-src ${provider.url}; img-src ${provider.url} data:; frame-src ${turnstile.origin}`,
    },
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(url);
  await page.evaluate(() => window.LoginWidget.ready);
  return { page, context, pageErrors };
}

/** Log in → type the address → Submit: CAPTCHA_SCREEN comes first. */
async function submitEmail(page: Page, email: string): Promise<void> {
  await page.click('#login');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Email address' }).fill(email);
  await dialog.getByRole('button', { name: 'Submit' }).click();
}

const dialogText = (page: Page) => page.getByRole('dialog').innerText();
const initMails = (email: string) => mailbox.messages.filter((m) => m.to.includes(email)).length;

describe('captcha (Cloudflare Turnstile) before the email code', () => {
  it('solves the challenge, sends the code, and logs the visitor in', async () => {
    const { page, context, pageErrors } = await openPage('/captcha-pass.html');
    const email = 'carol@example.com';
    const since = mailbox.messages.length;
    const checked = turnstile.verifyCalls.length;
    await submitEmail(page, email);
    await expect.poll(() => dialogText(page)).toContain('Confirm you are human');
    // Turnstile's frame shows inside the modal.
    const frame = page.frameLocator('iframe[title="Widget containing a Cloudflare security challenge"]');
    await expect.poll(() => frame.getByText('Success!').isVisible(), { timeout: 10_000 }).toBe(true);

    await expect.poll(() => dialogText(page), { timeout: 10_000 }).toContain('Enter confirmation code');
    const code = await mailbox.codeFor(email, since);
    await page.getByRole('dialog').getByRole('textbox', { name: 'Digit 1' }).click();
    await page.keyboard.type(code);
    await expect
      .poll(() => page.evaluate(() => window.seen.map((e: { name: string }) => e.name)), { timeout: 10_000 })
      .toContain('login:success');
    expect(await page.evaluate(() => window.LoginWidget.user?.email?.address)).toBe(email);

    // The provider checked the token with the secret, once.
    const calls = turnstile.verifyCalls.slice(checked);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.secret).toBe(turnstile.secretKey);
    expect(calls[0]?.remoteip).toBe('127.0.0.1');
    expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("takes the visitor's click on an interactive challenge", async () => {
    turnstile.mode = 'interactive';
    const { page, context } = await openPage('/captcha-click.html');
    const since = mailbox.messages.length;
    await submitEmail(page, 'dave@example.com');
    const frame = page.frameLocator('iframe[title="Widget containing a Cloudflare security challenge"]');
    await frame.getByRole('button', { name: 'Verify you are human' }).click({ timeout: 10_000 });
    await expect.poll(() => dialogText(page), { timeout: 10_000 }).toContain('Enter confirmation code');
    expect(await mailbox.codeFor('dave@example.com', since)).toMatch(/^\d{6}$/);
    await context.close();
  });

  it('shows the failure text, and after three failures the adblocker/VPN hint; no code is sent', async () => {
    turnstile.mode = 'fail';
    const { page, context } = await openPage('/captcha-fail.html');
    const email = 'mallory@example.com';
    await submitEmail(page, email);
    const dialog = page.getByRole('dialog');
    for (const expected of [
      'You did not pass CAPTCHA. Please try again.',
      'You did not pass CAPTCHA. Please try again.',
      'If you use an adblocker or VPN, try disabling and re-attempting.',
    ]) {
      await expect.poll(() => dialogText(page), { timeout: 10_000 }).toContain(expected);
      await dialog.getByRole('button', { name: 'Try again' }).click();
      await expect.poll(() => dialogText(page)).toContain('Confirm you are human');
    }
    // Turned back on, the same login goes through.
    turnstile.mode = 'pass';
    await expect.poll(() => dialogText(page), { timeout: 10_000 }).toContain('Enter confirmation code');
    // The dialog can show before the mail has crossed SMTP into the mailbox: wait for it, then exactly one.
    await expect.poll(() => initMails(email)).toBe(1);
    await context.close();
  });
});
