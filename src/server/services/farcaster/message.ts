import { ed25519 } from '@noble/curves/ed25519.js';
import { blake3 } from '@noble/hashes/blake3.js';
import {
  FARCASTER_HASH_BYTES,
  FARCASTER_HASH_SCHEME_BLAKE3,
  FARCASTER_SIGNATURE_SCHEME_ED25519,
} from '../../../protocol/farcaster.js';

/** Why a submitted message was refused before it reached a hub. */
export class MessageFormatError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'MessageFormatError';
  }
}

/** The parts of a Farcaster `Message` (message.proto) the provider checks. */
export interface DecodedMessage {
  dataBytes: Uint8Array;
  hash: Uint8Array;
  hashScheme: number;
  signature: Uint8Array;
  signatureScheme: number;
  signer: Uint8Array;
  hasData: boolean;
}

/** The head of its `MessageData`: type, fid, timestamp (Farcaster seconds), network. */
export interface MessageHead {
  type: number;
  fid: number;
  timestamp: number;
  network: number;
}

const VARINT = 0;
const I64 = 1;
const LEN = 2;
const I32 = 5;

/** A protobuf reader of the wire format: varints (to 2^53), length-delimited fields, fixed skips. */
class Reader {
  at = 0;
  constructor(private readonly bytes: Uint8Array) {}

  get done(): boolean {
    return this.at >= this.bytes.length;
  }

  varint(): number {
    let value = 0;
    for (let shift = 0; shift < 56; shift += 7) {
      const byte = this.bytes[this.at++];
      if (byte === undefined) throw new MessageFormatError('the message ends inside a number');
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) {
        if (!Number.isSafeInteger(value)) break;
        return value;
      }
    }
    throw new MessageFormatError('a number of the message is too large');
  }

  bytesField(): Uint8Array {
    const length = this.varint();
    if (this.at + length > this.bytes.length) throw new MessageFormatError('the message ends inside a field');
    const value = this.bytes.subarray(this.at, this.at + length);
    this.at += length;
    return value;
  }

  skip(wireType: number): void {
    if (wireType === VARINT) this.varint();
    else if (wireType === LEN) this.bytesField();
    else if (wireType === I64 || wireType === I32) this.at += wireType === I64 ? 8 : 4;
    else throw new MessageFormatError(`unknown wire type ${wireType}`);
    if (this.at > this.bytes.length) throw new MessageFormatError('the message ends inside a field');
  }

  /** Each field's number and wire type, in order. */
  *fields(): Generator<{ field: number; wireType: number }> {
    while (!this.done) {
      const tag = this.varint();
      yield { field: Math.floor(tag / 8), wireType: tag % 8 };
    }
  }
}

/** Decodes a `Message`; the data must come as `data_bytes` (field 7), as Snapchain wants it. */
export function decodeMessage(bytes: Uint8Array): DecodedMessage {
  const reader = new Reader(bytes);
  const empty = new Uint8Array(0);
  const message: DecodedMessage = {
    dataBytes: empty,
    hash: empty,
    hashScheme: 0,
    signature: empty,
    signatureScheme: 0,
    signer: empty,
    hasData: false,
  };
  const bytesFields = { 2: 'hash', 4: 'signature', 6: 'signer', 7: 'dataBytes' } as const;
  for (const { field, wireType } of reader.fields()) {
    const name = bytesFields[field as keyof typeof bytesFields];
    if (name && wireType === LEN) message[name] = reader.bytesField();
    else if (field === 3 && wireType === VARINT) message.hashScheme = reader.varint();
    else if (field === 5 && wireType === VARINT) message.signatureScheme = reader.varint();
    else {
      if (field === 1) message.hasData = true;
      reader.skip(wireType);
    }
  }
  if (message.dataBytes.length === 0) throw new MessageFormatError('the message carries no data_bytes');
  return message;
}

/** Reads type, fid, timestamp and network of the message data (its body is the hub's to check). */
export function decodeHead(dataBytes: Uint8Array): MessageHead {
  const reader = new Reader(dataBytes);
  const head: MessageHead = { type: 0, fid: 0, timestamp: 0, network: 0 };
  const names = { 1: 'type', 2: 'fid', 3: 'timestamp', 4: 'network' } as const;
  for (const { field, wireType } of reader.fields()) {
    const name = names[field as keyof typeof names];
    if (name && wireType === VARINT) head[name] = reader.varint();
    else reader.skip(wireType);
  }
  return head;
}

/** The hash is BLAKE3 (20 bytes) of the data, and the signer's Ed25519 signature of the hash. */
export function verifyMessage(message: DecodedMessage): void {
  if (message.hashScheme !== FARCASTER_HASH_SCHEME_BLAKE3)
    throw new MessageFormatError('the hash scheme is not BLAKE3');
  const hash = blake3(message.dataBytes, { dkLen: FARCASTER_HASH_BYTES });
  if (message.hash.length !== hash.length || !hash.every((byte, i) => byte === message.hash[i])) {
    throw new MessageFormatError('the hash is not the hash of the data');
  }
  if (message.signatureScheme !== FARCASTER_SIGNATURE_SCHEME_ED25519) {
    throw new MessageFormatError('the signature scheme is not Ed25519');
  }
  let valid = false;
  try {
    valid = ed25519.verify(message.signature, message.hash, message.signer);
  } catch {
    valid = false;
  }
  if (!valid) throw new MessageFormatError('the signature is not by the signer');
}

export const toHex = (bytes: Uint8Array): string => `0x${Buffer.from(bytes).toString('hex')}`;
