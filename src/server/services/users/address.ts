import { keccak_256 } from '@noble/hashes/sha3.js';
import { checksumAddress } from '../../../protocol/eip55.js';

/**
 * The EIP-55 (mixed-case checksum) form of a 0x address (protocol/eip55.ts). Here so that the
 * paths that only need this do not load ethers (about 0.5 s of start-up).
 */
export function getAddress(address: string): string {
  return checksumAddress(address, keccak_256);
}
