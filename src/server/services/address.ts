import { keccak_256 } from '@noble/hashes/sha3.js';

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * The EIP-55 (mixed-case checksum) form of a 0x address, as ethers' getAddress gives it: an
 * all-lower or all-upper address is accepted as it is, a mixed-case one only with the right
 * checksum. Here so that the paths that only need this do not load ethers (about 0.5 s of start-up).
 */
export function getAddress(address: string): string {
  if (!HEX_ADDRESS.test(address)) throw new Error(`not an address: ${address}`);
  const lower = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(lower));
  let checksummed = '0x';
  for (let i = 0; i < 40; i++) {
    const nibble = ((hash[i >> 1] as number) >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    checksummed += nibble >= 8 ? (lower[i] as string).toUpperCase() : lower[i];
  }
  const body = address.slice(2);
  const mixed = body !== body.toLowerCase() && body !== body.toUpperCase();
  if (mixed && checksummed !== address) throw new Error(`bad address checksum: ${address}`);
  return checksummed;
}
