import { Message, MessageData, validations } from '@farcaster/core';
import { describe, expect, it } from 'vitest';
import { memoryStore } from '../../../src/frame/device-store.js';
import { farcasterHandlers } from '../../../src/frame/farcaster/handlers.js';
import { bytesToHex } from '../../../src/frame/farcaster/messages.js';
import { signerKeySlot } from '../../../src/frame/farcaster/service.js';
import { type FrameWindow, startFrame } from '../../../src/frame/messaging.js';
import {
  FARCASTER_API_PATHS,
  FARCASTER_TEXTS,
  type FarcasterSignerStatus,
} from '../../../src/protocol/farcaster.js';
import { FARCASTER_FRAME_REQUEST_TYPES } from '../../../src/protocol/farcaster-frame.js';
import { FARCASTER_FRAME_ERRORS } from '../../../src/protocol/farcaster-frame-errors.js';
import { WALLET_FRAME_SOURCE } from '../../../src/protocol/wallet-frame.js';
import { surfaceChannel } from '../helpers/surface-channel.js';

const HOST = 'https://host.example';
const PROVIDER = 'https://provider.example';
const APP = 'app-farcaster-test-0000001';
const WALLET = '0x1111111111111111111111111111111111111111';
const FID = 77;

/** The provider as the frame sees it: signer requests answered with `status`, messages validated and kept. */
function provider() {
  const state = {
    status: 'pending_approval' as FarcasterSignerStatus,
    refuse: undefined as undefined | { status: number; code: string; message: string },
  };
  const requests: Array<{ path: string; headers: Record<string, string>; body: Record<string, string> }> = [];
  const submitted: Message[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const body = JSON.parse(String(init?.body)) as Record<string, string>;
    requests.push({ path: url.pathname, headers: init?.headers as Record<string, string>, body });
    if (state.refuse) return Response.json(state.refuse, { status: state.refuse.status });
    if (url.pathname === FARCASTER_API_PATHS.signerInit) {
      const key = body.ed25519_public_key as string;
      return Response.json({
        public_key: key,
        status: state.status,
        signer_approval_url: `https://approve.example/${key}`,
      });
    }
    const message = Message.decode(Buffer.from(body.message as string, 'base64'));
    const valid = await validations.validateMessage(message);
    if (valid.isErr())
      return Response.json(
        { code: 'invalid_farcaster_submission', message: valid.error.message },
        { status: 400 },
      );
    submitted.push(message);
    return Response.json({ hash: bytesToHex(message.hash) });
  }) as typeof globalThis.fetch;
  return { state, requests, submitted, fetch };
}

function frame() {
  const peer = provider();
  const store = memoryStore();
  const posted: Array<{
    id?: string;
    data?: Record<string, unknown>;
    error?: { type: string; message: string };
  }> = [];
  const listeners: Array<(event: MessageEvent) => void> = [];
  const parent = { postMessage: (message: never) => posted.push(message) };
  const win: FrameWindow = {
    parent,
    addEventListener: (_t, l) => listeners.push(l),
    removeEventListener: () => undefined,
  };
  const handlers = farcasterHandlers(APP, store, { baseUrl: PROVIDER, appId: APP, fetch: peer.fetch });
  // No Farcaster request asks the user: the surface channel stays quiet.
  startFrame(win, HOST, handlers, surfaceChannel().hub);
  let next = 0;
  const deliver = (id: string, type: string, data: Record<string, unknown>) => {
    const event = { data: { source: WALLET_FRAME_SOURCE, id, type, data }, source: parent, origin: HOST };
    for (const listener of listeners) listener(event as unknown as MessageEvent);
  };
  async function request(type: string, data: Record<string, unknown>) {
    next += 1;
    const id = `f${next}`;
    deliver(id, type, data);
    await expect.poll(() => posted.find((m) => m.id === id), { timeout: 5000, interval: 5 }).toBeDefined();
    return posted.find((m) => m.id === id) as (typeof posted)[number];
  }
  return { peer, store, posted, request, deliver };
}

const base = { accessToken: 'token-1', address: WALLET, fid: FID };

