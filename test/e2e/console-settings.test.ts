/**
 * The app's further settings in the console, in Chromium against the built provider: a secret
 * (Twilio's auth token) is set, then shown as set and never echoed (not in the page, not in the
 * API's answer, not after a reload); a value the API refuses shows its words beside the form.
 * axe-core finds nothing with the groups open, light and dark; screenshots console-settings-*.png.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage } from './console-steps.js';
import { startWorld, type World } from './world.js';

let world: World;
beforeAll(async () => {
  world = await startWorld({ appName: 'Acme Shop', env: { GATEHOUSE_CONSOLE: 'true' } });
}, 60_000);
afterAll(() => world?.stop());

const SECRET = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';
const token = (page: Page) => page.locator('#more-twilio-auth-token');
const tokenState = (page: Page) => page.locator('#more-twilio-auth-token-state');

async function openSms(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Manage Acme Shop' }).click();
  await page.getByText('SMS (Twilio)').click();
  await token(page).waitFor();
}

describe('the console app settings beyond the everyday ones', () => {
  it('sets a secret write-only and shows the API refusal of a bad value', async () => {
    const page = await world.browser.newPage();
    await page.goto((await world.provider.cli('console', 'link')).trim());
    await openSms(page);
    expect(await tokenState(page).textContent()).toContain('Not set');

    // A secret typed changes nothing the widget reads: the preview stays drawn.
    const drawn = page.locator('iframe[title^="Login modal preview"][data-drawn="true"]');
    await drawn.waitFor({ timeout: 15_000 });
    await token(page).fill(SECRET);
    await page.waitForTimeout(1_000);
    expect(await drawn.count()).toBe(1);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    await expect.poll(() => tokenState(page).textContent()).toContain('Set.');
    expect(await token(page).inputValue()).toBe('');
    expect(await page.content()).not.toContain(SECRET);
    const answer = await page.evaluate(async (id) => {
      const response = await fetch(`/api/v1/console/apps/${id}/settings`);
      return response.text();
    }, world.appId);
    expect(answer).toContain('twilio_auth_token');
    expect(answer).not.toContain(SECRET);

    await page.reload();
    await openSms(page);
    expect(await tokenState(page).textContent()).toContain('Set.');
    expect(await page.content()).not.toContain(SECRET);

    // A refused value: the API's words beside the form, what was typed kept.
    await page.getByText('Allowlist', { exact: true }).click();
    await page.getByLabel('Rejection button link').fill('not a link');
    await page.getByRole('button', { name: 'Save settings' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Invalid value for allowlist_config.cta_link');
    expect(await page.getByLabel('Rejection button link').inputValue()).toBe('not a link');
    await checkPage(page, 'settings');
    await page.close();
  }, 120_000);
});
