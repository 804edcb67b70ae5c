import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ethers } from 'ethers';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSKEY_TEXT } from '../../src/core/text/passkey.js';
import {
  addVirtualAuthenticator,
  clearSiteData,
  continueWithPasskey,
  signUpWithPasskey,
  type VirtualAuthenticator,
} from './passkey-steps.js';
import { surfaceSays, surfaceSettled, verifyByEmail } from './surface-steps.js';
import {
  ALICE,
  clickInSurface,
  logInAndCreate,
  openWalletPage,
  useWalletWorld,
  waitForDialog,
  waitForNoDialog,
  walletOf,
  world,
} from './wallet-world.js';

/**
 * Passkeys in real Chromium, its virtual authenticator standing in for the device: every ceremony
 * runs in the provider-origin surface (RP ID the provider's host), the host page only frames it.
 */
const PROVIDER_HOST = 'gatehouse.test';
useWalletWorld({ providerHost: PROVIDER_HOST, settings: ['passkey_auth=true'] });

const SHOTS = resolve(import.meta.dirname, '../../test-results/screenshots');
/** A screenshot for a person to look at; with the surface in it, once it stands still. */
const shot = async (page: Page, name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  if (await page.locator('iframe[data-surface]').count()) await surfaceSettled(page);
  await page.screenshot({ path: join(SHOTS, `passkey-${name}.png`) });
};

interface Account {
  type: string;
  credentialId?: string;
}
const passkeysOf = (page: Page) =>
  page.evaluate(() =>
    (window.LoginWidget.user?.linkedAccounts ?? []).filter((a: { type: string }) => a.type === 'passkey'),
  ) as Promise<Account[]>;
const userIdOf = (page: Page) => page.evaluate(() => window.LoginWidget.user?.id as string | undefined);

/** A host call that opens the modal: its promise, left running while the user acts. */
function call<T>(page: Page, run: () => Promise<T>): Promise<T> {
  return page.evaluate(run);
}

/** loginWithPasskey() from the host page: the user it resolves with. */
const loginWithPasskey = (page: Page) =>
  call(page, () => window.LoginWidget.loginWithPasskey() as Promise<{ id: string }>);

