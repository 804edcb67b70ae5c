/**
 * The login modal's live preview beside an app's settings, in Chromium against the built provider
 * with GATEHOUSE_CONSOLE=true: the operator changes the accent colour, the logo and a login method, and the
 * preview (the built widget in the console's preview frame) shows them before they are saved, on
 * LANDING and on the code-entry screen, with no code sent; saved, a host page's modal shows them
 * on its next load. axe-core finds nothing on the page with the preview, light and dark;
 * screenshots console-preview-*.png.
 */
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage } from './console-steps.js';
import { openHostPage } from './steps.js';
import { startWorld, type World } from './world.js';

let world: World;
beforeAll(async () => {
  world = await startWorld({ appName: 'Acme Shop', env: { GATEHOUSE_CONSOLE: 'true' } });
}, 60_000);
afterAll(() => world?.stop());

const ACCENT = '#123456';
const ACCENT_RGB = 'rgb(18, 52, 86)';
const LOGO = 'https://shop.example/logo.png';

/** The preview frame, once it has drawn `screen` ('LANDING' or 'Code entry'). */
async function preview(page: Page, screen: string): Promise<FrameLocator> {
  const frame = page.locator(`iframe[title="Login modal preview: ${screen}"][data-drawn="true"]`);
  await frame.waitFor({ timeout: 15_000 });
  return page.frameLocator(`iframe[title="Login modal preview: ${screen}"]`);
}

const submitBackground = (dialog: ReturnType<FrameLocator['getByRole']>) =>
  dialog.getByRole('button', { name: 'Submit' }).evaluate((b) => getComputedStyle(b).backgroundColor);

describe('the login modal preview in the console', () => {
  it('shows draft settings before saving; saved, a host page shows them', async () => {
    const page = await world.browser.newPage();
    const mailsBefore = world.mailbox.messages.length;
    await page.goto((await world.provider.cli('console', 'link')).trim());
    await page.getByRole('button', { name: 'Manage Acme Shop' }).click();
    await page.getByLabel('Accent colour').waitFor();

    // LANDING as saved: the widget's own modal, without Google.
    let dialog = (await preview(page, 'LANDING')).getByRole('dialog', { name: 'Log in or sign up' });
    await dialog.getByRole('textbox', { name: 'Email address' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Continue with Google' }).count()).toBe(0);
    const before = await submitBackground(dialog);
    expect(before).not.toBe(ACCENT_RGB);

    // Changed, not saved: the preview draws the draft.
    await page.getByLabel('Accent colour').fill(ACCENT);
    await page.getByRole('checkbox', { name: 'Google google_oauth' }).check();
    await page.getByLabel('Logo URL').fill(LOGO);
    await expect
      .poll(async () => {
        dialog = (await preview(page, 'LANDING')).getByRole('dialog', { name: 'Log in or sign up' });
        return dialog.getByRole('button', { name: 'Continue with Google' }).count();
      })
      .toBe(1);
    expect(await submitBackground(dialog)).toBe(ACCENT_RGB);
    expect(await dialog.locator('img').first().getAttribute('src')).toBe(LOGO);
    // The redrawn modal took no focus: the operator's next keys still go to the field they typed in.
    await page.waitForTimeout(500); // the widget moves focus a frame or two after its dialog shows
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('app-logo_url');
    await page.keyboard.type('?v=2');
    expect(await page.getByLabel('Logo URL').inputValue()).toBe(`${LOGO}?v=2`);
    await checkPage(page, 'preview');

    // The code-entry screen, chosen by keyboard; no code is mailed.
    await page.getByRole('radio', { name: 'LANDING' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: 'Code entry' }).isChecked()).toBe(true);
    const code = (await preview(page, 'Code entry')).getByRole('dialog');
    await code.getByRole('textbox', { name: 'Digit 1' }).waitFor();
    await code.getByText('preview@example.com').first().waitFor();
    await checkPage(page, 'preview-code');
    expect(world.mailbox.messages.length).toBe(mailsBefore);

    // Saved: a host page's modal shows the accent and Google on its next load.
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    const host = await openHostPage(world, '/preview-saved.html');
    await host.page.click('#login');
    const hostDialog = host.page.getByRole('dialog', { name: 'Log in or sign up' });
    await hostDialog.getByRole('button', { name: 'Continue with Google' }).waitFor();
    expect(
      await hostDialog
        .getByRole('button', { name: 'Submit' })
        .evaluate((b) => getComputedStyle(b).backgroundColor),
    ).toBe(ACCENT_RGB);
    expect(host.pageErrors).toEqual([]);
    await host.context.close();

    // The order: wallets first puts the wallets before the email field on LANDING.
    await page.getByRole('radio', { name: 'LANDING' }).check();
    await page.getByRole('checkbox', { name: 'Wallet wallet_auth' }).check();
    const order = async () => {
      const frame = await preview(page, 'LANDING');
      return frame
        .locator('[data-screen="LANDING"] :is(input[type="email"], button)')
        .evaluateAll((nodes) =>
          nodes.map((node) => (node instanceof HTMLInputElement ? 'email' : node.textContent)),
        );
    };
    await expect.poll(async () => (await order()).join('|')).toMatch(/^email\|.*wallet/i);
    await page.getByRole('checkbox', { name: 'Wallets first on LANDING' }).check();
    await expect.poll(async () => (await order())[0]).toMatch(/wallet/i);
    await page.close();
  }, 180_000);
});
