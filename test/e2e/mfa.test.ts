/**
 * Two-step verification in real Chromium (§4.8): a user enrols an authenticator app from the
 * secret shown on MFA_ENROLLMENT_FLOW_SCREEN (codes computed here with otpauth, as the app would),
 * then every wallet action the frame refuses without a verification asks 'Verify your identity' —
 * signing after a reload, recovering on a fresh browser — or, with noPromptOnMfaRequired, raises
 * `mfa:required` for the page's own UI. SMS enrolment and removal go through the Twilio peer.
 */
import { verifyMessage } from 'ethers';
import { Secret, TOTP } from 'otpauth';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TwilioPeer, twilioAccount } from '../support/twilio.js';
import { hostPage } from './pages.js';
import { initOnDevChain, logInByEmail } from './steps.js';
import { startWorld, type World } from './world.js';

const account = twilioAccount();
let twilio: TwilioPeer;
let world: World;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  twilio = new TwilioPeer(account);
  await twilio.start();
  world = await startWorld({
    chain: true,
    env: {
      GATEHOUSE_TWILIO_ACCOUNT_SID: account.accountSid,
      GATEHOUSE_TWILIO_AUTH_TOKEN: account.authToken,
      GATEHOUSE_TWILIO_FROM: '+12015550100',
      GATEHOUSE_TWILIO_BASE_URL: twilio.url,
      GATEHOUSE_COINGECKO_URL: 'http://127.0.0.1:9',
    },
    settings: ['mfa.methods=sms,totp'],
  });
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await world?.stop();
  await twilio?.stop();
});

const HEAD = `<script>
  window.mfaRequired = [];
  window.addEventListener('mfa:required', (e) => window.mfaRequired.push(e.detail));
</script>`;

/** A host page with the dev chain and wallets created on login; a fresh context unless given one. */
async function openPage(path: string, host: Record<string, unknown> = {}, context?: BrowserContext) {
  const url = world.site.set(path, {
    html: hostPage({ loaderUrl: `${world.provider.url}/loader.js`, appId: world.appId, head: HEAD }),
  });
  const ctx = context ?? (await world.browser.newContext());
  if (!context) contexts.push(ctx);
  const page = await ctx.newPage();
  await page.goto(url);
  await page.evaluate(() => window.LoginWidget.ready);
  await initOnDevChain(world, page, host);
  return { page, context: ctx };
}

async function dialogNamed(page: Page, name: string, timeout = 15_000) {
  const dialog = page.getByRole('dialog', { name });
  await expect.poll(() => dialog.isVisible(), { timeout }).toBe(true);
  return dialog;
}

const noDialog = (page: Page) =>
  expect.poll(() => page.getByRole('dialog').count(), { timeout: 8000 }).toBe(0);

/** The authenticator app: codes of strictly later time steps each time (the provider refuses a reused step). */
function authenticator(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  let lastStep = 0;
  return async (): Promise<string> => {
    const now = Math.floor(Date.now() / 30_000);
    const step = Math.max(now, lastStep + 1);
    // One step ahead is accepted (clock drift); further ahead, wait for the clock.
    if (step > now + 1)
      await new Promise((resolve) => setTimeout(resolve, (step - 1) * 30_000 - Date.now() + 50));
    lastStep = step;
    return totp.generate({ timestamp: step * 30_000 + 1000 });
  };
}