describe('passkeys: sign up, log in, link, and a wallet only the passkey recovers', () => {
  let authenticator: VirtualAuthenticator;

  it('a visitor signs up with a passkey from LANDING, gets a wallet, and logs back in with it', async () => {
    const { page, context, pageErrors } = await openWalletPage('/passkey-signup.html');
    authenticator = await addVirtualAuthenticator(context, page);
    await page.click('#login');
    const landing = page.getByRole('dialog');
    const button = landing.getByRole('button', { name: 'Log in with passkey' });
    await button.waitFor({ timeout: 10_000 });
    await shot(page, 'landing');
    await button.click();
    await waitForDialog(page, 'Log in with passkey');
    await surfaceSays(page, 'Log in with a passkey');
    await shot(page, 'login');
    // No passkey on this device yet: 'Create a passkey' in the surface, then the ceremony.
    await clickInSurface(page, 'Create a passkey');
    await continueWithPasskey(page, 'Create a passkey');
    await waitForDialog(page, 'Your wallet is ready', 20_000);
    await waitForNoDialog(page, 6000);
    const id = await userIdOf(page);
    expect(id).toBeTruthy();
    expect(await passkeysOf(page)).toHaveLength(1);
    const [credential] = await authenticator.credentials();
    expect(credential?.rpId).toBe(PROVIDER_HOST);

    await page.evaluate(() => window.LoginWidget.logout());
    const again = loginWithPasskey(page);
    await waitForDialog(page, 'Log in with passkey');
    await continueWithPasskey(page, 'Log in with a passkey');
    expect((await again).id).toBe(id);
    await waitForNoDialog(page, 6000);
    expect(pageErrors).toEqual([]);
  });

  it('an email user adds a passkey, moves the wallet to it, and a new device recovers it with the passkey alone', async () => {
    const { page, context, pageErrors } = await openWalletPage('/passkey-alice.html');
    const alicePasskeys = await addVirtualAuthenticator(context, page);
    const address = await logInAndCreate(page, ALICE);
    const aliceId = await userIdOf(page);

    // Adding a way in to a user with a wallet waits on a factor she had: her email.
    const linked = call(page, () => window.LoginWidget.linkPasskey());
    await verifyByEmail(page, world.mailbox, ALICE);
    await continueWithPasskey(page, 'Add a passkey');
    const linkedAccounts = ((await linked) as { linkedAccounts: Account[] }).linkedAccounts;
    expect(linkedAccounts.filter((a) => a.type === 'passkey')).toHaveLength(1);
    await waitForNoDialog(page, 6000);

    const moved = call(page, () => window.LoginWidget.setWalletPasskey());
    await waitForDialog(page, PASSKEY_TEXT.recoveryTitle);
    await surfaceSays(page, 'Protect your wallet with your passkey');
    await shot(page, 'set-recovery');
    await continueWithPasskey(page, 'Protect your wallet with your passkey');
    expect(await moved).toMatchObject({ address, recoveryMethod: 'passkey' });
    await waitForNoDialog(page, 6000);

    // The passkey that protects the wallet cannot be unlinked while it does.
    const [passkey] = await passkeysOf(page);
    const refused = await page.evaluate(
      (id) =>
        window.LoginWidget.unlinkPasskey(id).then(
          () => 'unlinked',
          (error: { code?: string }) => error.code,
        ),
      passkey?.credentialId as string,
    );
    expect(refused).toBe('passkey_in_use');

    // A new device that syncs the passkey: nothing of either origin is left, the passkey is.
    await clearSiteData(alicePasskeys, [world.site.origin, world.provider.url]);
    await page.reload();
    await page.evaluate(() => window.LoginWidget.ready);
    const mailsBefore = world.mailbox.messages.length;
    const back = loginWithPasskey(page);
    await continueWithPasskey(page, 'Log in with a passkey');
    expect((await back).id).toBe(aliceId);
    await waitForNoDialog(page, 6000);
    expect((await walletOf(page)).active?.address).toBe(address);

    const message = 'Back with my passkey';
    const signature = call(page, () => window.LoginWidget.signMessage('Back with my passkey'));
    await waitForDialog(page, 'Load your account', 20_000);
    await surfaceSays(page, 'passkey');
    await shot(page, 'recover');
    await continueWithPasskey(page, 'passkey');
    await waitForDialog(page, 'Sign message', 20_000);
    await clickInSurface(page, 'Sign');
    expect(ethers.verifyMessage(message, (await signature) as string)).toBe(address);
    // No code was mailed for it: the passkey alone confirmed the device and opened the share.
    const codes = world.mailbox.messages.slice(mailsBefore).filter((m) => /code/i.test(m.subject));
    expect(codes).toEqual([]);
    expect((await alicePasskeys.credentials()).length).toBe(1);
    expect(pageErrors).toEqual([]);
  });

  it('an authenticator without PRF logs in, and moving the wallet to it is refused, saying what to do', async () => {
    const { page, context, pageErrors } = await openWalletPage('/passkey-no-prf.html');
    await addVirtualAuthenticator(context, page, { prf: false });
    await signUpWithPasskey(page);
    await waitForDialog(page, 'Your wallet is ready', 20_000);
    await waitForNoDialog(page, 6000);
    const refused = call(page, () =>
      window.LoginWidget.setWalletPasskey().then(
        () => 'moved',
        (error: { message?: string }) => error.message,
      ),
    );
    await waitForDialog(page, PASSKEY_TEXT.recoveryTitle);
    await continueWithPasskey(page, 'Protect your wallet with your passkey');
    await expect
      .poll(() => page.getByRole('dialog').textContent(), { timeout: 15_000 })
      .toContain(PASSKEY_TEXT.noPrf);
    await shot(page, 'no-prf');
    await page.keyboard.press('Escape');
    expect(await refused).not.toBe('moved');
    expect((await walletOf(page)).linked).toMatchObject({ recoveryMethod: 'gatehouse' });
    expect(pageErrors).toEqual([]);
  });
});
