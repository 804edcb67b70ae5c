import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createClient } from '@libsql/client';
import { ethers } from 'ethers';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { initOnDevChain, logInByEmail } from './steps.js';
import { scanSurface, setPasswordInSurface, surfaceSays, verifyByEmail } from './surface-steps.js';
import {
  BOB,
  clickInSurface,
  INVALID_RECOVERY_PASSWORD,
  logInAndCreate,
  openWalletPage,
  surfaceOf,
  useWalletWorld,
  waitForDialog,
  waitForNoDialog,
  walletOf,
  world,
} from './wallet-world.js';

useWalletWorld();

const CAROL = 'carol.wallet@example.com';

/**
 * setWalletPassword: the host's splash, then the surface's steps — creating, saving, confirming,
 * finalizing — where the password is typed; then 'Success', closed.
 */
async function secureWithPassword(page: Page, address: string, password: string): Promise<void> {
  const secured = page.evaluate(() => window.LoginWidget.setWalletPassword());
  const splash = await waitForDialog(page, 'Secure your account');
  await splash.getByRole('button', { name: 'Continue' }).click();
  await waitForDialog(page, 'Create a password');
  await setPasswordInSurface(page, password);
  expect(await secured).toMatchObject({ address, recoveryMethod: 'user-passcode' });
  const done = await waitForDialog(page, 'Success');
  expect(await done.getByText('Your wallet is secured with your password.').isVisible()).toBe(true);
  await done.getByRole('button', { name: 'Close' }).last().click();
  await waitForNoDialog(page);
}

/** The user's wallet made and secured with `password` in one browser; then the user logged in on a fresh one. */
async function securedThenNewBrowser(email: string, password: string, path: string) {
  const first = await openWalletPage(`${path}.html`);
  const address = await logInAndCreate(first.page, email);
  await secureWithPassword(first.page, address, password);
  const fresh = await openWalletPage(`${path}-again.html`);
  await logInByEmail(world, fresh.page, email);
  await expect
    .poll(() => fresh.page.evaluate(() => window.LoginWidget.authenticated), { timeout: 10_000 })
    .toBe(true);
  return { address, fresh };
}

/** Moves the interactive login of every session of the user with `email` `ms` into the past, in the provider's database. */
async function ageLogins(email: string, ms: number): Promise<void> {
  const client = createClient({ url: pathToFileURL(join(world.provider.dir, 'gatehouse.db')).href });
  try {
    await client.execute('PRAGMA busy_timeout = 5000');
    await client.execute({
      sql: `UPDATE sessions SET auth_time = COALESCE(auth_time, created_at) - ?
            WHERE user_id IN (SELECT user_id FROM linked_accounts WHERE type = 'email' AND subject = ?)`,
      args: [ms, email],
    });
  } finally {
    client.close();
  }
}

/** The page's access token dropped and the page loaded again: the token it then has is refreshed from the session's row. */
async function reloadWithRefreshedToken(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.removeItem('gatehouse:token'));
  await page.reload();
  await page.evaluate(() => window.LoginWidget.ready);
  await initOnDevChain(world, page);
}

/** signMessage from the page, as `{ code, message }` when it rejects. */
const signMessage = (page: Page, message: string) =>
  page.evaluate(
    (m) =>
      (window.LoginWidget.signMessage(m) as Promise<string>).catch(
        (error: { code?: unknown; message?: string }) => ({
          code: error.code,
          message: error.message,
        }),
      ),
    message,
  );

