/**
 * The recovery password flow in core (§4.6, §5): setWalletPassword() (splash, the five steps,
 * set-recovery-password in the frame), its errors, and requireUserPasswordOnCreate on login.
 */
import { describe, expect, it, vi } from 'vitest';
import type { User } from '../../../../src/protocol/client.js';
import { SCREENS } from '../../../../src/protocol/screens.js';
import { walletClient } from './wallet-client.js';

const screen = (gatehouse: { modal: { $modal: { get(): { open: boolean; screen: string } } } }) => {
  const state = gatehouse.modal.$modal.get();
  return state.open ? state.screen : null;
};

describe('setWalletPassword() (§4.6)', () => {
  it('splash, then creating → saving → confirming → finalizing → done; the frame re-splits under the password; a second call is refused', async () => {
    const { gatehouse, frame } = await walletClient();
    const done = gatehouse.call('setWalletPassword', []) as Promise<{ recoveryMethod: string }>;
    await vi.waitFor(() => expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletPasswordUpdateSplash));
    expect(gatehouse.$walletUi.get().password).toMatchObject({
      step: 'creating',
      automatic: false,
      fileName: 'acme-shop-gatehouse-wallet-recovery.txt',
    });
    await gatehouse.beginWalletPassword();
    expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletPasswordUpdate);
    // Continue stays while the password is empty or invalid (§5).
    await gatehouse.walletPasswordNext();
    await gatehouse.setWalletPasswordDraft('short');
    await gatehouse.walletPasswordNext();
    expect(gatehouse.$walletUi.get().password.step).toBe('creating');
    await gatehouse.setWalletPasswordDraft('Secret-123');
    await gatehouse.walletPasswordNext();
    expect(gatehouse.$walletUi.get().password.step).toBe('saving');
    await gatehouse.walletPasswordNext();
    await gatehouse.walletPasswordBack();
    expect(gatehouse.$walletUi.get().password.step).toBe('saving');
    await gatehouse.walletPasswordNext();
    await gatehouse.walletPasswordNext();
    expect(gatehouse.$walletUi.get().password.step).toBe('finalizing');
    expect(frame.received.some((m) => m.type === 'wallet:set-recovery-password')).toBe(false);
    await gatehouse.walletPasswordNext();
    expect(frame.received.find((m) => m.type === 'wallet:set-recovery-password')?.data).toMatchObject({
      address: frame.address,
      recoveryPassword: 'Secret-123',
    });
    expect(gatehouse.$walletUi.get().password).toMatchObject({ step: 'done', error: null, password: '' });
    await expect(done).resolves.toMatchObject({ address: frame.address, recoveryMethod: 'user-passcode' });
    expect(gatehouse.stores.$user.get()?.wallet?.recoveryMethod).toBe('user-passcode');
    await expect(gatehouse.call('setWalletPassword', [])).rejects.toMatchObject({
      code: 'embedded_wallet_password_already_exists',
      message: 'Cannot set password, the wallet already has a password',
    });
  });

  it('a generated password can be used; closing a user-started flow rejects with user_exited_set_password_flow', async () => {
    const { gatehouse } = await walletClient();
    const done = gatehouse.call('setWalletPassword', []);
    await vi.waitFor(() => expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletPasswordUpdateSplash));
    await gatehouse.generateWalletPassword();
    const { password, generated } = gatehouse.$walletUi.get().password;
    expect(generated).toBe(true);
    expect(password).toMatch(/^[A-Za-z0-9!@#$%^&*()\-_+]{20}$/);
    gatehouse.closeModal();
    await expect(done).rejects.toMatchObject({ code: 'user_exited_set_password_flow' });
    expect(gatehouse.$walletUi.get().password.password).toBe('');
  });

  it('a user without an embedded wallet is refused', async () => {
    const { gatehouse } = await walletClient({ withWallet: false });
    await expect(gatehouse.call('setWalletPassword', [])).rejects.toMatchObject({
      code: 'embedded_wallet_not_found',
      message: 'Must have a wallet to add a password',
    });
  });
});

describe('requireUserPasswordOnCreate (§4.6)', () => {
  it('the login asks for the password first (the modal cannot be closed), creates with it, closes 1400 ms after done', async () => {
    const client = await walletClient({
      withWallet: false,
      loggedIn: false,
      host: { embeddedWallets: { createOnLogin: 'all-users', requireUserPasswordOnCreate: true } },
    });
    const { gatehouse, provider, frame } = client;
    await gatehouse.login();
    await gatehouse.submitEmail('bob@example.com');
    await gatehouse.submitCode(provider.codes.get('bob@example.com')!);
    await vi.waitFor(() => expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletOnAccountCreate), {
      timeout: 3000,
    });
    expect(gatehouse.$walletUi.get().create.passwordRequired).toBe(true);
    expect(gatehouse.$walletUi.get().password.automatic).toBe(true);
    gatehouse.closeModal();
    expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletOnAccountCreate);
    await gatehouse.setWalletPasswordDraft('Secret-123');
    for (let i = 0; i < 3; i++) await gatehouse.walletPasswordNext();
    expect(frame.received.some((m) => m.type === 'wallet:create')).toBe(false);
    await gatehouse.walletPasswordNext();
    expect(frame.received.find((m) => m.type === 'wallet:create')?.data.recoveryPassword).toBe('Secret-123');
    expect(gatehouse.$walletUi.get().password.step).toBe('done');
    await vi.waitFor(() => expect(client.events.seen.map((e) => e.name)).toContain('login:success'));
    const success = client.events.seen.find((e) => e.name === 'login:success')?.detail as { user: User };
    expect(success.user.wallet).toMatchObject({ address: frame.address, recoveryMethod: 'user-passcode' });
    await vi.waitFor(() => expect(screen(gatehouse)).toBeNull(), { timeout: 3000 });
  });
});
