/**
 * Two-step verification in real Chromium (§4.8): a user with a wallet enrols an authenticator app
 * on MFA_ENROLLMENT_FLOW_SCREEN after the wallet on this device approved the change, from the
 * secret shown in the provider-origin surface (codes computed here with otpauth, as the app would,
 * and typed in the surface); then a wallet on a new browser asks for the code in the surface before
 * the frame loads the key. The page can pass no code (noPromptOnMfaRequired or not). SMS enrolment
 * and removal (itself confirmed by a texted code) go through the Twilio peer.
 */
import { verifyMessage } from 'ethers';
import { Secret, TOTP } from 'otpauth';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SURFACE_LOCALES } from '../../src/frame/surface/locale.js';
import { MFA_TEXT } from '../../src/protocol/mfa-text.js';
import { TwilioPeer, twilioAccount } from '../support/twilio.js';
import { widgetSettled } from './a11y-scan.js';
import { hostPage } from './pages.js';
import { initOnDevChain, logInByEmail } from './steps.js';
import { scanSurface, surfaceSays, typeCodeInSurface, verifyByEmail } from './surface-steps.js';
import { clickInSurface, surfaceOf } from './wallet-world.js';
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

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** A code the authenticator of `secret` shows at none of the steps the provider takes now. */
function wrongNow(secret: string): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  const taken = new Set(
    [-2, -1, 0, 1, 2].map((step) => totp.generate({ timestamp: Date.now() + step * 30_000 })),
  );
  let candidate = 0;
  while (taken.has(String(candidate).padStart(6, '0'))) candidate += 1;
  return String(candidate).padStart(6, '0');
}

/**
 * A new user with a wallet who enrols an authenticator through the host API: initMfaEnrollment
 * opens the enrolment, a code mailed to their signup email approves the change, and the code is typed in the
 * surface (the page never holds the secret: the call resolves with nothing). Their authenticator
 * and address.
 */
async function enrolledByApi(email: string) {
  const { page } = await openPage(`/enrol-${email}.html`);
  await logInByEmail(world, page, email);
  await dialogNamed(page, 'Your wallet is ready', 20_000);
  await noDialog(page);
  const started = page.evaluate(() => window.LoginWidget.initMfaEnrollment('totp'));
  await dialogNamed(page, 'Verify your identity', 20_000);
  await verifyByEmail(page, world.mailbox, email);
  const secret = surfaceOf(page).locator('code');
  await secret.waitFor({ timeout: 20_000 });
  const next = authenticator((await secret.textContent()) ?? '');
  await typeCodeInSurface(page, await next());
  expect(await started).toBeUndefined();
  expect(await page.evaluate(() => window.LoginWidget.user?.mfaMethods)).toEqual(['totp']);
  const address = await page.evaluate(() => window.LoginWidget.user?.wallet?.address as string);
  await page.close();
  return { code: next, address };
}

const ALICE = 'alice.mfa@example.com';
let code: () => Promise<string>;
let aliceSecret = '';
let alice = '';

/** The dialog's buttons that reach past its edges (a row too wide for the card). */
const outsideTheCard = (dialog: Locator) =>
  dialog.evaluate((card) => {
    const edge = card.getBoundingClientRect();
    return [...card.querySelectorAll('button')]
      .filter((button) => {
        const box = button.getBoundingClientRect();
        return box.left < edge.left || box.right > edge.right;
      })
      .map((button) => button.textContent);
  });

