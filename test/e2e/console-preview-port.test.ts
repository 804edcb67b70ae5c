/**
 * The login modal's preview with the console on a port of its own (GATEHOUSE_CONSOLE_PORT): the
 * preview page, on the console's origin, draws the widget loaded from the API's origin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/provider.js';
import { startWorld, type World } from './world.js';

let world: World;
beforeAll(async () => {
  world = await startWorld({ env: { GATEHOUSE_CONSOLE_PORT: String(await freePort()) } });
}, 60_000);
afterAll(() => world?.stop());

describe('the login modal preview, console on its own port', () => {
  it('draws LANDING with the widget from the API origin', async () => {
    const page = await world.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const link = (await world.provider.cli('console', 'link')).trim();
    expect(new URL(link).origin).not.toBe(new URL(world.provider.url).origin);
    await page.goto(link);
    await page.getByRole('button', { name: 'Manage Acme Shop' }).click();
    await page.locator('iframe[title="Login modal preview: LANDING"][data-drawn="true"]').waitFor();
    const dialog = page
      .frameLocator('iframe[title="Login modal preview: LANDING"]')
      .getByRole('dialog', { name: 'Log in or sign up' });
    await dialog.getByRole('textbox', { name: 'Email address' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
