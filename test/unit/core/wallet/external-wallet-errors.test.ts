/**
 * External wallets in core: the §8 texts and codes of a wallet that fails, as AWAITING_CONNECTION
 * shows them and the host hears them (login:error, link:error, a rejected promise of type connector_error).
 */

import { describe, expect, it } from 'vitest';
import type { ConnectedWallet } from '../../../../src/protocol/external-wallet.js';
import { SiweProvider, siweClient } from '../../helpers/siwe-client.js';

/** A client whose wallet answers `method` with `answer` (a value, or a thrown error). */
async function walletAnswering(method: string, answer: { value?: unknown; error?: unknown }) {
  const t = await siweClient();
  const real = t.wallet.request;
  Object.assign(t.wallet, {
    request: async (args: { method: string; params?: unknown }) => {
      if (args.method !== method) return real(args);
      t.wallet.calls.push(method);
      if (answer.error) throw answer.error;
      return answer.value;
    },
  });
  const errors: unknown[] = [];
  t.events.target.addEventListener('login:error', (e) => errors.push((e as CustomEvent).detail));
  return { ...t, errors };
}

const screen = (t: { gatehouse: { ctx: { modal: { $modal: { get(): { screen: string } } } } } }) =>
  t.gatehouse.ctx.modal.$modal.get().screen;

describe('external wallets: §8 texts and codes', () => {
  it("no account from the wallet: 'Unable to retrieve accounts' (generic_connect_wallet_error), with Retry", async () => {
    const t = await walletAnswering('eth_requestAccounts', { value: [] });
    await t.wallets.choose(t.detected, 'login');
    expect(screen(t)).toBe('AWAITING_CONNECTION');
    expect(t.wallets.$flow.get().error).toEqual({
      code: 'generic_connect_wallet_error',
      message: 'Unable to retrieve accounts',
      detail: null,
      retryable: true,
    });
    expect(t.errors).toEqual([
      { code: 'generic_connect_wallet_error', message: 'Unable to retrieve accounts' },
    ]);
    expect(t.gatehouse.ctx.stores.$wallets.get()).toEqual([]);
  });

  it("a wallet that does not say its chain: 'Unable to determine current chainId.'; one that says no chain id: 'Unsupported chainId'", async () => {
    const silent = await walletAnswering('eth_chainId', { value: null });
    await silent.wallets.choose(silent.detected, 'login');
    expect(silent.wallets.$flow.get().error).toMatchObject({
      code: 'generic_connect_wallet_error',
      message: 'Unable to determine current chainId.',
      retryable: true,
    });
    const broken = await walletAnswering('eth_chainId', { error: new Error('not implemented') });
    await broken.wallets.choose(broken.detected, 'login');
    expect(broken.wallets.$flow.get().error?.message).toBe('Unable to determine current chainId.');

    const odd = await walletAnswering('eth_chainId', { value: 'mainnet' });
    await odd.wallets.choose(odd.detected, 'login');
    expect(odd.wallets.$flow.get().error).toMatchObject({
      code: 'generic_connect_wallet_error',
      message: 'Unsupported chainId',
    });
    expect(odd.errors).toEqual([{ code: 'generic_connect_wallet_error', message: 'Unsupported chainId' }]);
    expect(odd.gatehouse.ctx.stores.$authenticated.get()).toBe(false);
  });

  it("a signature that is no signature: 'Could not log in with wallet', nothing authenticated", async () => {
    const t = await walletAnswering('personal_sign', { value: null });
    await t.wallets.choose(t.detected, 'login');
    expect(t.wallets.$flow.get().error).toMatchObject({
      code: 'generic_connect_wallet_error',
      message: 'Could not log in with wallet',
      retryable: true,
    });
    expect(t.provider.callsTo('/api/v1/siwe/authenticate')).toEqual([]);
    expect(t.errors).toEqual([
      { code: 'generic_connect_wallet_error', message: 'Could not log in with wallet' },
    ]);
  });

  it('a connection failing in no way a wallet answers: unknown_connect_wallet_error and LOGIN_FAILED_SCREEN', async () => {
    const t = await walletAnswering('eth_requestAccounts', {
      error: new TypeError('provider.request is broken'),
    });
    await t.wallets.choose(t.detected, 'login');
    expect(screen(t)).toBe('LOGIN_FAILED_SCREEN');
    expect(t.errors).toEqual([
      { code: 'unknown_connect_wallet_error', message: 'Could not connect with wallet' },
    ]);
  });

  it("a wallet that is gone: loginOrLink() and switchChain() reject with connector_error 'Wallet is not currently connected.'", async () => {
    const t = await siweClient();
    await t.wallets.connectWallet();
    await t.wallets.choose(t.detected, 'connect');
    const [wallet] = t.gatehouse.ctx.stores.$wallets.get() as ConnectedWallet[];
    if (!wallet) throw new Error('the wallet did not connect');
    wallet.disconnect();
    const refusal = {
      type: 'connector_error',
      code: 'wallet_not_connected',
      message: 'Wallet is not currently connected.',
    };
    await expect(wallet.loginOrLink()).rejects.toMatchObject(refusal);
    await expect(wallet.switchChain(1)).rejects.toMatchObject(refusal);
    expect(t.provider.callsTo('/api/v1/siwe/init')).toEqual([]);
  });

  it("linking a wallet the user has already: link:error 'Wallet was already linked.', nothing sent", async () => {
    const provider = new SiweProvider();
    const t = await siweClient({ provider });
    const user = provider.createUser('linker@example.com');
    user.linked_accounts.push({
      type: 'wallet',
      address: t.wallet.address,
      chain_type: 'ethereum',
      wallet_client: 'unknown',
      wallet_client_type: 'rainbow',
      connector_type: 'injected',
      verified_at: 1,
      first_verified_at: 1,
      latest_verified_at: 1,
    } as never);
    t.gatehouse.ctx.session.signIn({ user, ...provider.issue(user), is_new_user: false });
    await t.wallets.linkWallet();
    await t.wallets.choose(t.detected, 'link');
    expect(t.wallets.$flow.get().error).toMatchObject({
      message: 'Wallet was already linked.',
      retryable: false,
    });
    expect(t.seen.filter((s) => s.name === 'link:error').map((s) => s.detail)).toEqual([
      { code: 'wallet_already_linked', message: 'Wallet was already linked.' },
    ]);
    expect(t.provider.callsTo('/api/v1/siwe/link')).toEqual([]);
  });

  it('connectOrCreateWallet() with a wallet connected: refused with a warning, the modal stays closed', async () => {
    const t = await siweClient();
    await t.wallets.connectWallet();
    await t.wallets.choose(t.detected, 'connect');
    t.gatehouse.ctx.modal.close();
    const warnings: unknown[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
    try {
      await t.gatehouse.call('connectOrCreateWallet', []);
    } finally {
      console.warn = warn;
    }
    expect(warnings).toEqual([
      'connectOrCreateWallet(): a wallet is connected; log in with its loginOrLink().',
    ]);
    expect(t.gatehouse.ctx.modal.$modal.get().open).toBe(false);
  });
});