describe('two-step verification by authenticator app', () => {
  let page: Page;
  let context: BrowserContext;

  it('enrols in the surface after her signup email approves the change; $user.mfaMethods follows', async () => {
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
    // Each method with its icon, for a person to look at (not committed).
    await page.screenshot({ path: 'test-results/screenshots/mfa-choose.png' });
    await choose.getByRole('button', { name: 'Authenticator app · Recommended' }).click();
    // A change of the account of a user with a wallet: a step-up first, in the surface. The email
    // Alice signed up with confirms it, even at the login that made her account.
    await dialogNamed(page, 'Verify your identity', 20_000);
    const asked = await surfaceSays(page, 'Add two-step verification (authenticator app)');
    expect(asked).toContain('Email a code to a•••@example.com');
    expect(asked).not.toContain('Not during this login');
    await scanSurface(page, "'Verify it's you', the ways to verify");
    await verifyByEmail(page, world.mailbox, ALICE);
    // The QR code and the setup key, in the surface only.
    await dialogNamed(page, 'Scan the QR code', 20_000);
    const surface = surfaceOf(page);
    const qr = surface.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor({ timeout: 20_000 });
    const secret = (await surface.locator('code').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await page.getByRole('dialog').textContent()).not.toContain(secret);
    await scanSurface(page, 'the QR code and setup key');
    code = authenticator(secret);
    aliceSecret = secret;
    await typeCodeInSurface(page, await code());
    const done = await dialogNamed(page, 'Two-step verification is on', 20_000);
    await done.getByRole('button', { name: 'Done' }).click();
    const after = await dialogNamed(page, 'Two-step verification');
    expect(await after.getByRole('button', { name: 'Authenticator app · Added' }).isDisabled()).toBe(true);
    // The added method and its Remove both fit the card (they stack when a row cannot hold them).
    await widgetSettled(page);
    await page.screenshot({ path: 'test-results/screenshots/mfa-added.png' });
    expect(await outsideTheCard(after)).toEqual([]);
    expect(await page.evaluate(() => window.LoginWidget.user?.mfaMethods)).toEqual(['totp']);
    await page.keyboard.press('Escape');
    await noDialog(page);
  });

  it('signMessage after a reload asks for the code in the surface: a wrong code is refused, the right one signs', async () => {
    await page.close();
    ({ page } = await openPage('/mfa.html', {}, context));
    const signed = page.evaluate(() => window.LoginWidget.signMessage('hello, mfa') as Promise<string>);
    // This Chromium keeps no storage for the provider's frame in a page of another site, so the
    // reloaded page is a new device to it: the authenticator (or her signup email) confirms it is
    // Alice before the frame loads the key, then the message shows.
    await dialogNamed(page, 'Load your account', 20_000);
    const choice = await surfaceSays(page, 'How do you want to verify?');
    expect(choice).toContain('Your wallet is being loaded on this device for the first time.');
    expect(choice).toContain('Email a code to a•••@example.com');
    await clickInSurface(page, 'Use your authenticator app');
    await surfaceSays(page, 'Enter the code from your authenticator app');
    const right = await code();
    await typeCodeInSurface(page, wrong(right));
    await surfaceSays(page, 'The code you entered is not valid');
    await scanSurface(page, 'a refused authenticator code');
    const first = surfaceOf(page).getByRole('textbox', { name: 'Digit 1' });
    await expect.poll(() => first.inputValue(), { timeout: 4000 }).toBe('');
    await typeCodeInSurface(page, right);
    await dialogNamed(page, 'Sign message', 20_000);
    await surfaceSays(page, 'hello, mfa');
    await clickInSurface(page, 'Sign');
    expect(verifyMessage('hello, mfa', await signed)).toBe(alice);
    await noDialog(page);
  });

  it('says a wrong code is refused in Japanese, in the surface, though the frame writes English', async () => {
    const ja = await openPage('/mfa-ja.html', {}, context);
    const { locale } = await SURFACE_LOCALES.ja!();
    const { SURFACE_TEXT: T, WALLET_TEXT, MFA_ERROR_TEXT } = locale.texts;
    await ja.page.evaluate(() => window.LoginWidget.setLocale('ja'));
    const signed = ja.page.evaluate(() =>
      window.LoginWidget.signMessage('こんにちは').catch((error: { code?: number }) => error.code),
    );
    await surfaceSays(ja.page, T.chooseFactor);
    await clickInSurface(ja.page, T.totpFactor);
    await surfaceSays(ja.page, T.codeFromApp);
    const first = surfaceOf(ja.page).getByRole('textbox', { name: T.digit(1) });
    await expect.poll(() => first.isEditable(), { timeout: 10_000 }).toBe(true);
    await first.pressSequentially(wrongNow(aliceSecret));
    const said = await surfaceSays(ja.page, MFA_ERROR_TEXT.invalidCode);
    expect(MFA_ERROR_TEXT.invalidCode).toBe('入力したコードが正しくありません');
    expect(said).not.toContain(MFA_TEXT.invalidCode);
    await scanSurface(ja.page, 'a refused code in Japanese');
    await ja.page.screenshot({ path: 'test-results/screenshots/surface-ja-wrong-code.png' });
    await clickInSurface(ja.page, WALLET_TEXT.cancel);
    expect(await signed).toBe(4001);
    await ja.page.close();
  });
});

