import { ethers } from 'ethers';
import { describe, expect, it } from 'vitest';
import { logInByEmail } from './steps.js';
import {
  BOB,
  INVALID_RECOVERY_PASSWORD,
  logInAndCreate,
  openWalletPage,
  useWalletWorld,
  waitForDialog,
  waitForNoDialog,
  walletOf,
  world,
} from './wallet-world.js';

useWalletWorld();

describe('the embedded wallet on the dev chain', () => {
  it('a password-protected wallet asks "Load your account" on a fresh context; a wrong password is refused', async () => {
    const first = await openWalletPage('/secure.html');
    const bob = await logInAndCreate(first.page, BOB);

    // setWalletPassword through its screens: the splash, then creating, saving, confirming, finalizing.
    const password = 'Sw0rdfish!!xy';
    const secured = first.page.evaluate(() => window.LoginWidget.setWalletPassword());
    let dialog = await waitForDialog(first.page, 'Secure your account');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    dialog = first.page.getByRole('dialog');
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => dialog.getByText(password).count()).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByLabel('Confirm password').fill(password);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByLabel('I understand losing my password means losing my account.').check();
    await dialog.getByRole('button', { name: 'Set password' }).click();
    const wallet = await secured;
    expect(wallet).toMatchObject({ address: bob, recoveryMethod: 'user-passcode' });
    const done = await waitForDialog(first.page, 'Success');
    expect(await done.getByText('Your wallet is secured with your password.').isVisible()).toBe(true);
    await done.getByRole('button', { name: 'Close' }).last().click();
    await waitForNoDialog(first.page);

    const fresh = await openWalletPage('/secure-again.html');
    await logInByEmail(world, fresh.page, BOB);
    await expect
      .poll(() => fresh.page.evaluate(() => window.LoginWidget.authenticated), { timeout: 10_000 })
      .toBe(true);
    expect((await walletOf(fresh.page)).active).toMatchObject({
      address: bob,
      recoveryMethod: 'user-passcode',
    });

    const message = 'Signed after recovery';
    const signed = fresh.page.evaluate((m) => window.LoginWidget.signMessage(m) as Promise<string>, message);
    const recovery = await waitForDialog(fresh.page, 'Load your account');
    await recovery.getByLabel('Recovery password').fill('not-the-password');
    await recovery.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => recovery.getByRole('alert').textContent(), { timeout: 15_000 })
      .toBe(INVALID_RECOVERY_PASSWORD);
    await recovery.getByLabel('Recovery password').fill(password);
    await recovery.getByRole('button', { name: 'Continue' }).click();
    const sign = await waitForDialog(fresh.page, 'Sign message', 20_000);
    expect(await sign.locator('pre').textContent()).toBe(message);
    await sign.getByRole('button', { name: 'Sign and continue' }).click();
    expect(ethers.verifyMessage(message, await signed)).toBe(bob);
    expect(fresh.pageErrors).toEqual([]);
  });
});
