import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { WALLET_TEXT } from '../../src/core/text/wallet.js';
import { WALLET_FLOW_TEXT } from '../../src/core/text/wallet-flow.js';
import { addVirtualAuthenticator } from './passkey-steps.js';
import { setPasswordInSurface, surfaceSays, surfaceSettled } from './surface-steps.js';
import { clickInSurface, openWalletPage, useWalletWorld, waitForDialog, walletOf } from './wallet-world.js';

/**
 * An app whose new wallets are under the user's passkey (`embedded_wallet_config.recovery=passkey`),
 * in real Chromium with its virtual authenticator: the wallet a passkey sign-up creates asks that
 * passkey once more (the PRF, in the provider-origin surface) and is `passkey`-protected; an
 * authenticator without PRF gets a silent-recovery wallet, and the created screen says why.
 */
useWalletWorld({
  providerHost: 'gatehouse.test',
  settings: ['passkey_auth=true', 'embedded_wallet_config.recovery=passkey'],
});

const SHOTS = resolve(import.meta.dirname, '../../test-results/screenshots');
const shot = async (page: Page, name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  if (await page.locator('iframe[data-surface]').count()) await surfaceSettled(page);
  await page.screenshot({ path: join(SHOTS, `passkey-default-${name}.png`) });
};

/** A visitor signs up with a new passkey from LANDING ('Create a passkey' in the surface). */
async function signUpWithPasskey(page: Page) {
  await page.click('#login');
  const button = page.getByRole('dialog').getByRole('button', { name: 'Log in with passkey' });
  await button.waitFor({ timeout: 10_000 });
  await button.click();
  await surfaceSays(page, 'Log in with a passkey');
  await clickInSurface(page, 'Create a passkey');
  await surfaceSays(page, 'Create a passkey');
  await clickInSurface(page, 'Continue with passkey');
}

describe('passkey recovery by default at wallet creation', () => {
  it("a passkey sign-up's wallet is sealed under that passkey, one more click in the surface", async () => {
    const { page, context, pageErrors } = await openWalletPage('/passkey-default.html');
    await addVirtualAuthenticator(context, page);
    await signUpWithPasskey(page);
    await waitForDialog(page, WALLET_TEXT.creatingPasskeyTitle, 20_000);
    await surfaceSays(page, 'Only your passkey will be able to load your new wallet on another device.');
    await shot(page, 'create');
    await clickInSurface(page, 'Continue with passkey');
    await waitForDialog(page, WALLET_TEXT.createdTitle, 20_000);
    await shot(page, 'created');
    const { active } = await walletOf(page);
    expect(active).toMatchObject({ recoveryMethod: 'passkey' });
    expect(pageErrors).toEqual([]);
  });

  it('an authenticator without PRF: a silent-recovery wallet, and the created screen says why', async () => {
    const { page, context, pageErrors } = await openWalletPage('/passkey-default-no-prf.html');
    await addVirtualAuthenticator(context, page, { prf: false });
    await signUpWithPasskey(page);
    await surfaceSays(page, WALLET_TEXT.creatingPasskeyTitle, 20_000);
    await clickInSurface(page, 'Continue with passkey');
    const created = await waitForDialog(page, WALLET_TEXT.createdTitle, 20_000);
    const notice = WALLET_FLOW_TEXT.passkeyFallback.unavailable.login;
    await expect.poll(() => created.textContent()).toContain(notice);
    await shot(page, 'no-prf');
    const { active } = await walletOf(page);
    expect(active).toMatchObject({ recoveryMethod: 'gatehouse' });
    // The screen stays until the user has read it.
    await page.waitForTimeout(3000);
    expect(await created.isVisible()).toBe(true);
    await created.getByRole('button', { name: WALLET_TEXT.continue }).click();
    expect(pageErrors).toEqual([]);
  });

  it('a password required: the user cancels the passkey step, sets the password, and is told why', async () => {
    const path = '/passkey-default-password.html';
    const { page, context, pageErrors } = await openWalletPage(path, { requireUserPasswordOnCreate: true });
    await addVirtualAuthenticator(context, page);
    await signUpWithPasskey(page);
    await surfaceSays(page, WALLET_TEXT.creatingPasskeyTitle, 20_000);
    await clickInSurface(page, 'Cancel');
    await setPasswordInSurface(page, 'Correct-Horse-Battery-9');
    const created = await waitForDialog(page, WALLET_TEXT.createdTitle, 20_000);
    const notice = WALLET_FLOW_TEXT.passkeyFallback.skipped.password;
    await expect.poll(() => created.textContent()).toContain(notice);
    await shot(page, 'skipped-password');
    expect((await walletOf(page)).active).toMatchObject({ recoveryMethod: 'user-passcode' });
    expect(pageErrors).toEqual([]);
  });
});
