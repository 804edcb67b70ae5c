/**
 * The console's Security and Operators sections, in Chromium against the built provider: an
 * operator rotates the signing key and calls the rotation off, makes an app's API secret (shown
 * once, working for the server-to-server API) and replaces it after a confirmation; adds an
 * operator, cannot remove themselves, signs out; the next operator signing in on the same page
 * sees no app left open, removes the first, and the audit log names both by email, readable at
 * 390 px. axe-core finds nothing, light and dark; screenshots console-security-*.png,
 * console-operators-*.png and console-audit-emails-*.png at 1280×800 and 390×844.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, showSection } from './console-steps.js';
import { startWorld, type World } from './world.js';

let world: World;
beforeAll(async () => {
  world = await startWorld({ appName: 'Acme Shop', env: { GATEHOUSE_CONSOLE: 'true' } });
}, 60_000);
afterAll(() => world?.stop());

const asBackend = (secret: string) =>
  fetch(`${world.provider.url}/api/v1/users?limit=1`, {
    headers: { authorization: `Basic ${Buffer.from(`${world.appId}:${secret}`).toString('base64')}` },
  }).then((response) => response.status);

/** Signs in on the same page by a code mailed to `email` (no reload between operators). */
async function signInByCode(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email address').fill(email);
  const since = world.mailbox.messages.length;
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await world.mailbox.codeFor(email, since);
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText(`Signed in as ${email}`).waitFor();
}

describe('the console security and operators sections', () => {
  it('rotates a key and calls it off, makes an API secret shown once and replaces it', async () => {
    const page = await world.browser.newPage();
    await page.goto((await world.provider.cli('console', 'link')).trim());
    await showSection(page, 'Security');
    const keys = page.getByRole('list', { name: 'Signing keys' }).getByRole('listitem');
    await keys.filter({ hasText: 'Signs tokens' }).waitFor();
    await page.getByRole('button', { name: 'Rotate: add a new key' }).click();
    await page.getByText(/^Added signing key /).waitFor();
    const published = keys.filter({ hasText: 'Published, signs later' });
    await published.waitFor();
    await published.getByRole('button', { name: /^Retire / }).click();
    await page.getByText(/^Retired signing key /).waitFor();
    await expect.poll(() => keys.count()).toBe(1);

    await page.getByRole('button', { name: 'Make an API secret for Acme Shop' }).click();
    const field = page.getByLabel('New API secret of Acme Shop');
    await field.waitFor();
    const secret = await field.inputValue();
    expect(secret).toMatch(/^gh_sk_/);
    expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await asBackend(secret)).toBe(200);
    await page.getByText(/^Made /).waitFor();
    // At 390 px nothing is wider than the page: a key's id in a notice wraps.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkPage(page, 'security');

    // Replacing asks first; the old secret stops working, and a reload shows neither.
    await page.getByRole('button', { name: 'Make a new API secret for Acme Shop' }).click();
    await page.getByText('The current one stops working at once').waitFor();
    await page.getByRole('button', { name: 'Yes, make a new secret' }).click();
    await expect.poll(() => field.inputValue()).not.toBe(secret);
    expect(await asBackend(secret)).toBe(401);
    await page.reload();
    await page.getByText(/^Made /).waitFor();
    expect(await page.getByLabel('New API secret of Acme Shop').count()).toBe(0);
    expect(await page.content()).not.toContain('gh_sk_');
    await page.close();
  });

  it('adds an operator; the next one on the page sees no open app, removes the first, is named by email', async () => {
    const page = await world.browser.newPage();
    await page.goto((await world.provider.cli('console', 'link')).trim());
    await showSection(page, 'Operators');
    await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await page.getByRole('button', { name: 'Add operator' }).click();
    await page.getByText('Added operator ada@example.com').waitFor();
    const rows = page.getByRole('list', { name: 'Operators' }).getByRole('listitem');
    const self = rows.filter({ hasText: 'cli (you)' });
    await self.getByText('You cannot remove yourself').waitFor();
    expect(await self.getByRole('button').count()).toBe(0);
    await checkPage(page, 'operators');

    // cli searches the users, opens the app's page and signs out; Ada signs in on the same page.
    await showSection(page, 'Users');
    await page.getByLabel('Find users').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await showSection(page, 'Apps');
    await page.getByRole('button', { name: 'Manage Acme Shop' }).click();
    await page.getByRole('button', { name: 'Close' }).first().waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signInByCode(page, 'ada@example.com');
    await page.getByRole('heading', { name: 'Acme Shop' }).waitFor();
    expect(await page.getByRole('button', { name: 'Close' }).count()).toBe(0);
    await showSection(page, 'Users');
    expect(await page.getByLabel('Find users').inputValue()).toBe('');

    await showSection(page, 'Operators');
    const cli = rows.filter({ hasText: /^cli/ });
    await cli.getByRole('button', { name: 'Remove cli' }).click();
    await page.getByText('Remove cli? Their sessions end at once.').waitFor();
    await cli.getByRole('button', { name: 'Yes, remove cli' }).click();
    await page.getByText('Removed operator cli; their sessions have ended.').waitFor();
    await cli.getByText(/^Removed /).waitFor();

    await showSection(page, 'Audit log');
    const removal = page.getByRole('row').filter({ hasText: 'Operator removed' }).first();
    await expect.poll(() => removal.textContent()).toContain('ada@example.com');
    const added = page.getByRole('row').filter({ hasText: 'Operator added' }).first();
    expect(await added.textContent()).toMatch(/^cli/);
    await page.setViewportSize({ width: 390, height: 844 });
    // Narrow: nothing scrolls sideways, and the caption is whole within the page.
    const region = page.getByRole('region', { name: 'Audit log entries' });
    expect(await region.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    const caption = await page.locator('caption').boundingBox();
    expect((caption?.x ?? 0) + (caption?.width ?? 999)).toBeLessThanOrEqual(390);
    await checkPage(page, 'audit-emails');
  });
});
