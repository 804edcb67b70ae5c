/**
 * The recovery password flow in core (§4.6, §5): setWalletPassword() (splash, the five steps,
 * set-recovery-password in the frame), its errors, and requireUserPasswordOnCreate on login.
 */

import { describe, expect, it, vi } from 'vitest';
import { submitCode, submitDestination } from '../../../../src/core/login/passwordless.js';
import { walletActions, walletUi } from '../../../../src/core/wallet/embedded/index.js';
import type { User } from '../../../../src/protocol/client.js';
import { SCREENS } from '../../../../src/protocol/screens.js';
import { walletClient } from './wallet-client.js';

const screen = (gatehouse: { ctx: { modal: { $modal: { get(): { open: boolean; screen: string } } } } }) => {
  const state = gatehouse.ctx.modal.$modal.get();
  return state.open ? state.screen : null;
};

describe('setWalletPassword() (§4.6)', () => {
  it('splash, then creating → saving → confirming → finalizing → done; the frame re-splits under the password; a second call is refused', async () => {
    const { gatehouse, frame } = await walletClient();
    const done = gatehouse.call('setWalletPassword', []) as Promise<{ recoveryMethod: string }>;
    await vi.waitFor(() => expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletPasswordUpdateSplash));
    expect(walletUi(gatehouse.ctx).get().password).toMatchObject({
      step: 'creating',
      automatic: false,
      fileName: 'acme-shop-gatehouse-wallet-recovery.txt',
    });
    await walletActions(gatehouse.ctx).beginWalletPassword();
    expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletPasswordUpdate);
    // Continue stays while the password is empty or invalid (§5).
    await walletActions(gatehouse.ctx).walletPasswordNext();
    await walletActions(gatehouse.ctx).setWalletPasswordDraft('short');
    await walletActions(gatehouse.ctx).walletPasswordNext();
    expect(walletUi(gatehouse.ctx).get().password.step).toBe('creating');
    await walletActions(gatehouse.ctx).setWalletPasswordDraft('Secret-123');
    await walletActions(gatehouse.ctx).walletPasswordNext();
    expect(walletUi(gatehouse.ctx).get().password.step).toBe('saving');
    await walletActions(gatehouse.ctx).walletPasswordNext();
    await walletActions(gatehouse.ctx).walletPasswordBack();
    expect(walletUi(gatehouse.ctx).get().password.step).toBe('saving');
    await walletActions(gatehouse.ctx).walletPasswordNext();
    await walletActions(gatehouse.ctx).walletPasswordNext();
    expect(walletUi(gatehouse.ctx).get().password.step).toBe('finalizing');
    expect(frame.received.some((m) => m.type === 'wallet:set-recovery-password')).toBe(false);
    await walletActions(gatehouse.ctx).walletPasswordNext();
    expect(frame.received.find((m) => m.type === 'wallet:set-recovery-password')?.data).toMatchObject({
      address: frame.address,
      recoveryPassword: 'Secret-123',
    });
    expect(walletUi(gatehouse.ctx).get().password).toMatchObject({ step: 'done', error: null, password: '' });
    await expect(done).resolves.toMatchObject({ address: frame.address, recoveryMethod: 'user-passcode' });
    expect(gatehouse.ctx.stores.$user.get()?.wallet?.recoveryMethod).toBe('user-passcode');
    await expect(gatehouse.call('setWalletPassword', [])).rejects.toMatchObject({
      code: 'embedded_wallet_password_already_exists',
      message: 'Cannot set password, the wallet already has a password',
    });
  });

  it('a generated password can be used; closing a user-started flow rejects with user_exited_set_password_flow', async () => {
    const { gatehouse } = await walletClient();
    const done = gatehouse.call('setWalletPassword', []);
    await vi.waitFor(() => expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletPasswordUpdateSplash));
    await walletActions(gatehouse.ctx).generateWalletPassword();
    const { password, generated } = walletUi(gatehouse.ctx).get().password;
    expect(generated).toBe(true);
    expect(password).toMatch(/^[A-Za-z0-9!@#$%^&*()\-_+]{20}$/);
    gatehouse.ctx.modal.close();
    await expect(done).rejects.toMatchObject({ code: 'user_exited_set_password_flow' });
    expect(walletUi(gatehouse.ctx).get().password.password).toBe('');
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
    await gatehouse.call('login', []);
    await submitDestination(gatehouse.ctx, 'email', 'bob@example.com');
    await submitCode(gatehouse.ctx, provider.codes.get('bob@example.com')!);
    await vi.waitFor(() => expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletOnAccountCreate), {
      timeout: 3000,
    });
    expect(walletUi(gatehouse.ctx).get().create.passwordRequired).toBe(true);
    expect(walletUi(gatehouse.ctx).get().password.automatic).toBe(true);
    gatehouse.ctx.modal.close();
    expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletOnAccountCreate);
    await walletActions(gatehouse.ctx).setWalletPasswordDraft('Secret-123');
    for (let i = 0; i < 3; i++) await walletActions(gatehouse.ctx).walletPasswordNext();
    expect(frame.received.some((m) => m.type === 'wallet:create')).toBe(false);
    await walletActions(gatehouse.ctx).walletPasswordNext();
    expect(frame.received.find((m) => m.type === 'wallet:create')?.data.recoveryPassword).toBe('Secret-123');
    expect(walletUi(gatehouse.ctx).get().password.step).toBe('done');
    await vi.waitFor(() => expect(client.events.seen.map((e) => e.name)).toContain('login:success'));
    const success = client.events.seen.find((e) => e.name === 'login:success')?.detail as { user: User };
    expect(success.user.wallet).toMatchObject({ address: frame.address, recoveryMethod: 'user-passcode' });
    await vi.waitFor(() => expect(screen(gatehouse)).toBeNull(), { timeout: 3000 });
  });
});
