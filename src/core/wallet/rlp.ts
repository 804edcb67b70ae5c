/** Recursive Length Prefix encoding (Ethereum yellow paper, appendix B), enough to serialize a transaction. */
import { bigintToBytes } from './hex.js';

/** A byte string, or a list of items. */
export type RlpItem = Uint8Array | readonly RlpItem[];

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** The prefix of a payload of `length` bytes: `short + length` below 56, else `long + len(length)` then length. */
function prefix(length: number, short: number, long: number): Uint8Array {
  if (length < 56) return Uint8Array.of(short + length);
  const lengthBytes = bigintToBytes(BigInt(length));
  return concat([Uint8Array.of(long + lengthBytes.length), lengthBytes]);
}

export function rlpEncode(item: RlpItem): Uint8Array {
  if (item instanceof Uint8Array) {
    // A single byte below 0x80 is its own encoding.
    if (item.length === 1 && item[0]! < 0x80) return item;
    return concat([prefix(item.length, 0x80, 0xb7), item]);
  }
  const payload = concat(item.map(rlpEncode));
  return concat([prefix(payload.length, 0xc0, 0xf7), payload]);
}

/** An integer as RLP writes it in a transaction: big-endian, no leading zeros, 0 as the empty string. */
export const rlpInteger = (value: bigint | number): Uint8Array => bigintToBytes(BigInt(value));
