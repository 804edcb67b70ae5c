/**
 * The embedded wallet in core over a wallet client whose frame holds a real key (ethers): creation on login per createOnLogin ('all-users', 'users-without-wallets', 'off') (§4.2, §6).
 */

import { afterEach, describe, expect, it, vi } from 'vitest';
import { walletUi } from '../../../../src/core/wallet/embedded/index.js';
import { WalletApiError } from '../../../../src/frame/wallet-api.js';
import { SCREENS } from '../../../../src/protocol/screens.js';
import { loginByEmail, screen, successes } from '../../helpers/wallet-flows.js';
import { walletAccountWire } from './ethers-frame.js';
import { walletClient } from './wallet-client.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('embeddedWallets.createOnLogin (§4.2, §6)', () => {
  it("'all-users': a new user gets a wallet after the login, sees EMBEDDED_WALLET_CREATED_SCREEN, closed after 2.5 s; login:success carries it", async () => {
    const client = await walletClient({
      withWallet: false,
      loggedIn: false,
      host: { embeddedWallets: { createOnLogin: 'all-users' } },
    });
    const { gatehouse, frame } = client;
    await loginByEmail(client, 'bob@example.com');
    await vi.waitFor(() => expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletCreated), { timeout: 3000 });
    const create = frame.received.find((m) => m.type === 'wallet:create');
    expect(typeof create?.data.accessToken).toBe('string');
    expect(create?.data).not.toHaveProperty('recoveryPassword');
    expect(walletUi(gatehouse.ctx).get().create).toMatchObject({
      status: 'created',
      address: frame.address,
      isNewUser: true,
    });
    expect(client.created).toEqual([
      {
        address: frame.address,
        chainType: 'ethereum',
        walletClientType: 'gatehouse',
        recoveryMethod: 'gatehouse',
      },
    ]);
    const [success] = successes(client);
    expect(success?.user.wallet?.address).toBe(frame.address);
    expect(gatehouse.ctx.stores.$user.get()?.wallet?.walletClientType).toBe('gatehouse');
    await vi.waitFor(() => expect(screen(gatehouse)).toBeNull(), { timeout: 4000 });
  });

  it("'users-without-wallets' leaves a user who has a wallet (an external one) as they are; 'off' creates nothing", async () => {
    const client = await walletClient({
      withWallet: false,
      loggedIn: false,
      host: { embeddedWallets: { createOnLogin: 'users-without-wallets' } },
    });
    client.user.linked_accounts.push({
      ...(walletAccountWire('0x000000000000000000000000000000000000bEEF') as object),
      wallet_client: 'metamask',
      wallet_client_type: 'metamask',
      connector_type: 'injected',
      recovery_method: undefined,
    } as never);
    await loginByEmail(client, 'alice@example.com');
    await vi.waitFor(() => expect(successes(client)).toHaveLength(1));
    expect(client.frame.received.filter((m) => m.type === 'wallet:create')).toHaveLength(0);

    const off = await walletClient({ withWallet: false, loggedIn: false });
    await loginByEmail(off, 'alice@example.com');
    await vi.waitFor(() => expect(successes(off)).toHaveLength(1));
    expect(off.frame.received).toHaveLength(0);
  });
});

describe('a user with nothing to confirm a new device with (§4.6)', () => {
  it('gets no silent recovery: the frame asks for a password at creation, in the surface on the creation screen', async () => {
    const client = await walletClient({
      withWallet: false,
      loggedIn: false,
      host: { embeddedWallets: { createOnLogin: 'all-users' } },
      frame: {
        provider: (m) =>
          m.type === 'wallet:create' && m.data.recoveryMethod !== 'user-passcode'
            ? new WalletApiError(403, 'recovery_password_required', 'A recovery password is required.')
            : undefined,
      },
    });
    const { gatehouse, frame } = client;
    await loginByEmail(client, 'bob@example.com');
    expect(await frame.surface.shows('password-set')).toEqual({
      kind: 'password-set',
      purpose: 'create',
      automatic: true,
    });
    expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletOnAccountCreate);
    expect(walletUi(gatehouse.ctx).get().surface).toMatchObject({ kind: 'password-set' });
    await frame.surface.password('Secret-123', 'password-set');
    await vi.waitFor(() => expect(successes(client)).toHaveLength(1), { timeout: 3000 });
    expect(successes(client)[0]?.user.wallet).toMatchObject({ recoveryMethod: 'user-passcode' });
    expect(frame.recoveryPassword).toBe('Secret-123');
    // The surface is over with its request.
    expect(walletUi(gatehouse.ctx).get().surface).toBeNull();
    await vi.waitFor(() => expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletCreated), { timeout: 3000 });
  });
});