describe('the embedded wallet on the dev chain', () => {
  it('a password-protected wallet asks for a mailed code, then "Load your account", on a fresh context; a wrong password is refused', async () => {
    const password = 'Sw0rdfish!!xy';
    const { address: bob, fresh } = await securedThenNewBrowser(BOB, password, '/secure');
    expect((await walletOf(fresh.page)).active).toMatchObject({
      address: bob,
      recoveryMethod: 'user-passcode',
    });

    // A new browser: a code mailed to Bob's email first, then the password, both in the surface.
    const message = 'Signed after recovery';
    const signed = fresh.page.evaluate((m) => window.LoginWidget.signMessage(m) as Promise<string>, message);
    await waitForDialog(fresh.page, 'Load your account');
    await verifyByEmail(fresh.page, world.mailbox, BOB);
    const entry = surfaceOf(fresh.page).getByLabel('Recovery password');
    await entry.waitFor({ timeout: 20_000 });
    await entry.fill('not-the-password');
    await clickInSurface(fresh.page, 'Continue');
    await surfaceSays(fresh.page, INVALID_RECOVERY_PASSWORD);
    await scanSurface(fresh.page, "'Load your account', a refused password");
    await entry.fill(password);
    await clickInSurface(fresh.page, 'Continue');
    await waitForDialog(fresh.page, 'Sign message', 20_000);
    await surfaceSays(fresh.page, message);
    await clickInSurface(fresh.page, 'Sign');
    expect(ethers.verifyMessage(message, await signed)).toBe(bob);
    // Right after the recovery the wallet is on this device: its export asks for no password again.
    const exported = fresh.page.evaluate(() => window.LoginWidget.exportWallet() as Promise<void>);
    await waitForDialog(fresh.page, 'Export wallet');
    await surfaceOf(fresh.page)
      .getByRole('button', { name: 'Reveal private key' })
      .waitFor({ timeout: 20_000 });
    expect(await surfaceOf(fresh.page).getByLabel('Recovery password').count()).toBe(0);
    await fresh.page.keyboard.press('Escape');
    await exported;
    expect(fresh.pageErrors).toEqual([]);
  });

  it('after a login older than five minutes, a new browser still loads the wallet with its password; Escape rejects signMessage', async () => {
    const password = 'Old login & new browser 7';
    const { address: carol, fresh } = await securedThenNewBrowser(CAROL, password, '/old-login');
    // Ten minutes since the login: the provider's session says so, and so does the token the page holds.
    await ageLogins(CAROL, 10 * 60_000);
    await reloadWithRefreshedToken(fresh.page);
    const token = (await fresh.page.evaluate(() => window.LoginWidget.getAccessToken())) as string;
    const claims = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString());
    expect(Date.now() / 1000 - claims.auth_time).toBeGreaterThan(9 * 60);

    // 'Load your account', the mailed code, then Escape at the password: the call settles (4001).
    const given = signMessage(fresh.page, 'not signed');
    await waitForDialog(fresh.page, 'Load your account');
    await verifyByEmail(fresh.page, world.mailbox, CAROL);
    await surfaceOf(fresh.page).getByLabel('Recovery password').waitFor({ timeout: 20_000 });
    await fresh.page.keyboard.press('Escape');
    expect(await given).toMatchObject({ code: 4001 });
    await waitForNoDialog(fresh.page);

    // Again, to the end: the right password loads the wallet and the message is signed.
    const message = 'Signed ten minutes after the login';
    const signed = signMessage(fresh.page, message);
    await waitForDialog(fresh.page, 'Load your account');
    // The step-up this browser passed still holds: only the password is asked.
    const entry = surfaceOf(fresh.page).getByLabel('Recovery password');
    await entry.waitFor({ timeout: 20_000 });
    expect(await surfaceOf(fresh.page).getByText("Verify it's you").count()).toBe(0);
    await entry.fill('not the password');
    await clickInSurface(fresh.page, 'Continue');
    await surfaceSays(fresh.page, INVALID_RECOVERY_PASSWORD);
    await entry.fill(password);
    await clickInSurface(fresh.page, 'Continue');
    await waitForDialog(fresh.page, 'Sign message', 20_000);
    await surfaceSays(fresh.page, message);
    await clickInSurface(fresh.page, 'Sign');
    expect(ethers.verifyMessage(message, (await signed) as string)).toBe(carol);
    expect(fresh.pageErrors).toEqual([]);
  });
});
