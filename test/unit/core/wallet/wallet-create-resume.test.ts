/**
 * Wallet creation on login, made during the success pause, and resumed on the next load when the
 * page went away before it finished: a logged-in user who should have a wallet and has
 * none gets one without the host asking; the provider's "one wallet per user" refusal (another
 * tab made it) recovers that wallet instead of failing.
 */

import { describe, expect, it, vi } from 'vitest';
import { submitCode, submitDestination } from '../../../../src/core/login/passwordless.js';
import { ONLY_ONE_WALLET_MESSAGE } from '../../../../src/protocol/error-messages.js';
import { SCREENS } from '../../../../src/protocol/screens.js';
import { loginByEmail, screen, successes } from '../../helpers/wallet-flows.js';
import { type FrameMessage, walletAccountWire } from './ethers-frame.js';
import { walletClient } from './wallet-client.js';

const usersWithoutWallets = { embeddedWallets: { createOnLogin: 'users-without-wallets' as const } };
const creates = (received: FrameMessage[]) => received.filter((m) => m.type === 'wallet:create');

describe('wallet creation during the success pause and after a reload', () => {
  it('asks the frame for the wallet while the success shows; the creation screen is skipped when it is done', async () => {
    let shownAtCreate: string | null | undefined;
    const seen: string[] = [];
    const client = await walletClient({
      withWallet: false,
      loggedIn: false,
      host: usersWithoutWallets,
      frame: {
        override: (message) => {
          if (message.type === 'wallet:create') shownAtCreate = screen(client.gatehouse);
          return undefined;
        },
      },
    });
    client.gatehouse.ctx.modal.$modal.listen((state) => {
      if (state.open && seen.at(-1) !== state.screen) seen.push(state.screen);
    });
    await loginByEmail(client, 'bob@example.com');
    await vi.waitFor(() => expect(client.created).toHaveLength(1), { timeout: 3000 });
    // The frame was asked with the success still on the screen, before the 900 ms pause ended.
    expect(shownAtCreate).toBe(SCREENS.awaitingPasswordlessCode);
    await vi.waitFor(() => expect(screen(client.gatehouse)).toBe(SCREENS.embeddedWalletCreated), {
      timeout: 3000,
    });
    expect(seen).not.toContain(SCREENS.embeddedWalletOnAccountCreate);
    expect(successes(client)[0]?.user.wallet?.address).toBe(client.frame.address);
  });

  it('the wallet frame loads while the visitor reads their code when the login may make a wallet', async () => {
    const client = await walletClient({ withWallet: false, loggedIn: false, host: usersWithoutWallets });
    await client.gatehouse.call('login', []);
    await submitDestination(client.gatehouse.ctx, 'email', 'bob@example.com');
    await vi.waitFor(() => expect(client.frame.mounted).toBe(1));
    expect(client.frame.received).toHaveLength(0);
    await submitCode(client.gatehouse.ctx, client.provider.codes.get('bob@example.com') as string);
    await vi.waitFor(() => expect(client.created).toHaveLength(1), { timeout: 3000 });
    expect(client.frame.mounted).toBe(1);

    const off = await walletClient({ withWallet: false, loggedIn: false });
    await off.gatehouse.call('login', []);
    await submitDestination(off.gatehouse.ctx, 'email', 'bob@example.com');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(off.frame.mounted).toBe(0);
  });

  it('a restored session of a user who should have a wallet and has none gets one, no modal, no host call', async () => {
    const client = await walletClient({ withWallet: false, host: usersWithoutWallets });
    await vi.waitFor(() => expect(client.created).toHaveLength(1), { timeout: 3000 });
    expect(creates(client.frame.received)).toHaveLength(1);
    expect(client.created[0]).toMatchObject({ address: client.frame.address, walletClientType: 'gatehouse' });
    expect(client.gatehouse.ctx.stores.$user.get()?.wallet?.address).toBe(client.frame.address);
    expect(screen(client.gatehouse)).toBeNull();
    expect(client.events.seen.map((e) => e.name)).not.toContain('login:error');
    // A second init() (the host's) does not make a second one.
    await client.gatehouse.call('init', [usersWithoutWallets]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(creates(client.frame.received)).toHaveLength(1);
  });

  it("'off', or a password required on creation: nothing is made in the background", async () => {
    const off = await walletClient({ withWallet: false });
    const password = await walletClient({
      withWallet: false,
      host: { embeddedWallets: { createOnLogin: 'all-users', requireUserPasswordOnCreate: true } },
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(off.frame.received).toHaveLength(0);
    expect(creates(password.frame.received)).toHaveLength(0);
    expect(screen(password.gatehouse)).toBeNull();
  });

  it("the provider's 'one wallet per user' (another tab made it): the user's wallet is read and loaded, no logout", async () => {
    let link: () => void = () => {};
    const client = await walletClient({
      withWallet: false,
      loggedIn: false,
      host: usersWithoutWallets,
      frame: {
        override: (message) => {
          if (message.type !== 'wallet:create') return undefined;
          link(); // the other tab's creation, landed first
          return { error: { type: 'error', message: ONLY_ONE_WALLET_MESSAGE } };
        },
      },
    });
    link = () => {
      for (const user of client.users.values())
        user.linked_accounts.push(walletAccountWire(client.frame.address));
    };
    await loginByEmail(client, 'alice@example.com');
    await vi.waitFor(() => expect(successes(client)).toHaveLength(1), { timeout: 3000 });
    expect(successes(client)[0]?.user.wallet?.address).toBe(client.frame.address);
    expect(client.gatehouse.ctx.session.authenticated).toBe(true);
    expect(client.events.seen.map((e) => e.name)).not.toContain('login:error');
    await vi.waitFor(() =>
      expect(client.frame.received.map((m) => m.type)).toEqual(['wallet:create', 'wallet:connect']),
    );
  });
});
