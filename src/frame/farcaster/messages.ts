/**
 * Farcaster messages (message.proto) built and signed in the frame: the MessageData of a cast, a
 * cast removal, a reaction or a link, hashed with BLAKE3 (20 bytes) and signed with the user's
 * Ed25519 signer key; sent as `data_bytes`, as Snapchain wants. The field order follows
 * @farcaster/core's encoder byte for byte (test/unit/frame/farcaster-messages.test.ts).
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { blake3 } from '@noble/hashes/blake3.js';
import {
  FARCASTER_EPOCH_MS,
  FARCASTER_FOLLOW_LINK,
  FARCASTER_HASH_BYTES,
  FARCASTER_HASH_SCHEME_BLAKE3,
  FARCASTER_MESSAGE_TYPES,
  FARCASTER_NETWORK_MAINNET,
  FARCASTER_SIGNATURE_SCHEME_ED25519,
  type FarcasterReactionType,
} from '../../protocol/farcaster.js';
import type { FarcasterCastId } from '../../protocol/farcaster-frame.js';
import { ProtoWriter } from './protobuf.js';

/** A cast as the message carries it: hashes as bytes. */
export interface CastBody {
  text: string;
  embeds: Array<{ url: string } | { castId: CastIdBytes }>;
  mentions: number[];
  mentionsPositions: number[];
  parentCastId?: CastIdBytes;
  parentUrl?: string;
}

export interface CastIdBytes {
  fid: number;
  hash: Uint8Array;
}

/** What a message is about; each becomes its MessageData body. */
export type MessageBody =
  | { type: typeof FARCASTER_MESSAGE_TYPES.castAdd; cast: CastBody }
  | { type: typeof FARCASTER_MESSAGE_TYPES.castRemove; targetHash: Uint8Array }
  | {
      type: typeof FARCASTER_MESSAGE_TYPES.reactionAdd;
      reactionType: FarcasterReactionType;
      target: CastIdBytes;
    }
  | {
      type: typeof FARCASTER_MESSAGE_TYPES.linkAdd | typeof FARCASTER_MESSAGE_TYPES.linkRemove;
      targetFid: number;
    };

/** MessageData fields of the bodies (cast_add_body 5, cast_remove_body 6, reaction_body 7, link_body 14). */
const BODY_FIELD = { cast: 5, castRemove: 6, reaction: 7, link: 14 } as const;

export const hexToBytes = (hex: string): Uint8Array =>
  Uint8Array.from((hex.replace(/^0x/, '').match(/../g) ?? []).map((pair) => Number.parseInt(pair, 16)));
export const bytesToHex = (bytes: Uint8Array): string =>
  `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;

export const castIdBytes = (castId: FarcasterCastId): CastIdBytes => ({
  fid: castId.fid,
  hash: hexToBytes(castId.hash),
});

const castId = (id: CastIdBytes): ProtoWriter => new ProtoWriter().uint(1, id.fid).bytesField(2, id.hash);

function castAddBody(cast: CastBody): ProtoWriter {
  const body = new ProtoWriter().packed(2, cast.mentions);
  if (cast.parentCastId) body.message(3, castId(cast.parentCastId));
  if (cast.parentUrl !== undefined) body.string(7, cast.parentUrl, true);
  body.string(4, cast.text).packed(5, cast.mentionsPositions);
  for (const embed of cast.embeds) {
    body.message(
      6,
      'url' in embed
        ? new ProtoWriter().string(1, embed.url, true)
        : new ProtoWriter().message(2, castId(embed.castId)),
    );
  }
  return body;
}

function writeBody(data: ProtoWriter, body: MessageBody): void {
  switch (body.type) {
    case FARCASTER_MESSAGE_TYPES.castAdd:
      data.message(BODY_FIELD.cast, castAddBody(body.cast));
      return;
    case FARCASTER_MESSAGE_TYPES.castRemove:
      data.message(BODY_FIELD.castRemove, new ProtoWriter().bytesField(1, body.targetHash));
      return;
    case FARCASTER_MESSAGE_TYPES.reactionAdd:
      data.message(
        BODY_FIELD.reaction,
        new ProtoWriter().uint(1, body.reactionType).message(2, castId(body.target)),
      );
      return;
    case FARCASTER_MESSAGE_TYPES.linkAdd:
    case FARCASTER_MESSAGE_TYPES.linkRemove:
      data.message(
        BODY_FIELD.link,
        new ProtoWriter().string(1, FARCASTER_FOLLOW_LINK).uint(3, body.targetFid),
      );
      return;
  }
}

/** Seconds since the Farcaster epoch. */
export const farcasterTime = (nowMs: number): number => Math.floor((nowMs - FARCASTER_EPOCH_MS) / 1000);

/** The MessageData bytes of a message by `fid` at `nowMs`. */
export function encodeMessageData(fid: number, nowMs: number, body: MessageBody): Uint8Array {
  const data = new ProtoWriter()
    .uint(1, body.type)
    .uint(2, fid)
    .uint(3, farcasterTime(nowMs))
    .uint(4, FARCASTER_NETWORK_MAINNET);
  writeBody(data, body);
  return data.finish();
}

/** A signed `Message`: its protobuf bytes and its hash (0x-hex). */
export interface SignedMessage {
  bytes: Uint8Array;
  hash: string;
}

/** Hashes the data (BLAKE3, 20 bytes), signs the hash with the signer key, wraps both in a Message. */
export function signMessage(dataBytes: Uint8Array, signerKey: Uint8Array): SignedMessage {
  const hash = blake3(dataBytes, { dkLen: FARCASTER_HASH_BYTES });
  const message = new ProtoWriter()
    .bytesField(2, hash)
    .uint(3, FARCASTER_HASH_SCHEME_BLAKE3)
    .bytesField(4, ed25519.sign(hash, signerKey))
    .uint(5, FARCASTER_SIGNATURE_SCHEME_ED25519)
    .bytesField(6, ed25519.getPublicKey(signerKey))
    .bytesField(7, dataBytes, true);
  return { bytes: message.finish(), hash: bytesToHex(hash) };
}

/** A new Ed25519 signer key (32 random bytes) and its public key. */
export function newSignerKey(): { secretKey: Uint8Array; publicKey: string } {
  const secretKey = ed25519.utils.randomSecretKey();
  return { secretKey, publicKey: bytesToHex(ed25519.getPublicKey(secretKey)) };
}

export const publicKeyOf = (secretKey: Uint8Array): string => bytesToHex(ed25519.getPublicKey(secretKey));