describe('the Farcaster signer in the frame', () => {
  it('makes the key beside the device share, sends only its public key, and reuses it until refused', async () => {
    const { peer, store, posted, request } = frame();
    expect((await request('farcaster:init-signer', base)).error).toEqual({
      type: 'wallet_not_on_device',
      message: 'The wallet is not on this device; recover it.',
    });
    await store.put(APP, WALLET, Uint8Array.from([1, 2, 3]));
    const first = await request('farcaster:init-signer', base);
    const key = await store.get(APP, signerKeySlot(WALLET));
    expect(key?.length).toBe(32);
    expect(first.data).toMatchObject({
      status: 'pending_approval',
      public_key: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    expect(peer.requests.at(-1)).toMatchObject({
      path: FARCASTER_API_PATHS.signerInit,
      headers: { authorization: 'Bearer token-1', 'gatehouse-app-id': APP },
      body: { ed25519_public_key: first.data?.public_key },
    });
    expect((await request('farcaster:init-signer', base)).data?.public_key).toBe(first.data?.public_key);
    peer.state.status = 'revoked';
    const renewed = await request('farcaster:init-signer', base);
    expect(renewed.data?.public_key).not.toBe(first.data?.public_key);
    const secret = Buffer.from(key as Uint8Array).toString('hex');
    expect(JSON.stringify([posted, peer.requests])).not.toContain(secret);
  });

  it('answers every Farcaster request type and ignores others of the namespace', async () => {
    const { posted, request, deliver } = frame();
    for (const type of FARCASTER_FRAME_REQUEST_TYPES) {
      expect((await request(type, {})).error?.type, type).toBe('invalid_request_arguments');
    }
    deliver('unknown', 'farcaster:delete-account', base);
    deliver('proto', 'toString', base);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(posted.filter((m) => m.id === 'unknown' || m.id === 'proto')).toEqual([]);
  });
});

const REFUSALS: Array<[string, Record<string, unknown>, string]> = [
  ['farcaster:submit-cast', { ...base, cast: { text: '' } }, 'The cast is not valid: the cast is empty.'],
  [
    'farcaster:submit-cast',
    { ...base, cast: { text: 'é'.repeat(161) } },
    'The cast is not valid: text is over 320 bytes.',
  ],
  [
    'farcaster:submit-cast',
    {
      ...base,
      cast: {
        text: 'hi',
        parentUrl: 'https://a.example',
        parentCastId: { fid: 1, hash: `0x${'00'.repeat(20)}` },
      },
    },
    'The cast is not valid: a cast has parentCastId or parentUrl, not both.',
  ],
  [
    'farcaster:submit-cast',
    { ...base, cast: { text: 'hi', mentions: [2], mentionsPositions: [9] } },
    'The cast is not valid: mentionsPositions must be ascending byte positions in the text.',
  ],
  [
    'farcaster:react-to-cast',
    { ...base, reactionType: 3, target: { fid: 1, hash: `0x${'00'.repeat(20)}` } },
    FARCASTER_FRAME_ERRORS.invalidReactionType,
  ],
  ['farcaster:remove-cast', { ...base, hash: '0x12' }, FARCASTER_FRAME_ERRORS.invalidHash],
  ['farcaster:submit-link', { ...base, fid: 0, targetFid: 2 }, FARCASTER_FRAME_ERRORS.invalidFid],
];

describe('Farcaster actions in the frame', () => {
  async function ready() {
    const f = frame();
    await f.store.put(APP, WALLET, Uint8Array.from([1, 2, 3]));
    await f.request('farcaster:init-signer', base);
    return f;
  }

  it('signs each action with the signer key and submits it; the reply is the hash', async () => {
    const { peer, request } = await ready();
    const cast = await request('farcaster:submit-cast', {
      ...base,
      cast: { text: 'hello', parentCastId: { fid: 2, hash: `0x${'cd'.repeat(20)}` } },
    });
    const like = await request('farcaster:react-to-cast', {
      ...base,
      reactionType: 1,
      target: { fid: 2, hash: cast.data?.hash },
    });
    const follow = await request('farcaster:submit-link', { ...base, targetFid: 2 });
    const unfollow = await request('farcaster:remove-link', { ...base, targetFid: 2 });
    const removal = await request('farcaster:remove-cast', { ...base, hash: cast.data?.hash });
    const hashes = [cast, like, follow, unfollow, removal].map((reply) => reply.data?.hash);
    expect(peer.submitted.map((m) => bytesToHex(m.hash))).toEqual(hashes);
    const data = peer.submitted.map((m) => MessageData.decode(m.dataBytes as Uint8Array));
    expect(data.map((d) => [d.type, d.fid])).toEqual([
      [1, FID],
      [3, FID],
      [5, FID],
      [6, FID],
      [2, FID],
    ]);
    expect(data[0]?.castAddBody).toMatchObject({ text: 'hello', parentCastId: { fid: 2 } });
    expect(data[1]?.reactionBody?.type).toBe(1);
  });

  it('refuses bad requests with clear messages, and says what the provider refused', async () => {
    const { peer, request } = await ready();
    for (const [type, data, message] of REFUSALS) {
      expect((await request(type, data)).error, message).toEqual({
        type: 'invalid_request_arguments',
        message,
      });
    }
    const elsewhere = await request('farcaster:submit-link', {
      ...base,
      address: '0x2222222222222222222222222222222222222222',
      targetFid: 2,
    });
    expect(elsewhere.error).toEqual({
      type: 'invalid_request_arguments',
      message: FARCASTER_FRAME_ERRORS.noSignerKey,
    });
    peer.state.refuse = {
      status: 403,
      code: 'farcaster_signer_required',
      message: FARCASTER_TEXTS.signerRequired,
    };
    expect((await request('farcaster:submit-link', { ...base, targetFid: 2 })).error).toEqual({
      type: 'error',
      message: FARCASTER_TEXTS.signerRequired,
    });
  });
});