async function typeCode(page: Page, code: string) {
  await page.getByRole('dialog').getByRole('textbox', { name: 'Digit 1' }).click();
  await page.keyboard.type(code);
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/**
 * A new user with a wallet who enrols an authenticator through the host API
 * (initMfaEnrollment / submitMfaEnrollment), then logs out: their authenticator and address.
 */
async function enrolledByApi(email: string) {
  const { page } = await openPage(`/enrol-${email}.html`);
  await logInByEmail(world, page, email);
  await dialogNamed(page, 'Your wallet is ready', 20_000);
  await noDialog(page);
  const started = await page.evaluate(() => window.LoginWidget.initMfaEnrollment('totp'));
  expect(started.authUrl).toMatch(/^otpauth:\/\/totp\//);
  const next = authenticator(started.secret);
  await page.evaluate((c) => window.LoginWidget.submitMfaEnrollment('totp', { code: c }), await next());
  expect(await page.evaluate(() => window.LoginWidget.user?.mfaMethods)).toEqual(['totp']);
  const address = await page.evaluate(() => window.LoginWidget.user?.wallet?.address as string);
  await page.close();
  return { code: next, address };
}

const ALICE = 'alice.mfa@example.com';
let code: () => Promise<string>;
let alice = '';

describe('two-step verification by authenticator app', () => {
  let page: Page;
  let context: BrowserContext;

  it('enrols from the secret shown under the QR code; $user.mfaMethods follows', async () => {
    ({ page, context } = await openPage('/mfa.html'));
    await logInByEmail(world, page, ALICE);
    await dialogNamed(page, 'Your wallet is ready', 20_000);
    await noDialog(page);
    alice = await page.evaluate(() => window.LoginWidget.user?.wallet?.address as string);
    await page.evaluate(() => window.LoginWidget.showMfaEnrollment());
    const intro = await dialogNamed(page, 'Add two-step verification');
    await intro.getByRole('button', { name: 'Continue' }).click();
    const choose = await dialogNamed(page, 'Two-step verification');
    expect(await choose.getByRole('button', { name: 'Authenticator app · Recommended' }).isVisible()).toBe(
      true,
    );
    expect(await choose.getByRole('button', { name: 'Passkey · Coming soon' }).isDisabled()).toBe(true);
    await choose.getByRole('button', { name: 'Authenticator app · Recommended' }).click();
    const qr = await dialogNamed(page, 'Scan the QR code');
    expect(await qr.getByRole('img', { name: 'QR code for your authenticator app' }).isVisible()).toBe(true);
    const secret = (await qr.locator('code').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    code = authenticator(secret);
    await qr.getByRole('button', { name: 'Continue' }).click();
    await dialogNamed(page, 'Enter the code');
    await typeCode(page, await code());
    const done = await dialogNamed(page, 'Two-step verification is on');
    await done.getByRole('button', { name: 'Done' }).click();
    const after = await dialogNamed(page, 'Two-step verification');
    expect(await after.getByRole('button', { name: 'Authenticator app · Added' }).isDisabled()).toBe(true);
    expect(await page.evaluate(() => window.LoginWidget.user?.mfaMethods)).toEqual(['totp']);
    await page.keyboard.press('Escape');
    await noDialog(page);
  });

  it("signMessage after a reload asks 'Verify your identity': a wrong code is refused, the right one signs", async () => {
    await page.close();
    ({ page } = await openPage('/mfa.html', {}, context));
    const signed = page.evaluate(() => window.LoginWidget.signMessage('hello, mfa') as Promise<string>);
    // The frame loads the key only after a verification: the prompt comes before the request.
    const verify = await dialogNamed(page, 'Verify your identity', 20_000);
    const right = await code();
    await typeCode(page, wrong(right));
    await expect
      .poll(() => verify.getByRole('alert').textContent())
      .toBe('The code you entered is not valid');
    await expect
      .poll(() => verify.getByRole('textbox', { name: 'Digit 1' }).inputValue(), { timeout: 4000 })
      .toBe('');
    await typeCode(page, right);
    const sign = await dialogNamed(page, 'Sign message', 20_000);
    await sign.getByRole('button', { name: 'Sign and continue' }).click();
    expect(verifyMessage('hello, mfa', await signed)).toBe(alice);
    await noDialog(page);
  });

  it('a fresh browser recovering the wallet is asked for the code first', async () => {
    const { code: carolCode, address } = await enrolledByApi('carol.mfa@example.com');
    const fresh = await openPage('/mfa-fresh.html');
    await logInByEmail(world, fresh.page, 'carol.mfa@example.com');
    await noDialog(fresh.page);
    const signed = fresh.page.evaluate(
      () => window.LoginWidget.signMessage('fresh device') as Promise<string>,
    );
    await dialogNamed(fresh.page, 'Verify your identity', 20_000);
    await typeCode(fresh.page, await carolCode());
    const sign = await dialogNamed(fresh.page, 'Sign message', 20_000);
    await sign.getByRole('button', { name: 'Sign and continue' }).click();
    expect(verifyMessage('fresh device', await signed)).toBe(address);
  });

  it('noPromptOnMfaRequired: mfa:required for the page, and submitMfa from its script completes the signature', async () => {
    const { code: daveCode, address } = await enrolledByApi('dave.mfa@example.com');
    const fresh = await openPage('/mfa-host.html', { mfa: { noPromptOnMfaRequired: true } });
    await logInByEmail(world, fresh.page, 'dave.mfa@example.com');
    await noDialog(fresh.page);
    const signed = fresh.page.evaluate(() => window.LoginWidget.signMessage('host ui') as Promise<string>);
    await expect
      .poll(() => fresh.page.evaluate(() => (window as unknown as { mfaRequired: unknown[] }).mfaRequired), {
        timeout: 20_000,
      })
      .toEqual([{ mfaMethods: ['totp'] }]);
    expect(await fresh.page.getByRole('dialog', { name: 'Verify your identity' }).count()).toBe(0);
    const right = await daveCode();
    const refused = await fresh.page.evaluate(
      (c) =>
        window.LoginWidget.submitMfa('totp', c).then(
          () => 'ok',
          (e: Error) => e.message,
        ),
      wrong(right),
    );
    expect(refused).toBe('The code you entered is not valid');
    await fresh.page.evaluate((c) => window.LoginWidget.submitMfa('totp', c), right);
    const sign = await dialogNamed(fresh.page, 'Sign message', 20_000);
    await sign.getByRole('button', { name: 'Sign and continue' }).click();
    expect(verifyMessage('host ui', await signed)).toBe(address);
  });
});

describe('two-step verification by SMS', () => {
  it('enrols a phone with the texted code, then removes it after a confirmation', async () => {
    const { page } = await openPage('/mfa-sms.html');
    await logInByEmail(world, page, 'bob.mfa@example.com');
    await dialogNamed(page, 'Your wallet is ready', 20_000);
    await noDialog(page);
    await page.evaluate(() => window.LoginWidget.showMfaEnrollment());
    (await dialogNamed(page, 'Add two-step verification')).getByRole('button', { name: 'Continue' }).click();
    const choose = await dialogNamed(page, 'Two-step verification');
    await choose.getByRole('button', { name: /^SMS/ }).click();
    const phoneStep = await dialogNamed(page, 'Add your phone number');
    const phone = phoneStep.getByRole('textbox', { name: 'Phone number' });
    await expect.poll(() => phone.isVisible(), { timeout: 10_000 }).toBe(true);
    const since = twilio.messages.length;
    await phone.pressSequentially('2015550123');
    await phone.press('Enter');
    const texted = await twilio.codeFor('+12015550123', since);
    await dialogNamed(page, 'Enter the code');
    await typeCode(page, texted);
    const done = await dialogNamed(page, 'Two-step verification is on');
    expect(await page.evaluate(() => window.LoginWidget.user?.mfaMethods)).toEqual(['sms']);
    await done.getByRole('button', { name: 'Done' }).click();
    const list = await dialogNamed(page, 'Two-step verification');
    await list.getByRole('button', { name: 'Remove SMS' }).click();
    const confirm = await dialogNamed(page, 'Remove this method?');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await dialogNamed(page, 'Method removed');
    expect(await page.evaluate(() => window.LoginWidget.user?.mfaMethods)).toEqual([]);
  });
});
