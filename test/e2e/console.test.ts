/**
 * The operator console's pages (/console/) in Chromium, against the built provider with
 * GATEHOUSE_CONSOLE=true: a `gatehouse console link` opened in the browser shows the apps and the
 * sign-in in the audit log; Sign out shows the sign-in form; the link again says it no longer
 * works; an operator signs in by an emailed code. Both pages have no axe-core violations, and are
 * saved as screenshots at 1280×800 and 390×844, light and dark, for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, SHOTS, SIZES, showSection } from './console-steps.js';
import { startWorld, type World } from './world.js';

let world: World;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  world = await startWorld({ appName: 'Acme Shop', env: { GATEHOUSE_CONSOLE: 'true' } });
}, 60_000);
afterAll(() => world?.stop());

/** A fresh `gatehouse console link` URL. */
const link = async (...args: string[]) => (await world.provider.cli('console', 'link', ...args)).trim();

describe('the console pages', () => {
  it('sign in by a link, show the apps and the audit log, and sign out', async () => {
    const page = await world.browser.newPage();
    const errors: string[] = [];
    // A signed-out page's GET session answers 401, which Chromium logs: only other errors count.
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().includes('status of 401'))
        errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(String(error)));
    const url = await link();
    await page.goto(url);
    expect(new URL(page.url()).pathname).toBe('/console/');
    await page.getByRole('heading', { name: 'Acme Shop' }).waitFor();
    // In the apps list (the audit log names the app too, as the target of its creation).
    const listed = page.getByRole('listitem');
    await expect.poll(() => listed.getByText(world.appId).isVisible()).toBe(true);
    await expect.poll(() => listed.getByText(world.site.origin).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Signed in as cli').isVisible()).toBe(true);
    await checkPage(page, 'apps');
    await showSection(page, 'Audit log');
    const signIn = page.getByRole('row').filter({ hasText: 'Signed in' });
    await signIn.first().waitFor();
    expect(await signIn.first().textContent()).toContain('cli');
    await checkPage(page, 'signed-in');

    // Keyboard only, from a fresh load (the section is in the address): Sign out is reached by Tab
    // and pressed with Enter.
    await page.reload();
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await page.setViewportSize(SIZES[0] as { width: number; height: number });
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    const signOut = page.getByRole('button', { name: 'Sign out' });
    expect(await signOut.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.screenshot({
      path: join(SHOTS, 'console-focus-1280x800.png'),
      clip: { x: 0, y: 0, width: 1280, height: 120 },
    });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
    await expect.poll(() => page.getByText('You are signed out.').isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('Email address').isVisible()).toBe(true);
    // Opened again, the console stays signed out.
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor();

    // The same link again: the pages, signed out, saying the link no longer works.
    await page.goto(url);
    expect(page.url()).toBe(`${world.provider.url}/console/`);
    await page.getByText('That sign-in link no longer works').waitFor();
    await checkPage(page, 'link-expired');
    expect(errors, 'no CSP or script errors in the page').toEqual([]);
    await page.close();
  }, 60_000);

  it('signs an operator in by an emailed code, and says why a wrong code is refused', async () => {
    const email = 'ada@example.com';
    await world.provider.cli('console', 'users', 'add', email);
    const page = await world.browser.newPage();
    await page.goto(`${world.provider.url}/console/`);
    await page.getByLabel('Email address').fill(email);
    const since = world.mailbox.messages.length;
    await page.getByRole('button', { name: 'Send code' }).click();
    const code = await world.mailbox.codeFor(email, since);
    const field = page.getByLabel('Code');
    await field.waitFor();
    expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
    await field.fill(code === '000000' ? '111111' : '000000');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/code/i);
    await field.fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(`Signed in as ${email}`).waitFor();
    await page.getByRole('heading', { name: 'Acme Shop' }).waitFor();
    await page.close();
  }, 60_000);

  it('reads the audit log a page at a time with Show more', async () => {
    // Over 50 rows (the first page): links made, each one row.
    for (let made = 0; made < 48; made++) await link();
    const page = await world.browser.newPage();
    await page.goto(await link());
    await showSection(page, 'Audit log');
    const rows = page.locator('tbody tr');
    await page.getByRole('button', { name: 'Show more' }).waitFor();
    expect(await rows.count()).toBe(50);
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => rows.count()).toBeGreaterThan(50);
    await page.close();
  }, 120_000);
});
