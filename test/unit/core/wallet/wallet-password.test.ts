/**
 * The recovery password flow in core (§4.6, §5): setWalletPassword() (the splash, then the
 * password set in the provider-origin surface, the frame re-splitting under it), closing it, and
 * requireUserPasswordOnCreate on login. The password never reaches this page.
 */

import { describe, expect, it, vi } from 'vitest';
import { submitCode, submitDestination } from '../../../../src/core/login/passwordless.js';
import { walletActions, walletUi } from '../../../../src/core/wallet/embedded/index.js';
import type { User } from '../../../../src/protocol/client.js';
import { SCREENS } from '../../../../src/protocol/screens.js';
import { screen } from '../../helpers/wallet-flows.js';
import { walletClient } from './wallet-client.js';

describe('setWalletPassword() (§4.6)', () => {
  it('the splash, then the password set in the surface; the frame re-splits under it; a second call is refused', async () => {
    const { gatehouse, frame } = await walletClient();
    const done = gatehouse.call('setWalletPassword', []) as Promise<{ recoveryMethod: string }>;
    await vi.waitFor(() => expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletPasswordUpdateSplash));
    expect(walletUi(gatehouse.ctx).get().password).toEqual({
      step: 'surface',
      automatic: false,
      error: null,
    });
    expect(frame.received.some((m) => m.type === 'wallet:set-recovery-password')).toBe(false);
    walletActions(gatehouse.ctx).beginWalletPassword();
    expect(await frame.surface.shows('password-set')).toEqual({
      kind: 'password-set',
      purpose: 'update',
      automatic: false,
    });
    expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletPasswordUpdate);
    expect(walletUi(gatehouse.ctx).get().surface).toMatchObject({ kind: 'password-set' });
    // §5 in the frame too: a short one is refused there, and the surface says why.
    await frame.surface.password('short', 'password-set');
    await vi.waitFor(() =>
      expect(frame.surface.latest()?.state.error).toBe('password must be at least 6 characters.'),
    );
    await frame.surface.password('Secret-123', 'password-set');
    await expect(done).resolves.toMatchObject({ address: frame.address, recoveryMethod: 'user-passcode' });
    expect(frame.recoveryPassword).toBe('Secret-123');
    expect(walletUi(gatehouse.ctx).get().password).toEqual({ step: 'done', automatic: false, error: null });
    expect(walletUi(gatehouse.ctx).get().surface).toBeNull();
    expect(gatehouse.ctx.stores.$user.get()?.wallet?.recoveryMethod).toBe('user-passcode');
    const set = frame.received.find((m) => m.type === 'wallet:set-recovery-password')!;
    expect(set.data).toEqual({ accessToken: expect.any(String), address: frame.address });
    expect(JSON.stringify(frame.received)).not.toContain('Secret-123');
    await expect(gatehouse.call('setWalletPassword', [])).rejects.toMatchObject({
      code: 'embedded_wallet_password_already_exists',
      message: 'Cannot set password, the wallet already has a password',
    });
  });

  it('closing a user-started flow, or its Cancel in the surface, rejects with user_exited_set_password_flow', async () => {
    const closed = await walletClient();
    const done = closed.gatehouse.call('setWalletPassword', []);
    await vi.waitFor(() => expect(screen(closed.gatehouse)).toBe(SCREENS.embeddedWalletPasswordUpdateSplash));
    walletActions(closed.gatehouse.ctx).beginWalletPassword();
    await closed.frame.surface.shows('password-set');
    closed.gatehouse.ctx.modal.close();
    await expect(done).rejects.toMatchObject({ code: 'user_exited_set_password_flow' });
    const set = closed.frame.received.find((m) => m.type === 'wallet:set-recovery-password')!;
    expect(closed.frame.received.find((m) => m.type === 'wallet:cancel')?.data).toEqual({ request: set.id });

    const cancelled = await walletClient();
    const again = cancelled.gatehouse.call('setWalletPassword', []);
    await vi.waitFor(() =>
      expect(screen(cancelled.gatehouse)).toBe(SCREENS.embeddedWalletPasswordUpdateSplash),
    );
    walletActions(cancelled.gatehouse.ctx).beginWalletPassword();
    await cancelled.frame.surface.cancel();
    await expect(again).rejects.toMatchObject({
      code: 'user_exited_set_password_flow',
      message: 'User exited the set password flow',
    });
    expect(cancelled.frame.recoveryPassword).toBeUndefined();
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
  it('the login asks for the password first, in the surface (the modal cannot be closed), creates with it, closes 1400 ms after done', async () => {
    const client = await walletClient({
      withWallet: false,
      loggedIn: false,
      host: { embeddedWallets: { createOnLogin: 'all-users', requireUserPasswordOnCreate: true } },
    });
    const { gatehouse, provider, frame } = client;
    await gatehouse.call('login', []);
    await submitDestination(gatehouse.ctx, 'email', 'bob@example.com');
    await submitCode(gatehouse.ctx, provider.codes.get('bob@example.com')!);
    expect(await frame.surface.shows('password-set')).toEqual({
      kind: 'password-set',
      purpose: 'create',
      automatic: true,
    });
    expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletOnAccountCreate);
    expect(walletUi(gatehouse.ctx).get().create.passwordRequired).toBe(true);
    expect(walletUi(gatehouse.ctx).get().password.automatic).toBe(true);
    expect(frame.received.find((m) => m.type === 'wallet:create')?.data).toEqual({
      accessToken: expect.any(String),
      recoveryMethod: 'user-passcode',
      automatic: true,
    });
    gatehouse.ctx.modal.close();
    expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletOnAccountCreate);
    await frame.surface.password('Secret-123', 'password-set');
    await vi.waitFor(() => expect(walletUi(gatehouse.ctx).get().password.step).toBe('done'));
    const doneAt = Date.now();
    await vi.waitFor(() => expect(client.events.seen.map((e) => e.name)).toContain('login:success'));
    const success = client.events.seen.find((e) => e.name === 'login:success')?.detail as { user: User };
    expect(success.user.wallet).toMatchObject({ address: frame.address, recoveryMethod: 'user-passcode' });
    expect(frame.recoveryPassword).toBe('Secret-123');
    await vi.waitFor(() => expect(screen(gatehouse)).toBeNull(), { timeout: 3000 });
    expect(Date.now() - doneAt).toBeGreaterThanOrEqual(1300);
  });
});
