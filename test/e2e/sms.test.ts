import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TwilioPeer, twilioAccount } from '../support/twilio.js';
import { openHostPage } from './steps.js';
import { startWorld, type World } from './world.js';

const account = twilioAccount();
const FROM = '+12015550100';
let twilio: TwilioPeer;
let world: World;

beforeAll(async () => {
  twilio = new TwilioPeer(account);
  await twilio.start();
  world = await startWorld({
    env: {
      GATEHOUSE_TWILIO_ACCOUNT_SID: account.accountSid,
      GATEHOUSE_TWILIO_AUTH_TOKEN: account.authToken,
      GATEHOUSE_TWILIO_FROM: FROM,
      GATEHOUSE_TWILIO_BASE_URL: twilio.url,
    },
    settings: ['sms_auth=true'],
  });
});

afterAll(async () => {
  await world?.stop();
  await twilio?.stop();
});

/** Whether the page has fetched the phone field's chunk (resource timing names every script it loaded). */
const phoneChunkLoaded = (page: Page) =>
  page.evaluate(() =>
    performance.getEntriesByType('resource').some((entry) => entry.name.includes('/lazy/PhoneInput-')),
  );

async function enterPhoneAndCode(page: Page, national: string, e164: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  const phone = dialog.getByRole('textbox', { name: 'Phone number' });
  await expect.poll(() => phone.isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await dialog.getByRole('combobox', { name: 'Country' }).inputValue()).toBe('US');
  const since = twilio.messages.length;
  await phone.pressSequentially(national);
  await phone.press('Enter');
  const code = await twilio.codeFor(e164, since);
  await expect
    .poll(() => dialog.getByText('Please check your phone for a code sent to').isVisible())
    .toBe(true);
  await dialog.getByRole('textbox', { name: 'Digit 1' }).click();
  await page.keyboard.type(code);
}

describe('SMS one-time-code login from a host page', () => {
  it('texts the code through Twilio and logs the visitor in with it', async () => {
    const { page, context, pageErrors } = await openHostPage(world, '/sms.html');
    // The phone field's library is not part of what loads with the page.
    expect(await phoneChunkLoaded(page)).toBe(false);
    await page.click('#login');
    const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
    await expect.poll(() => dialog.isVisible()).toBe(true);

    const phone = dialog.getByRole('textbox', { name: 'Phone number' });
    await expect.poll(() => phone.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await phoneChunkLoaded(page)).toBe(true);
    // Formatted as typed.
    await phone.pressSequentially('2015550');
    expect(await phone.inputValue()).toBe('(201) 555-0');
    await phone.fill('');

    await enterPhoneAndCode(page, '2015550123', '+12015550123');
    await expect
      .poll(() => page.evaluate(() => window.seen.map((e: { name: string }) => e.name)), { timeout: 10_000 })
      .toContain('login:success');
    const success = await page.evaluate(
      () => window.seen.find((e: { name: string }) => e.name === 'login:success')?.detail,
    );
    expect(success.loginMethod).toBe('sms');
    expect(success.isNewUser).toBe(true);
    expect(success.user.phone.number).toBe('+12015550123');
    expect(twilio.messages.at(-1)).toMatchObject({
      to: '+12015550123',
      from: FROM,
      accountSid: account.accountSid,
    });
    expect(twilio.messages.at(-1)?.body).toContain('Acme Shop');
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 5000 }).toBe(0);
    expect(await page.evaluate(() => window.LoginWidget.user?.phone?.number)).toBe('+12015550123');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a wrong code shows the spec text; the country selector changes the calling code', async () => {
    const { page, context } = await openHostPage(world, '/sms-wrong.html');
    await page.click('#login');
    const dialog = page.getByRole('dialog');
    const phone = dialog.getByRole('textbox', { name: 'Phone number' });
    await expect.poll(() => phone.isVisible(), { timeout: 10_000 }).toBe(true);
    await phone.pressSequentially('2015550');
    await dialog.getByRole('combobox', { name: 'Country' }).selectOption('GB');
    expect(await phone.inputValue()).toBe('');
    const since = twilio.messages.length;
    await phone.pressSequentially('07400123456');
    await phone.press('Enter');
    const code = await twilio.codeFor('+447400123456', since);
    const wrong = code === '000000' ? '111111' : '000000';
    await dialog.getByRole('textbox', { name: 'Digit 1' }).click();
    await page.keyboard.type(wrong);
    await expect
      .poll(() => dialog.getByRole('alert').textContent(), { timeout: 10_000 })
      .toContain('Invalid or expired verification code');
    expect(await page.evaluate(() => window.LoginWidget.authenticated)).toBe(false);
    await context.close();
  });
});
