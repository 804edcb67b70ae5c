/**
 * Linking, updating and unlinking email and phone from the page (§4.4) in real Chromium: a phone
 * user without a wallet changes their accounts with the codes alone; for a user with a wallet, a
 * link waits on a step-up the wallet on this device approves in the provider's surface.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TwilioPeer, twilioAccount } from '../support/twilio.js';
import { openHostPage } from './steps.js';
import { surfaceSays, typeCodeInSurface } from './surface-steps.js';
import { clickInSurface } from './wallet-world.js';
import { startWorld, type World } from './world.js';

const account = twilioAccount();
let twilio: TwilioPeer;
let world: World;

beforeAll(async () => {
  twilio = new TwilioPeer(account);
  await twilio.start();
  world = await startWorld({
    env: { GATEHOUSE_TWILIO_BASE_URL: twilio.url },
    // The app's own Twilio credentials, set with the CLI.
    settings: [
      'sms_auth=true',
      `twilio_account_sid=${account.accountSid}`,
      `twilio_auth_token=${account.authToken}`,
      'twilio_from=Acme',
    ],
  });
});

afterAll(async () => {
  await world?.stop();
  await twilio?.stop();
});

const events = (page: Page, name: string) =>
  page.evaluate((n) => window.seen.filter((e: { name: string }) => e.name === n).map((e) => e.detail), name);

async function codeScreen(page: Page, code: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.getByRole('textbox', { name: 'Digit 1' }).isVisible()).toBe(true);
  await dialog.getByRole('textbox', { name: 'Digit 1' }).click();
  await page.keyboard.type(code);
}

describe('linking and unlinking email and phone from the page', () => {
  it('a phone user links an email, updates it, links nothing twice, and unlinks it', async () => {
    const { page, context, pageErrors } = await openHostPage(world, '/account.html');

    // Logged out, linking is refused.
    const refused = await page.evaluate(() =>
      window.LoginWidget.linkEmail().then(
        () => 'opened',
        (e: { code: string }) => e.code,
      ),
    );
    expect(refused).toBe('must_be_authenticated');
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Log in by SMS.
    await page.click('#login');
    const dialog = page.getByRole('dialog');
    const phone = dialog.getByRole('textbox', { name: 'Phone number' });
    await expect.poll(() => phone.isVisible(), { timeout: 10_000 }).toBe(true);
    let since = twilio.messages.length;
    await phone.pressSequentially('4155550123');
    await phone.press('Enter');
    await codeScreen(page, await twilio.codeFor('+14155550123', since));
    expect(twilio.messages.at(-1)?.from).toBe('Acme');
    await expect
      .poll(() => page.evaluate(() => window.LoginWidget.authenticated), { timeout: 10_000 })
      .toBe(true);
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 5000 }).toBe(0);

    // Link an email.
    await page.evaluate(() => window.LoginWidget.linkEmail());
    await expect.poll(() => page.getByRole('dialog', { name: 'Link your email' }).isVisible()).toBe(true);
    since = world.mailbox.messages.length;
    await dialog.getByRole('textbox', { name: 'Email address' }).fill('erin@example.com');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await codeScreen(page, await world.mailbox.codeFor('erin@example.com', since));
    await expect.poll(() => events(page, 'link:success'), { timeout: 10_000 }).toHaveLength(1);
    const [linked] = await events(page, 'link:success');
    expect(linked.linkMethod).toBe('email');
    expect(linked.linkedAccount).toMatchObject({ type: 'email', address: 'erin@example.com' });
    expect(await page.evaluate(() => window.LoginWidget.user.email.address)).toBe('erin@example.com');
    expect(await page.evaluate(() => window.LoginWidget.$user.get().phone.number)).toBe('+14155550123');
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 5000 }).toBe(0);

    // Update it.
    await page.evaluate(() => window.LoginWidget.updateEmail());
    const update = page.getByRole('dialog', { name: 'Update your email' });
    await expect.poll(() => update.isVisible()).toBe(true);
    expect(await update.textContent()).toContain('Your current email is erin@example.com');
    since = world.mailbox.messages.length;
    await dialog.getByRole('textbox', { name: 'Email address' }).fill('erin@new.example');
    await dialog.getByRole('textbox', { name: 'Email address' }).press('Enter');
    await codeScreen(page, await world.mailbox.codeFor('erin@new.example', since));
    await expect
      .poll(() => page.evaluate(() => window.LoginWidget.user.email.address), { timeout: 10_000 })
      .toBe('erin@new.example');
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 5000 }).toBe(0);

    // A second phone is refused on the code screen with the server's message.
    await page.evaluate(() => window.LoginWidget.linkPhone());
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Link your phone number' }).isVisible())
      .toBe(true);
    const second = dialog.getByRole('textbox', { name: 'Phone number' });
    await expect.poll(() => second.isVisible(), { timeout: 10_000 }).toBe(true);
    since = twilio.messages.length;
    await second.pressSequentially('2015550123');
    await second.press('Enter');
    await codeScreen(page, await twilio.codeFor('+12015550123', since));
    await expect
      .poll(() => dialog.getByRole('alert').textContent(), { timeout: 10_000 })
      .toBe('User already has an account of type phone linked.');
    expect((await events(page, 'link:error')).at(-1).code).toBe('cannot_link_more_of_type');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Unlink the email; the phone cannot go, it is the last way in.
    const afterUnlink = await page.evaluate(() => window.LoginWidget.unlinkEmail('erin@new.example'));
    expect(afterUnlink.email).toBeUndefined();
    expect(await page.evaluate(() => window.LoginWidget.user.email)).toBeUndefined();
    const last = await page.evaluate(() =>
      window.LoginWidget.unlinkPhone('+14155550123').then(
        () => 'unlinked',
        (e: { code: string }) => e.code,
      ),
    );
    expect(last).toBe('cannot_unlink_last_account');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('a change of the account of a user with a wallet', () => {
  it('linking an email waits on a step-up: a code texted to the signup phone approves it', async () => {
    const { page, context, pageErrors } = await openHostPage(world, '/account-wallet.html');
    await page.evaluate(() =>
      window.LoginWidget.init({ embeddedWallets: { createOnLogin: 'users-without-wallets' } }),
    );
    await page.click('#login');
    const dialog = page.getByRole('dialog');
    const phone = dialog.getByRole('textbox', { name: 'Phone number' });
    await expect.poll(() => phone.isVisible(), { timeout: 10_000 }).toBe(true);
    let since = twilio.messages.length;
    await phone.pressSequentially('4155550188');
    await phone.press('Enter');
    await codeScreen(page, await twilio.codeFor('+14155550188', since));
    await expect
      .poll(() => page.evaluate(() => window.LoginWidget.user?.wallet?.address ?? null), { timeout: 20_000 })
      .toMatch(/^0x[0-9a-fA-F]{40}$/);
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 8000 }).toBe(0);

    // The email's own code, on the host's screen; then the provider asks for a step-up: the phone
    // the user signed up with confirms it, even at that very login, by a code typed in the surface.
    await page.evaluate(() => window.LoginWidget.linkEmail());
    await expect.poll(() => page.getByRole('dialog', { name: 'Link your email' }).isVisible()).toBe(true);
    since = world.mailbox.messages.length;
    await dialog.getByRole('textbox', { name: 'Email address' }).fill('walt@example.com');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await codeScreen(page, await world.mailbox.codeFor('walt@example.com', since));
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Verify your identity' }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    const asked = await surfaceSays(page, 'Link email walt@example.com to your account');
    expect(asked).toContain('Text a code to •••• 0188');
    expect(asked).not.toContain('Not during this login');
    since = twilio.messages.length;
    await clickInSurface(page, 'Text a code to •••• 0188');
    await surfaceSays(page, 'Enter the code sent to •••• 0188');
    await typeCodeInSurface(page, await twilio.codeFor('+14155550188', since));
    await expect.poll(() => events(page, 'link:success'), { timeout: 20_000 }).toHaveLength(1);
    expect(await page.evaluate(() => window.LoginWidget.user.email.address)).toBe('walt@example.com');
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 8000 }).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
