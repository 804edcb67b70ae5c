import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { bytesToHex } from '../../src/frame/farcaster/messages.js';
import { signerKeySlot } from '../../src/frame/farcaster/service.js';
import type { AuthResult } from '../../src/protocol/api.js';
import { HEADERS } from '../../src/protocol/constants.js';
import {
  FARCASTER_API_PATHS,
  FARCASTER_TEXTS,
  type FarcasterSignerResponse,
} from '../../src/protocol/farcaster.js';
import { FARCASTER_SIGNER_REQUEST_TTL_MS } from '../../src/server/services/farcaster/signers.js';
import { aliceWithWallet, openFarcasterFrame } from './farcaster-frame.js';
import {
  APP_FID,
  type FarcasterPeers,
  type FarcasterWorld,
  farcasterSuite,
  farcasterUser,
} from './farcaster-world.js';
import { ORIGIN, PUBLIC_URL } from './harness.js';
import { confirmByEmail, confirmByWallet, ticketOf } from './step-up-support.js';

const suite = farcasterSuite();
let peers: FarcasterPeers;
let w: FarcasterWorld;
let alice: AuthResult;
let frame: ReturnType<typeof openFarcasterFrame>;
let address: string;

beforeEach(async () => {
  ({ w, peers } = suite);
  ({ alice, frame, address } = await aliceWithWallet(w));
});

const initSigner = () => frame.request('farcaster:init-signer', { accessToken: alice.token, address });
const signerStatus = (key: string, token = alice.token) =>
  w.h.post(
    FARCASTER_API_PATHS.signerStatus,
    { ed25519_public_key: key },
    { authorization: `Bearer ${token}` },
  );
const accountOf = async () =>
  (await w.h.server.gatehouse.users.get(alice.user.id))?.linked_accounts.find((a) => a.type === 'farcaster');

describe('a signer approved in the Farcaster app', () => {
  it('asks for approval with a key made in the frame, vouched for by the app, and is approved', async () => {
    const { data, error } = await initSigner();
    expect(error).toBeUndefined();
    const signer = data as FarcasterSignerResponse;
    expect(signer).toEqual({
      public_key: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      status: 'pending_approval',
      signer_approval_url: expect.stringContaining(`${peers.signerApi.url}/approve?token=`),
    });
    // The signed key request API checked the app custody's EIP-712 signature against the registry.
    expect(peers.signerApi.requests.at(-1)).toMatchObject({
      key: signer.public_key,
      requestFid: APP_FID,
      state: 'pending',
    });
    expect((await signerStatus(signer.public_key)).json()).toMatchObject({ status: 'pending_approval' });

    peers.signerApi.approve(signer.public_key, w.alice.fid);
    const approved = await signerStatus(signer.public_key);
    expect(approved.json()).toEqual({
      public_key: signer.public_key,
      status: 'approved',
      signer_approval_url: null,
    });
    expect(await accountOf()).toMatchObject({ fid: w.alice.fid, signer_public_key: signer.public_key });
    expect((await initSigner()).data).toMatchObject({ public_key: signer.public_key, status: 'approved' });
    // A new login keeps the approved signer on the account.
    await w.login();
    expect(await accountOf()).toMatchObject({ signer_public_key: signer.public_key });

    // The private key stays in the frame: beside the device share, in no message and no request.
    const secret = await frame.store.get(w.h.appId, signerKeySlot(address));
    expect(secret?.length).toBe(32);
    const secretHex = bytesToHex(secret as Uint8Array).slice(2);
    for (const text of [...frame.wire, JSON.stringify(frame.posted)]) expect(text).not.toContain(secretHex);
    expect(frame.wire.join('')).not.toContain(Buffer.from(secret as Uint8Array).toString('base64'));
  });

  it('is revoked when the user refuses it, and the next request makes a new key', async () => {
    const first = (await initSigner()).data as FarcasterSignerResponse;
    peers.signerApi.revoke(first.public_key);
    expect((await signerStatus(first.public_key)).json()).toEqual({
      public_key: first.public_key,
      status: 'revoked',
      signer_approval_url: null,
    });
    expect(await accountOf()).toMatchObject({ signer_public_key: null });
    const second = (await initSigner()).data as FarcasterSignerResponse;
    expect(second.status).toBe('pending_approval');
    expect(second.public_key).not.toBe(first.public_key);
  });

  it('is revoked when another Farcaster account approves it', async () => {
    const signer = (await initSigner()).data as FarcasterSignerResponse;
    peers.signerApi.approve(signer.public_key, w.alice.fid + 1);
    expect((await signerStatus(signer.public_key)).json()).toMatchObject({ status: 'revoked' });
  });

  it('times out at its deadline (the server clock), then asks again for the same key', async () => {
    const signer = (await initSigner()).data as FarcasterSignerResponse;
    w.h.clock.advance(FARCASTER_SIGNER_REQUEST_TTL_MS);
    // The day-old access token has expired too: the page refreshes its session.
    const refreshed = await w.h.post('/api/v1/sessions', { refresh_token: alice.refresh_token });
    alice = { ...alice, token: refreshed.json<{ token: string }>().token };
    const expired = await signerStatus(signer.public_key);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'farcaster_signer_expired' });
    const again = (await initSigner()).data as FarcasterSignerResponse;
    expect(again).toMatchObject({ public_key: signer.public_key, status: 'pending_approval' });
    expect(again.signer_approval_url).not.toBe(signer.signer_approval_url);
  });
});

