/**
 * The console's Users section in Chromium, against the built provider with GATEHOUSE_CONSOLE=true:
 * a visitor logs in on the host page through the widget; the operator finds them by email, opens
 * their page and revokes their sessions; the host page's next session refresh (a reload) finds
 * them logged out. axe-core finds nothing on the list and the user's page, light and dark;
 * screenshots console-users-*.png at 1280×800 and 390×844. An authenticator app enrolled through the
 * API is removed from the user's page.
 */
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS } from '../../src/protocol/constants.js';
import { MFA_API_PATHS } from '../../src/protocol/mfa-api.js';
import { checkPage, seeAuditRow, showSection } from './console-steps.js';
import { logInByEmail, openHostPage } from './steps.js';
import { startWorld, type World } from './world.js';

let world: World;
beforeAll(async () => {
  world = await startWorld({
    appName: 'Acme Shop',
    env: { GATEHOUSE_CONSOLE: 'true' },
    settings: ['mfa.methods=totp'],
  });
}, 60_000);
afterAll(() => world?.stop());

const EMAIL = 'visitor@example.com';

/** Enrols an authenticator app for the holder of `token` through the API, as the wallet frame does. */
async function enrolTotp(token: string): Promise<void> {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${world.provider.url}${path}`, {
      method: 'POST',
      headers: {
        [HEADERS.appId]: world.appId,
        origin: world.provider.url,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    expect(response.status, path).toBe(200);
    return response.json() as Promise<{ secret: string }>;
  };
  const { secret } = await post(MFA_API_PATHS.totpInit, {});
  await post(MFA_API_PATHS.totpEnroll, { code: new TOTP({ secret: Secret.fromBase32(secret) }).generate() });
}

describe('the console users pages', () => {
  it('find a visitor, open their page, revoke their sessions: the host page is logged out', async () => {
    const host = await openHostPage(world, '/shop.html');
    await logInByEmail(world, host.page, EMAIL);
    await expect
      .poll(() => host.page.evaluate(() => window.LoginWidget.authenticated), { timeout: 10_000 })
      .toBe(true);
    await enrolTotp(await host.page.evaluate(() => window.LoginWidget.getAccessToken()));

    const page = await world.browser.newPage();
    await page.goto((await world.provider.cli('console', 'link')).trim());
    await showSection(page, 'Users');
    await page.getByLabel('App').selectOption({ label: 'Acme Shop' });
    await page.getByLabel('Find users').fill('VISITOR@');
    await page.getByRole('button', { name: 'Search' }).click();
    const open = page.getByRole('button', { name: `Open ${EMAIL}` });
    await open.waitFor();
    await checkPage(page, 'users');

    // Keyboard: Open is reached and pressed; the user's page takes the focus on its heading.
    await open.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Sessions' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('user-heading');
    await page.getByRole('cell', { name: EMAIL }).waitFor();
    await page.getByRole('button', { name: 'Remove totp' }).waitFor();
    await checkPage(page, 'user');

    await page.getByRole('button', { name: 'Remove totp' }).click();
    await page.getByText('The MFA method totp was removed.').waitFor();
    await page.getByText('No MFA method.').waitFor();

    await page.getByRole('button', { name: 'Revoke all sessions' }).click();
    await page.getByText('1 session revoked.').waitFor();
    await page.getByText('No live session.').waitFor();

    await host.page.reload();
    await host.page.evaluate(() => window.LoginWidget.ready);
    await expect.poll(() => host.page.evaluate(() => window.LoginWidget.authenticated)).toBe(false);
    expect(await host.page.evaluate(() => window.LoginWidget.getAccessToken())).toBeNull();
    expect(host.pageErrors).toEqual([]);

    // Delete: enabled once the email is typed exactly; then back at the results, which lack them.
    const remove = page.getByRole('button', { name: 'Delete user' });
    await page.getByLabel('User id or email address').fill('Visitor@example.com');
    expect(await remove.isDisabled()).toBe(true);
    await page.getByLabel('User id or email address').fill(EMAIL);
    await remove.click();
    await page.getByText('The user was deleted.').waitFor();
    await page.getByText('No user matches.').waitFor();
    await seeAuditRow(page, 'MFA method removed');
    await seeAuditRow(page, 'All sessions revoked');
    await seeAuditRow(page, 'User deleted');
  });
});
