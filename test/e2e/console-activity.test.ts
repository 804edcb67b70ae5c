/**
 * The console's Activity section in Chromium: after a visitor logs in by email through the widget
 * on the host page, the section shows that login (by method, as a new user), the funnel's steps
 * and a wrong code's refusal; the range switch moves by arrow keys; axe-core finds nothing, light
 * and dark, and the page is saved at 1280×800 and 390×844 for a person to look at.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS } from '../../src/protocol/constants.js';
import { checkPage, showSection } from './console-steps.js';
import { logInByEmail, openHostPage, seenEvents } from './steps.js';
import { startWorld, type World } from './world.js';

let world: World;
beforeAll(async () => {
  world = await startWorld({ appName: 'Acme Shop', env: { GATEHOUSE_CONSOLE: 'true' } });
}, 60_000);
afterAll(() => world?.stop());

/** A visitor logs in on the host page; resolves once the widget has posted its login_success event. */
async function visitorLogsIn(email: string): Promise<void> {
  const { page, context } = await openHostPage(world, '/shop');
  const posted = page.waitForRequest(
    (request) =>
      request.url().endsWith('/api/v1/analytics_events') &&
      (request.postData() ?? '').includes('login_success'),
    { timeout: 20_000 },
  );
  await logInByEmail(world, page, email);
  await expect.poll(() => seenEvents(page), { timeout: 15_000 }).toContain('login:success');
  await (await posted).response();
  await context.close();
}

/** A wrong code sent for `email`, as a page of the app would: refused as invalid_credentials. */
async function wrongCode(email: string): Promise<void> {
  const response = await fetch(`${world.provider.url}/api/v1/passwordless/authenticate`, {
    method: 'POST',
    headers: { [HEADERS.appId]: world.appId, origin: world.site.origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email, code: '000000' }),
  });
  expect(((await response.json()) as { code: string }).code).toBe('invalid_credentials');
}

/** The cells of the funnel's row for `step`. */
const funnelRow = (page: Page, step: string) =>
  page.getByRole('table', { name: /Each step counted/ }).getByRole('row', { name: new RegExp(`^${step}`) });

describe('the Activity section', () => {
  it('shows a login made through the widget, and its range switches by keyboard', async () => {
    await visitorLogsIn('ada@example.com');
    await wrongCode('ada@example.com');
    const page = await world.browser.newPage();
    await page.goto((await world.provider.cli('console', 'link')).trim());
    await showSection(page, 'Activity');
    expect(new URL(page.url()).hash).toBe('#activity');
    await expect.poll(() => page.getByLabel('App').inputValue()).toBe(world.appId);
    await page.getByText('1 login in this range.').waitFor();
    await page.getByText('1 new user in this range.').waitFor();
    // The chart's hidden table reads the login under its method.
    await expect.poll(() => page.getByRole('columnheader', { name: 'Email code' }).count()).toBe(1);
    expect(await funnelRow(page, 'Login modal opened').textContent()).toContain('1');
    expect(await funnelRow(page, 'Code sent').textContent()).toContain('100%');
    expect(await funnelRow(page, 'Logged in').textContent()).toContain('100%');
    expect(await funnelRow(page, 'Wallet created').textContent()).toContain('0%');
    const errors = page.getByRole('table', { name: /Refused login requests/ });
    expect(await errors.getByRole('row', { name: /invalid_credentials/ }).textContent()).toContain('1');
    await checkPage(page, 'activity');

    // The range by keyboard: Tab onto the checked radio, arrows move the choice and reload.
    const week = page.getByRole('radio', { name: '7 days' });
    await week.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.getByRole('radio', { name: '24 hours' }).isChecked()).toBe(true);
    await page.getByText('By hour, in UTC.').waitFor();
    await page.getByText('1 login in this range.').waitFor();
    await checkPage(page, 'activity-24h');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByRole('radio', { name: '30 days' }).isChecked()).toBe(true);
    await page.getByText('By day, in UTC.').waitFor();
    await page.close();
  }, 120_000);
});
