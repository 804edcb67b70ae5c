import {
  CastType,
  FarcasterNetwork,
  Message,
  MessageData,
  makeCastAddData,
  makeCastRemoveData,
  makeLinkAddData,
  makeLinkRemoveData,
  makeReactionAddData,
  ReactionType,
  validations,
} from '@farcaster/core';
import { describe, expect, it } from 'vitest';
import {
  bytesToHex,
  encodeMessageData,
  farcasterTime,
  hexToBytes,
  type MessageBody,
  newSignerKey,
  signMessage,
} from '../../../src/frame/farcaster/messages.js';
import { FARCASTER_MESSAGE_TYPES } from '../../../src/protocol/farcaster.js';

const FID = 7261;
const NOW = Date.now();
const HASH = `0x${'ab'.repeat(20)}`;
const options = { fid: FID, network: FarcasterNetwork.MAINNET, timestamp: farcasterTime(NOW) };

/** @farcaster/core's own MessageData bytes for the same message. */
async function reference(made: ReturnType<typeof makeCastAddData>): Promise<Uint8Array> {
  const data = await made;
  if (data.isErr()) throw data.error;
  return MessageData.encode(data.value).finish();
}

const castId = { fid: 3, hash: hexToBytes(HASH) };
const cases: Array<[string, MessageBody, () => Promise<Uint8Array>]> = [
  [
    'a cast with a URL embed, a cast embed, a mention and a channel',
    {
      type: FARCASTER_MESSAGE_TYPES.castAdd,
      cast: {
        text: 'gm @bob ☀️',
        embeds: [{ url: 'https://example.com' }, { castId }],
        mentions: [3],
        mentionsPositions: [3],
        parentUrl: 'https://warpcast.com/~/channel/gm',
      },
    },
    () =>
      reference(
        makeCastAddData(
          {
            text: 'gm @bob ☀️',
            embeds: [{ url: 'https://example.com' }, { castId }],
            embedsDeprecated: [],
            mentions: [3],
            mentionsPositions: [3],
            parentUrl: 'https://warpcast.com/~/channel/gm',
            type: CastType.CAST,
          },
          options,
        ),
      ),
  ],
  [
    'a reply',
    {
      type: FARCASTER_MESSAGE_TYPES.castAdd,
      cast: { text: 'indeed', embeds: [], mentions: [], mentionsPositions: [], parentCastId: castId },
    },
    () =>
      reference(
        makeCastAddData(
          {
            text: 'indeed',
            embeds: [],
            embedsDeprecated: [],
            mentions: [],
            mentionsPositions: [],
            parentCastId: castId,
            type: CastType.CAST,
          },
          options,
        ),
      ),
  ],
  [
    'a cast removal',
    { type: FARCASTER_MESSAGE_TYPES.castRemove, targetHash: hexToBytes(HASH) },
    () => reference(makeCastRemoveData({ targetHash: hexToBytes(HASH) }, options) as never),
  ],
  [
    'a like',
    { type: FARCASTER_MESSAGE_TYPES.reactionAdd, reactionType: 1, target: castId },
    () => reference(makeReactionAddData({ type: ReactionType.LIKE, targetCastId: castId }, options) as never),
  ],
  [
    'a recast',
    { type: FARCASTER_MESSAGE_TYPES.reactionAdd, reactionType: 2, target: castId },
    () =>
      reference(makeReactionAddData({ type: ReactionType.RECAST, targetCastId: castId }, options) as never),
  ],
  [
    'a follow',
    { type: FARCASTER_MESSAGE_TYPES.linkAdd, targetFid: 3 },
    () => reference(makeLinkAddData({ type: 'follow', targetFid: 3 }, options) as never),
  ],
  [
    'an unfollow',
    { type: FARCASTER_MESSAGE_TYPES.linkRemove, targetFid: 3 },
    () => reference(makeLinkRemoveData({ type: 'follow', targetFid: 3 }, options) as never),
  ],
];

describe("the frame's Farcaster messages, byte for byte as @farcaster/core writes them", () => {
  it.each(cases)('%s', async (_name, body, expected) => {
    expect(bytesToHex(encodeMessageData(FID, NOW, body))).toBe(bytesToHex(await expected()));
  });

  it('signs the BLAKE3 hash with the Ed25519 key; @farcaster/core validates the message', async () => {
    const { secretKey, publicKey } = newSignerKey();
    const data = encodeMessageData(FID, NOW, { type: FARCASTER_MESSAGE_TYPES.linkAdd, targetFid: 3 });
    const signed = signMessage(data, secretKey);
    const message = Message.decode(signed.bytes);
    expect(message.data).toBeUndefined();
    expect(bytesToHex(message.signer)).toBe(publicKey);
    expect(bytesToHex(message.hash)).toBe(signed.hash);
    const valid = await validations.validateMessage(message);
    expect(valid.isOk(), valid.isErr() ? valid.error.message : '').toBe(true);

    const tampered = Message.decode(signed.bytes);
    tampered.dataBytes = encodeMessageData(FID, NOW, { type: FARCASTER_MESSAGE_TYPES.linkAdd, targetFid: 4 });
    expect((await validations.validateMessage(tampered)).isErr()).toBe(true);
  });
});
