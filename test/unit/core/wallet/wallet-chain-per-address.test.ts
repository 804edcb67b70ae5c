/**
 * The embedded wallet in core over a wallet client whose frame holds a real key (ethers): the chain remembered per address (§4.5).
 */

import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../../src/protocol/constants.js';
import { devChain, NODE_URL, walletClient } from './wallet-client.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('the chain remembered per address (§4.5)', () => {
  it('wallet_switchEthereumChain keeps the chain for this address in localStorage and fires chainChanged', async () => {
    const base = {
      id: 8453,
      name: 'Base',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [NODE_URL] } },
    };
    const { gatehouse, frame, storage } = await walletClient({
      host: { supportedChains: [31337, base], chains: [devChain(), base] } as never,
    });
    const provider = (await gatehouse.call('getEthereumProvider', [])) as {
      request(a: { method: string; params?: unknown }): Promise<unknown>;
      on(e: string, l: (v: unknown) => void): void;
    };
    const changes: unknown[] = [];
    provider.on('chainChanged', (id) => changes.push(id));
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69');
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] });
    expect(changes).toEqual(['0x2105']);
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.walletChains)!)).toEqual({
      [frame.address.toLowerCase()]: 8453,
    });
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x2105');
  });
});
