/**
 * The embedded wallet in core over a wallet client whose frame holds a real key (ethers): connectOrCreateWallet() (§2.2, §6).
 */

import { afterEach, describe, expect, it, vi } from 'vitest';
import { submitCode, submitDestination } from '../../../../src/core/login/passwordless.js';
import { loginByEmail, screen, successes } from '../../helpers/wallet-flows.js';
import { walletClient } from './wallet-client.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('connectOrCreateWallet() (§2.2, §6)', () => {
  it('logged out: CONNECT_OR_CREATE; an email login there gets an embedded wallet, though createOnLogin is off', async () => {
    const client = await walletClient({ withWallet: false, loggedIn: false });
    const { gatehouse, frame, provider } = client;
    await gatehouse.call('connectOrCreateWallet', []);
    expect(screen(gatehouse)).toBe('CONNECT_OR_CREATE');
    await submitDestination(gatehouse.ctx, 'email', 'carol@example.com');
    await submitCode(gatehouse.ctx, provider.codes.get('carol@example.com')!);
    await vi.waitFor(() => expect(successes(client)).toHaveLength(1), { timeout: 3000 });
    expect(frame.received.filter((m) => m.type === 'wallet:create')).toHaveLength(1);
    expect(gatehouse.ctx.stores.$user.get()?.wallet).toMatchObject({
      address: frame.address,
      walletClientType: 'gatehouse',
    });

    // Only that login: the next one, with createOnLogin off, creates nothing.
    const again = await walletClient({ withWallet: false, loggedIn: false });
    await again.gatehouse.call('connectOrCreateWallet', []);
    again.gatehouse.ctx.modal.close();
    await loginByEmail(again, 'dave@example.com');
    await vi.waitFor(() => expect(successes(again)).toHaveLength(1));
    expect(again.frame.received.filter((m) => m.type === 'wallet:create')).toHaveLength(0);
  });

  it('logged in, with or without a wallet: refused — the login warning, no modal, no wallet created', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const withWallet of [false, true]) {
      const client = await walletClient({ withWallet });
      await client.gatehouse.call('connectOrCreateWallet', []);
      expect(client.frame.received.filter((m) => m.type === 'wallet:create')).toHaveLength(0);
      expect(client.gatehouse.ctx.modal.$modal.get().open).toBe(false);
    }
    expect(warn.mock.calls).toEqual([
      ['Attempted to log in, but the user is already logged in.'],
      ['Attempted to log in, but the user is already logged in.'],
    ]);
    warn.mockRestore();
  });
});
