import { describe, expect, it } from 'vitest';
import { explorerLink } from '../../../../src/core/wallet/send.js';
import { type Chain, sepolia } from '../../../../src/protocol/chains.js';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const custom = (testnet: boolean): Chain => ({
  id: 31337,
  name: 'Hardhat',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  testnet,
});

describe('block-explorer links (§2.3)', () => {
  it("links to the chain's own explorer", () => {
    expect(explorerLink(sepolia, 'address', ADDRESS)).toBe(`https://sepolia.etherscan.io/address/${ADDRESS}`);
    expect(explorerLink(sepolia, 'tx', '0xabc')).toBe('https://sepolia.etherscan.io/tx/0xabc');
  });

  it('falls back to the generic public explorer for a public chain that names none', () => {
    expect(explorerLink(custom(false), 'address', ADDRESS)).toBe(`https://blockscan.com/address/${ADDRESS}`);
  });

  it('gives no link for a testnet or local chain that names none', () => {
    expect(explorerLink(custom(true), 'address', ADDRESS)).toBeNull();
    expect(explorerLink(custom(true), 'tx', '0xabc')).toBeNull();
  });
});
