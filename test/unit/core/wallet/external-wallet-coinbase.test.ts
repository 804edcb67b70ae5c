/**
 * External wallets in core over the fake provider with the siwe/* endpoints: Coinbase Wallet through @coinbase/wallet-sdk.
 */

import { describe, expect, it, vi } from 'vitest';
import { SIWE_API_PATHS } from '../../../../src/protocol/siwe-api.js';
import { FakeExtensionWallet } from '../../helpers/fake-eip1193.js';
import { siweClient } from '../../helpers/siwe-client.js';

describe('Coinbase Wallet through @coinbase/wallet-sdk', () => {
  it("uses the Coinbase extension the SDK finds, with the app's name and chains, and signs in", async () => {
    const t = await siweClient({ host: { supportedChains: [8453, 1] } });
    const extension = Object.assign(new FakeExtensionWallet(), {
      appInfo: [] as unknown[],
      setAppInfo(...info: unknown[]) {
        this.appInfo = info;
      },
    });
    extension.chainId = 8453;
    (globalThis as { coinbaseWalletExtension?: unknown }).coinbaseWalletExtension = extension;
    // The SDK asks the page's own origin for its Cross-Origin-Opener-Policy; this page has none.
    const pageFetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null));
    try {
      t.gatehouse.ctx.modal.open();
      const choice = t.wallets.choices([], ['coinbase_wallet']).find((c) => c.kind === 'coinbase');
      if (!choice) throw new Error('no Coinbase entry');
      await t.wallets.chooseWallet(choice, 'login');
    } finally {
      delete (globalThis as { coinbaseWalletExtension?: unknown }).coinbaseWalletExtension;
      pageFetch.mockRestore();
    }
    expect([extension.appInfo[0], extension.appInfo[2]]).toEqual(['Acme Shop', [8453, 1]]);
    expect(extension.calls).toEqual(['eth_requestAccounts', 'eth_chainId', 'personal_sign']);
    const [auth] = t.provider.callsTo(SIWE_API_PATHS.authenticate);
    expect(auth?.body).toMatchObject({
      chainId: 8453,
      walletClientType: 'coinbase_wallet',
      connectorType: 'coinbase_wallet',
    });
    expect(t.gatehouse.ctx.stores.$authenticated.get()).toBe(true);
  });
});