describe('two-step verification on a new browser', () => {
  it('a fresh browser recovering the wallet is asked for the code first, in the surface', async () => {
    const { code: carolCode, address } = await enrolledByApi('carol.mfa@example.com');
    const fresh = await openPage('/mfa-fresh.html');
    await logInByEmail(world, fresh.page, 'carol.mfa@example.com');
    await noDialog(fresh.page);
    const signed = fresh.page.evaluate(
      () => window.LoginWidget.signMessage('fresh device') as Promise<string>,
    );
    await dialogNamed(fresh.page, 'Load your account', 20_000);
    // The authenticator, or the email Carol signed up with before this login.
    const ways = await surfaceSays(fresh.page, 'How do you want to verify?');
    expect(ways).toContain('Email a code to c•••@example.com');
    await clickInSurface(fresh.page, 'Use your authenticator app');
    await typeCodeInSurface(fresh.page, await carolCode());
    await dialogNamed(fresh.page, 'Sign message', 20_000);
    await surfaceSays(fresh.page, 'fresh device');
    await clickInSurface(fresh.page, 'Sign');
    expect(verifyMessage('fresh device', await signed)).toBe(address);
  });

  it('the page cannot pass a code (noPromptOnMfaRequired or not): the email, then the authenticator, in the surface', async () => {
    const { code: daveCode, address } = await enrolledByApi('dave.mfa@example.com');
    const fresh = await openPage('/mfa-host.html', { mfa: { noPromptOnMfaRequired: true } });
    await logInByEmail(world, fresh.page, 'dave.mfa@example.com');
    await noDialog(fresh.page);
    const refusals = await fresh.page.evaluate(async () => {
      const message = (call: Promise<unknown>) =>
        call.then(
          () => 'ok',
          (e: Error) => e.message,
        );
      return [
        await message(window.LoginWidget.initMfa('sms')),
        await message(window.LoginWidget.submitMfa('totp', '123456')),
        await message(window.LoginWidget.submitMfaEnrollment('totp', { code: '123456' })),
      ];
    });
    expect(new Set(refusals)).toEqual(new Set([MFA_TEXT.codesInSurface]));
    const signed = fresh.page.evaluate(() => window.LoginWidget.signMessage('host ui') as Promise<string>);
    // The new device is confirmed by a code mailed to Dave, then the wallet's MFA asks his app.
    await dialogNamed(fresh.page, 'Load your account', 20_000);
    await verifyByEmail(fresh.page, world.mailbox, 'dave.mfa@example.com');
    await surfaceSays(fresh.page, 'Enter the code from your authenticator app');
    await typeCodeInSurface(fresh.page, await daveCode());
    await dialogNamed(fresh.page, 'Sign message', 20_000);
    await surfaceSays(fresh.page, 'host ui');
    await clickInSurface(fresh.page, 'Sign');
    expect(verifyMessage('host ui', await signed)).toBe(address);
    // No event asked the page for a code.
    expect(
      await fresh.page.evaluate(() => (window as unknown as { mfaRequired: unknown[] }).mfaRequired),
    ).toEqual([]);
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
    // Bob's signup email approves the change first.
    await dialogNamed(page, 'Verify your identity', 20_000);
    await verifyByEmail(page, world.mailbox, 'bob.mfa@example.com');
    const texted = await twilio.codeFor('+12015550123', since);
    await dialogNamed(page, 'Enter the code', 20_000);
    expect(await surfaceSays(page, 'Enter the 6-digit code we sent to')).toContain('+12015550123');
    await scanSurface(page, "the phone's code");
    await typeCodeInSurface(page, texted);
    const done = await dialogNamed(page, 'Two-step verification is on', 20_000);
    expect(await page.evaluate(() => window.LoginWidget.user?.mfaMethods)).toEqual(['sms']);
    await done.getByRole('button', { name: 'Done' }).click();
    const list = await dialogNamed(page, 'Two-step verification');
    await list.getByRole('button', { name: 'Remove SMS' }).click();
    const confirm = await dialogNamed(page, 'Remove this method?');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    // The removal is a change too: the phone, enrolled under the wallet's approval, confirms it.
    await dialogNamed(page, 'Verify your identity', 20_000);
    const asked = await surfaceSays(page, 'Remove two-step verification');
    expect(asked).toContain('Email a code to b•••@example.com');
    const again = twilio.messages.length;
    await clickInSurface(page, 'Text a code to •••• 0123');
    await typeCodeInSurface(page, await twilio.codeFor('+12015550123', again));
    await dialogNamed(page, 'Method removed', 20_000);
    expect(await page.evaluate(() => window.LoginWidget.user?.mfaMethods)).toEqual([]);
  });
});
