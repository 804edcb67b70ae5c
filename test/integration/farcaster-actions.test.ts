import { MessageType, ReactionType } from '@farcaster/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { bytesToHex } from '../../src/frame/farcaster/messages.js';
import type { AuthResult } from '../../src/protocol/api.js';
import { HEADERS } from '../../src/protocol/constants.js';
import {
  FARCASTER_API_PATHS,
  FARCASTER_REACTION_TYPES,
  FARCASTER_TEXTS,
  type FarcasterSignerResponse,
} from '../../src/protocol/farcaster.js';
import { aliceWithWallet, openFarcasterFrame } from './farcaster-frame.js';
import { type FarcasterPeers, type FarcasterWorld, farcasterSuite } from './farcaster-world.js';
import { ORIGIN } from './harness.js';

const suite = farcasterSuite();
let peers: FarcasterPeers;
let w: FarcasterWorld;
let alice: AuthResult;
let frame: ReturnType<typeof openFarcasterFrame>;
let address: string;
let signer: FarcasterSignerResponse;

beforeEach(async () => {
  ({ w, peers } = suite);
  ({ alice, frame, address } = await aliceWithWallet(w));
  const init = await frame.request('farcaster:init-signer', { accessToken: alice.token, address });
  expect(init.error).toBeUndefined();
  signer = init.data as FarcasterSignerResponse;
  peers.signerApi.approve(signer.public_key, w.alice.fid);
  const status = await w.h.post(
    FARCASTER_API_PATHS.signerStatus,
    { ed25519_public_key: signer.public_key },
    { authorization: `Bearer ${alice.token}` },
  );
  expect(status.json()).toMatchObject({ status: 'approved' });
});

const BOB = 3;
const act = () => ({ accessToken: alice.token, address, fid: w.alice.fid });
const lastAtHub = () => peers.hub.messages.at(-1);

describe('Farcaster actions from the frame', () => {
  it('casts, likes, recasts, follows, unfollows and removes the cast; the hub accepts each as valid', async () => {
    const cast = await frame.request('farcaster:submit-cast', {
      ...act(),
      cast: {
        text: 'gm @bob 🌞',
        embeds: [{ url: 'https://example.com/post' }],
        mentions: [BOB],
        mentionsPositions: [3],
        parentUrl: 'https://warpcast.com/~/channel/gatehouse',
      },
    });
    expect(cast.error).toBeUndefined();
    const castHash = cast.data?.hash as string;
    expect(lastAtHub()).toMatchObject({
      type: MessageType.CAST_ADD,
      fid: w.alice.fid,
      hash: castHash,
      signer: signer.public_key,
    });
    expect(lastAtHub()?.data.castAddBody).toMatchObject({
      text: 'gm @bob 🌞',
      embeds: [{ url: 'https://example.com/post' }],
      mentions: [BOB],
      mentionsPositions: [3],
      parentUrl: 'https://warpcast.com/~/channel/gatehouse',
    });

    const target = { fid: w.alice.fid, hash: castHash };
    for (const [reactionType, expected] of [
      [FARCASTER_REACTION_TYPES.like, ReactionType.LIKE],
      [FARCASTER_REACTION_TYPES.recast, ReactionType.RECAST],
    ] as const) {
      const reaction = await frame.request('farcaster:react-to-cast', { ...act(), reactionType, target });
      expect(reaction.data?.hash).toBe(lastAtHub()?.hash);
      expect(lastAtHub()?.type).toBe(MessageType.REACTION_ADD);
      expect(lastAtHub()?.data.reactionBody?.type).toBe(expected);
      expect(bytesToHex(lastAtHub()?.data.reactionBody?.targetCastId?.hash as Uint8Array)).toBe(castHash);
    }

    for (const [type, expected] of [
      ['farcaster:submit-link', MessageType.LINK_ADD],
      ['farcaster:remove-link', MessageType.LINK_REMOVE],
    ] as const) {
      const link = await frame.request(type, { ...act(), targetFid: BOB });
      expect(link.data?.hash).toBe(lastAtHub()?.hash);
      expect(lastAtHub()).toMatchObject({
        type: expected,
        data: { linkBody: { type: 'follow', targetFid: BOB } },
      });
    }

    const removed = await frame.request('farcaster:remove-cast', { ...act(), hash: castHash });
    expect(removed.data?.hash).toBe(lastAtHub()?.hash);
    expect(lastAtHub()?.type).toBe(MessageType.CAST_REMOVE);
    expect(bytesToHex(lastAtHub()?.data.castRemoveBody?.targetHash as Uint8Array)).toBe(castHash);
    expect(peers.hub.messages.filter((m) => m.fid === w.alice.fid).length).toBeGreaterThanOrEqual(6);
  });
});

