import { ethers } from 'ethers';
import { describe, expect, it } from 'vitest';
import { logInByEmail } from './steps.js';
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

describe('the embedded wallet on the dev chain', () => {
  it('a password-protected wallet asks for a mailed code, then "Load your account", on a fresh context; a wrong password is refused', async () => {
    const first = await openWalletPage('/secure.html');
    const bob = await logInAndCreate(first.page, BOB);

    // setWalletPassword: the host's splash, then the surface's steps — creating, saving,
    // confirming, finalizing — where the password is typed.
    const password = 'Sw0rdfish!!xy';
    const secured = first.page.evaluate(() => window.LoginWidget.setWalletPassword());
    const splash = await waitForDialog(first.page, 'Secure your account');
    await splash.getByRole('button', { name: 'Continue' }).click();
    await waitForDialog(first.page, 'Create a password');
    await setPasswordInSurface(first.page, password);
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
    expect(fresh.pageErrors).toEqual([]);
  });
});
