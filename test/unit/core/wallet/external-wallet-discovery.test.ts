/**
 * External wallets in core over the fake provider with the siwe/* endpoints: discovery (EIP-6963, §4.4).
 */

import { describe, expect, it } from 'vitest';
import { WalletDiscovery } from '../../../../src/core/wallet/external/discovery.js';
import { FakeExtensionWallet, fakePage, RAINBOW_INFO } from '../../helpers/fake-eip1193.js';

describe('external wallets: discovery (EIP-6963, §4.4)', () => {
  it('lists announced wallets by their info, and window.ethereum only when no announcement carries it', async () => {
    const wallet = new FakeExtensionWallet();
    const page = fakePage(wallet);
    wallet.announceOn(page, RAINBOW_INFO);
    const discovery = new WalletDiscovery({ page, waitMs: 5 });
    expect(discovery.wallets().map((w) => w.info.name)).toEqual(['Rainbow']);

    const legacyOnly = new WalletDiscovery({
      page: fakePage(Object.assign(new FakeExtensionWallet(), { isMetaMask: true })),
      waitMs: 5,
    });
    expect(legacyOnly.wallets().map((w) => [w.info.name, w.info.rdns])).toEqual([
      ['MetaMask', 'io.metamask'],
    ]);
    await legacyOnly.settled;
  });
});