describe('what the provider and the hub refuse', () => {
  const submit = (message: string, origin?: string) =>
    w.h.inject({
      method: 'POST',
      url: FARCASTER_API_PATHS.submitMessage,
      headers: {
        [HEADERS.appId]: w.h.appId,
        authorization: `Bearer ${alice.token}`,
        'content-type': 'application/json',
        ...(origin ? { origin } : {}),
      },
      payload: JSON.stringify({ message }),
    });

  it("refuses another fid's message, a cast the frame finds wrong, and what the hub refuses", async () => {
    const otherFid = await frame.request('farcaster:submit-link', {
      ...act(),
      fid: w.alice.fid + 1,
      targetFid: BOB,
    });
    expect(otherFid.error).toEqual({
      type: 'error',
      message: "The Farcaster message is not valid: its fid is not the user's.",
    });
    const empty = await frame.request('farcaster:submit-cast', { ...act(), cast: { text: '' } });
    expect(empty.error).toEqual({
      type: 'invalid_request_arguments',
      message: 'The cast is not valid: the cast is empty.',
    });
    const long = await frame.request('farcaster:submit-cast', { ...act(), cast: { text: 'x'.repeat(321) } });
    expect(long.error?.message).toBe('The cast is not valid: text is over 320 bytes.');

    peers.hub.removeSigner(w.alice.fid, signer.public_key);
    const refused = await frame.request('farcaster:submit-link', { ...act(), targetFid: BOB });
    expect(refused.error?.message).toMatch(/^The Farcaster hub refused the message: invalid signer/);
  });

  it('forwards only messages signed by the approved signer, sent by the frame, untouched', async () => {
    const bobUser = await w.h.login('bob@example.com');
    const bobFrame = openFarcasterFrame(w.h);
    const bobWallet = (await bobFrame.request('wallet:create', { accessToken: bobUser.token })).data
      ?.address as string;
    const noAccount = await bobFrame.request('farcaster:init-signer', {
      accessToken: bobUser.token,
      address: bobWallet,
    });
    expect(noAccount.error).toEqual({ type: 'error', message: FARCASTER_TEXTS.accountRequired });

    // A key of this device the user never approved for the app.
    const other = openFarcasterFrame(w.h);
    await frame.store
      .get(w.h.appId, address)
      .then((share) => other.store.put(w.h.appId, address, share as Uint8Array));
    await other.request('farcaster:init-signer', { accessToken: alice.token, address });
    const unapproved = await other.request('farcaster:submit-link', { ...act(), targetFid: BOB });
    expect(unapproved.error).toEqual({ type: 'error', message: FARCASTER_TEXTS.signerRequired });
    // Approved too, that device's key signs for alice as well (the hub knows both keys).
    const otherKey = peers.signerApi.requests.at(-1)?.key as string;
    peers.signerApi.approve(otherKey, w.alice.fid);
    await w.h.post(
      FARCASTER_API_PATHS.signerStatus,
      { ed25519_public_key: otherKey },
      { authorization: `Bearer ${alice.token}` },
    );
    const approved = await other.request('farcaster:submit-link', { ...act(), targetFid: BOB });
    expect(approved.data?.hash).toBe(lastAtHub()?.hash);
    expect(lastAtHub()?.signer).toBe(otherKey);
    const noKey = await openFarcasterFrame(w.h).request('farcaster:submit-link', {
      ...act(),
      targetFid: BOB,
    });
    expect(noKey.error?.type).toBe('invalid_request_arguments');

    await frame.request('farcaster:submit-link', { ...act(), targetFid: BOB });
    const sent = JSON.parse(
      [...frame.wire].reverse().find((body) => body.includes('"message"')) as string,
    ) as {
      message: string;
    };
    expect((await submit(sent.message, ORIGIN)).json()).toMatchObject({ code: 'invalid_origin' });
    const bytes = Buffer.from(sent.message, 'base64');
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 1, bytes.length - 1);
    expect((await submit(bytes.toString('base64'))).json()).toEqual({
      code: 'invalid_farcaster_submission',
      message: 'The Farcaster message is not valid: the hash is not the hash of the data.',
    });
  });
});
