import { verifyMessage } from 'ethers';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  addVirtualAuthenticator,
  continueWithPasskey,
  signUpWithPasskey,
  type VirtualAuthenticator,
} from './passkey-steps.js';
import { surfaceSays } from './surface-steps.js';
import {
  clickInSurface,
  openWalletPage,
  useWalletWorld,
  waitForDialog,
  waitForNoDialog,
  walletOf,
} from './wallet-world.js';

/**
 * A passkey as the second factor in real Chromium, its virtual authenticator standing in for the
 * device: enrolled on MFA_ENROLLMENT_FLOW_SCREEN (Recommended, first), then the verification a
 * wallet action asks for passed with the passkey in the provider-origin surface.
 */
useWalletWorld({
  providerHost: 'gatehouse.test',
  settings: ['passkey_auth=true', 'mfa_methods=totp,passkey'],
});

/** As continueWithPasskey, for an assertion: done once the authenticator has signed. */
async function assertWithPasskey(page: Page, authenticator: VirtualAuthenticator, title: string) {
  const signCount = async () => (await authenticator.credentials())[0]?.signCount ?? 0;
  const before = await signCount();
  await continueWithPasskey(page, title);
  await expect.poll(signCount, { timeout: 15_000 }).toBeGreaterThan(before);
}

describe('a passkey as the second factor', () => {
  it("is enrolled from the choice, then passes 'Verify your identity' for a wallet action", async () => {
    const { page, context, pageErrors } = await openWalletPage('/passkey-mfa.html');
    const authenticator = await addVirtualAuthenticator(context, page);
    await signUpWithPasskey(page);
    await waitForDialog(page, 'Your wallet is ready', 20_000);
    await waitForNoDialog(page, 6000);
    const address = (await walletOf(page)).active?.address as string;

    await page.evaluate(() => window.LoginWidget.showMfaEnrollment());
    const intro = await waitForDialog(page, 'Add two-step verification');
    await intro.getByRole('button', { name: 'Continue' }).click();
    const choose = await waitForDialog(page, 'Two-step verification');
    const methods = choose.getByRole('button', { name: /^(Passkey|Authenticator app)/ });
    expect(await methods.allTextContents()).toEqual(['Passkey · Recommended', 'Authenticator app ']);
    await choose.getByRole('button', { name: 'Passkey · Recommended' }).click();
    // The change's step-up (a user with a wallet), approved by the passkey; then the passkey proves itself.
    await assertWithPasskey(page, authenticator, 'Verify with your passkey');
    await assertWithPasskey(page, authenticator, 'Verify with your passkey');
    const done = await waitForDialog(page, 'Two-step verification is on', 20_000);
    expect(await page.evaluate(() => window.LoginWidget.user?.mfaMethods)).toEqual(['passkey']);
    await done.getByRole('button', { name: 'Done' }).click();
    await page.keyboard.press('Escape');
    await waitForNoDialog(page, 6000);

    // A reload: this Chromium keeps no storage for the provider's frame in a page of another site,
    // so the page is a new device to it. One touch of the passkey approves the device and is the
    // second factor's verification too (the provider answers its proof with the approval), before
    // the frame loads the key.
    await page.reload();
    await page.evaluate(() => window.LoginWidget.ready);
    const signed = page.evaluate(() => window.LoginWidget.signMessage('with my passkey') as Promise<string>);
    await waitForDialog(page, 'Load your account', 20_000);
    const touches = (await authenticator.credentials())[0]?.signCount ?? 0;
    await assertWithPasskey(page, authenticator, 'Verify with your passkey');
    await waitForDialog(page, 'Sign message', 20_000);
    await surfaceSays(page, 'with my passkey');
    await clickInSurface(page, 'Sign');
    expect(verifyMessage('with my passkey', await signed)).toBe(address);
    expect((await authenticator.credentials())[0]?.signCount).toBe(touches + 1);
    expect((await authenticator.credentials()).length).toBe(1);
    expect(pageErrors).toEqual([]);
  });
});
