/**
 * An external wallet's address in its EIP-55 form, the one casing the widget shows and reports
 * everywhere (the provider answers users' wallet accounts the same way). A chunk of its own, fetched
 * when a wallet first connects: Keccak-256 is not needed before.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { checksumAddress } from '../../../protocol/eip55.js';

export const checksum = (address: string): string => checksumAddress(address, keccak_256);
