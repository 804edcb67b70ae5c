/**
 * External wallets in core over the fake provider with the siwe/* endpoints: chains and accounts (§4.5).
 */

import { describe, expect, it } from 'vitest';
import type { ConnectedWallet } from '../../../../src/protocol/external-wallet.js';
import { freshWallets } from '../../helpers/external-wallets.js';
import { siweClient } from '../../helpers/siwe-client.js';

describe('external wallets: chains and accounts (§4.5)', () => {
  it('an unsupported chain switches to the default chain on connect; 4902 adds it first', async () => {
    const t = await siweClient({
      host: { supportedChains: [11155111], shouldEnforceDefaultChainOnConnect: true },
    });
    await t.wallets.choose(t.detected, 'connect');
    expect(t.wallet.calls).toEqual([
      'eth_requestAccounts',
      'eth_chainId',
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ]);
    expect(t.wallet.chainId).toBe(11155111);
    expect((t.gatehouse.ctx.stores.$wallets.get() as ConnectedWallet[])[0]?.chainId).toBe(11155111);
    expect(t.gatehouse.ctx.modal.$modal.get().screen).toBe('CONNECT_ONLY_AUTHENTICATED_SCREEN');
    expect(t.gatehouse.ctx.stores.$authenticated.get()).toBe(false);
  });

  it('chainChanged updates the wallet; accountsChanged with no accounts disconnects it', async () => {
    const t = await siweClient();
    await t.wallets.choose(t.detected, 'connect');
    t.wallet.emit('chainChanged', '0x89');
    expect((t.gatehouse.ctx.stores.$wallets.get() as ConnectedWallet[])[0]?.chainId).toBe(137);
    t.wallet.emit('accountsChanged', []);
    expect(t.gatehouse.ctx.stores.$wallets.get()).toEqual([]);
    expect(t.seen.map((s) => s.name)).toEqual(['wallet:connected', 'wallet:disconnected']);
    expect(t.storage.getItem('gatehouse:wallet_connections')).toBeNull();
  });

  it('reconnects a remembered wallet on load with eth_accounts, without a prompt', async () => {
    const t = await siweClient();
    await t.wallets.choose(t.detected, 'connect');
    t.gatehouse.ctx.stores.$wallets.set([]);
    t.wallet.calls.length = 0;
    const again = freshWallets(t.gatehouse, { page: t.page, discoveryWaitMs: 5 });
    await again.reconnect();
    expect(t.wallet.calls).toEqual(['eth_accounts', 'eth_accounts', 'eth_chainId']);
    // The wallet answers in lower case; $wallets holds its EIP-55 form, as the user's accounts do.
    expect((t.gatehouse.ctx.stores.$wallets.get() as ConnectedWallet[]).map((w) => w.address)).toEqual([
      t.wallet.address,
    ]);
  });
});
