/**
 * The console's app pages in Chromium, against the built provider with GATEHOUSE_CONSOLE=true: an
 * operator creates an app, changes its accent colour and a login method (saved: a reload shows
 * them; the audit log shows the change), sees the API's words for a refused value with the form
 * kept, and deletes the app by typing its name. axe-core finds nothing on the app's page, light
 * and dark; screenshots console-app-*.png at 1280×800 and 390×844.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, seeAuditRow } from './console-steps.js';
import { startWorld, type World } from './world.js';

let world: World;
beforeAll(async () => {
  world = await startWorld({ appName: 'Acme Shop', env: { GATEHOUSE_CONSOLE: 'true' } });
}, 60_000);
afterAll(() => world?.stop());

const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');
const appHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

async function openApp(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Manage ${name}` }).click();
  await appHeading(page, name).waitFor();
  await page.getByLabel('Accent colour').waitFor();
}

describe('the console app pages', () => {
  it('create an app, change and save its settings, show a refusal, and delete it', async () => {
    const page = await world.browser.newPage();
    await page.goto((await world.provider.cli('console', 'link')).trim());
    await page.getByRole('heading', { name: 'New app' }).waitFor();

    // New app: it opens, its heading focused, and shows in the list and the audit log.
    await page.getByLabel('Name', { exact: true }).first().fill('Tea House');
    await page.getByLabel('Allowed origins').first().fill('https://tea.example');
    await page.getByRole('button', { name: 'Create app' }).click();
    await appHeading(page, 'Tea House').waitFor();
    await expect.poll(() => focused(page)).toBe('Tea House');
    await page.getByRole('button', { name: 'Manage Tea House' }).waitFor();
    await seeAuditRow(page, 'App created');
    await page.getByLabel('Accent colour').waitFor();
    await checkPage(page, 'app');

    // Accent colour and SMS login, saved: the status takes the focus; a reload shows them.
    await page.getByLabel('Accent colour').fill('#123456');
    await page.getByLabel('SMS code').check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    await expect.poll(() => focused(page)).toBe('Settings saved.');
    await seeAuditRow(page, 'App settings changed');
    await page.reload();
    await openApp(page, 'Tea House');
    expect(await page.getByLabel('Accent colour').inputValue()).toBe('#123456');
    expect(await page.getByLabel('SMS code').isChecked()).toBe(true);

    // A value the API refuses: its words beside the form, and what was typed kept.
    await page.getByLabel('Accent colour').fill('blue');
    await page.getByLabel('Logo URL').fill('https://tea.example/logo.png');
    await page.getByRole('button', { name: 'Save settings' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Invalid value for accent_color');
    expect(await page.getByLabel('Accent colour').inputValue()).toBe('blue');
    expect(await page.getByLabel('Logo URL').inputValue()).toBe('https://tea.example/logo.png');
    await checkPage(page, 'app-error');
    await page.getByLabel('Accent colour').fill('#123456');

    // Delete: enabled only by the name typed exactly; then gone, the Apps heading focused.
    const remove = page.getByRole('button', { name: 'Delete app' });
    await page.getByLabel('App name', { exact: true }).fill('tea house');
    expect(await remove.isDisabled()).toBe(true);
    await page.getByLabel('App name', { exact: true }).fill('Tea House');
    expect(await remove.isEnabled()).toBe(true);
    await remove.click();
    await page.getByText('Tea House was deleted.').waitFor();
    await expect.poll(() => focused(page)).toBe('Apps');
    await seeAuditRow(page, 'App deleted');
    expect(await page.getByRole('button', { name: 'Manage Tea House' }).count()).toBe(0);
    await checkPage(page, 'app-deleted');
    await page.close();
  }, 120_000);
});