describe('signers after unlinking', () => {
  /**
   * A change of hers answered 403 with its ticket, approved in the frame's surface: by her wallet
   * while she has nothing else, then by the email she linked under that step-up.
   */
  async function approvedInFrame(asked: LightMyRequestResponse, by: 'wallet' | 'email'): Promise<void> {
    const ticket = ticketOf(asked);
    const [first] = ticket.factors;
    const user = by === 'wallet' ? confirmByWallet : confirmByEmail(w.h, 'alice@example.com');
    expect(first).toEqual(
      by === 'wallet' ? { id: 'wallet', label: '' } : { id: 'email', label: 'a•••@example.com' },
    );
    const request = { accessToken: alice.token, ticket: ticket.id, address };
    expect((await frame.request('wallet:step-up', request, { user })).data).toEqual({
      approved: true,
    });
  }

  it("forgets the account's signers when the account is unlinked (each change under a step-up)", async () => {
    const signer = (await initSigner()).data as FarcasterSignerResponse;
    peers.signerApi.approve(signer.public_key, w.alice.fid);
    expect((await signerStatus(signer.public_key)).json()).toMatchObject({ status: 'approved' });
    const bearer = { authorization: `Bearer ${alice.token}` };
    // She has a wallet: linking an email (her only way in besides Farcaster) and unlinking
    // Farcaster wait on a step-up. Nothing she had confirms the first, so her wallet on this device
    // does; the email, linked under it, confirms the next ones.
    const code = await w.h.requestCode('alice@example.com');
    const link = () => w.h.post('/api/v1/passwordless/link', { email: 'alice@example.com', code }, bearer);
    await approvedInFrame(await link(), 'wallet');
    expect((await link()).statusCode).toBe(200);
    const unlink = () => w.h.post(FARCASTER_API_PATHS.unlink, { fid: w.alice.fid }, bearer);
    await approvedInFrame(await unlink(), 'email');
    const unlinked = await unlink();
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect((await signerStatus(signer.public_key)).json()).toMatchObject({
      code: 'farcaster_account_required',
    });
    const relinked = await w.signIn();
    const body = {
      channel_token: relinked.channelToken,
      message: relinked.message,
      signature: relinked.signature,
      fid: relinked.fid,
    };
    const relink = () => w.h.post(FARCASTER_API_PATHS.link, body, bearer);
    await approvedInFrame(await relink(), 'email');
    expect((await relink()).statusCode).toBe(200);
    expect((await signerStatus(signer.public_key)).json()).toMatchObject({ code: 'not_found' });
    expect((await initSigner()).data).toMatchObject({
      public_key: signer.public_key,
      status: 'pending_approval',
    });
  });
});

describe('what a signer needs (§5)', () => {
  const signerInit = (token: string, headers: Record<string, string> = {}, key = `0x${'ab'.repeat(32)}`) =>
    w.h.inject({
      method: 'POST',
      url: FARCASTER_API_PATHS.signerInit,
      headers: {
        [HEADERS.appId]: w.h.appId,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...headers,
      },
      payload: JSON.stringify({ ed25519_public_key: key }),
    });

  it('needs an embedded wallet, a Farcaster account and the app identity; only the frame asks', async () => {
    const carol = farcasterUser(w.alice.fid + 1, 'carol');
    await w.register(carol);
    const noWallet = await w.login(carol);
    expect((await signerInit(noWallet.token)).json()).toEqual({
      code: 'embedded_wallet_required',
      message: FARCASTER_TEXTS.embeddedWalletRequired,
    });
    const bob = await w.h.login('bob@example.com');
    await openFarcasterFrame(w.h).request('wallet:create', { accessToken: bob.token });
    expect((await signerInit(bob.token)).json()).toEqual({
      code: 'farcaster_account_required',
      message: FARCASTER_TEXTS.accountRequired,
    });
    expect((await signerInit(alice.token, { origin: ORIGIN })).json()).toMatchObject({
      code: 'invalid_origin',
    });
    expect((await signerInit(alice.token, { origin: PUBLIC_URL })).statusCode).toBe(200);
    expect((await signerStatus(`0x${'cd'.repeat(32)}`)).json()).toMatchObject({ code: 'not_found' });
    await w.h.server.gatehouse.farcaster.settings.set(w.h.appId, 'farcaster.custody_key', null);
    const unset = await signerInit(alice.token, {}, `0x${'ef'.repeat(32)}`);
    expect(unset.statusCode).toBe(503);
    expect(unset.json()).toMatchObject({ code: 'farcaster_signer_unavailable' });
  });

  it('needs the wallet on the device the frame runs on', async () => {
    const elsewhere = openFarcasterFrame(w.h);
    const { error } = await elsewhere.request('farcaster:init-signer', { accessToken: alice.token, address });
    expect(error).toMatchObject({ type: 'wallet_not_on_device' });
  });
});
