/** Hex, bytes and JSON-RPC quantities, with bigints only (no floating point anywhere). */
import { WALLET_MESSAGES } from '../errors/wallet-messages.js';
import { internalError, invalidParams } from './provider-error.js';

const HEX = /^0x[0-9a-fA-F]*$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export const isHex = (value: unknown): value is string => typeof value === 'string' && HEX.test(value);

/** `0x` and 40 hex digits (the checksum, when mixed case, is the signer's and the node's business). */
export const isAddress = (value: unknown): value is string =>
  typeof value === 'string' && ADDRESS.test(value);

/** Bytes of a `0x` hex string of whole bytes. */
export function hexToBytes(hex: string): Uint8Array {
  if (!isHex(hex) || hex.length % 2 !== 0) throw invalidParams(WALLET_MESSAGES.invalidData);
  const bytes = new Uint8Array((hex.length - 2) / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(2 + 2 * i, 4 + 2 * i), 16);
  return bytes;
}

export function bytesToHex(bytes: Uint8Array): string {
  let hex = '0x';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** Big-endian bytes of a non-negative integer, without leading zeros (0 is no bytes). */
export function bigintToBytes(value: bigint): Uint8Array {
  if (value === 0n) return new Uint8Array(0);
  const hex = value.toString(16);
  return hexToBytes(`0x${hex.length % 2 ? '0' : ''}${hex}`);
}

/** A JSON-RPC quantity: `0x` and the shortest hex digits ('0x0' for zero). */
export const toQuantity = (value: bigint | number): string => `0x${BigInt(value).toString(16)}`;

/**
 * A caller's quantity (§5): a number (a non-negative safe integer), a bigint or a hex string;
 * anything else is refused with '{field} must be a number, bigint or hex string' (-32602).
 */
export function parseQuantity(value: unknown, field: string): bigint {
  if (typeof value === 'bigint' && value >= 0n) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)) return BigInt(value);
  throw invalidParams(WALLET_MESSAGES.invalidQuantity(field), { field, value: String(value) });
}

/** A quantity a chain node answered; anything but hex is a bad answer (-32603). */
export function nodeQuantity(value: unknown, method: string): bigint {
  if (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)) return BigInt(value);
  throw internalError(WALLET_MESSAGES.nodeInvalidAnswer(method));
}
