import { getAddress as ethersGetAddress, Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { getAddress } from '../../../src/server/services/users/address.js';

describe('EIP-55 addresses without ethers', () => {
  it('gives the checksum ethers gives, from lower, upper and checksummed input', () => {
    for (let i = 0; i < 50; i++) {
      const address = Wallet.createRandom().address;
      const lower = address.toLowerCase();
      expect(getAddress(lower)).toBe(ethersGetAddress(lower));
      expect(getAddress(`0x${lower.slice(2).toUpperCase()}`)).toBe(address);
      expect(getAddress(address)).toBe(address);
    }
  });

  it('refuses a wrong mixed-case checksum and anything that is not 20 bytes of hex', () => {
    const address = Wallet.createRandom().address;
    const flipped = address.replace(/[a-f]/, (c) => c.toUpperCase());
    if (flipped !== address) expect(() => getAddress(flipped)).toThrow();
    for (const bad of ['0x1234', `${address}00`, address.slice(2), `0x${'g'.repeat(40)}`]) {
      expect(() => getAddress(bad)).toThrow();
    }
  });
});
