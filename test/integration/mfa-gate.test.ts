import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DeviceKey, newDeviceKey } from '../../src/frame/device-key.js';
import { newEntropy, rebuild, reconstruct, splitEntropy, walletFromEntropy } from '../../src/frame/keys.js';
import { type WalletApi, walletApi } from '../../src/frame/wallet-api.js';
import type { UserWire } from '../../src/protocol/api.js';
import { MFA_API_PATHS, type MfaProofResponse } from '../../src/protocol/mfa-api.js';
import { TwilioPeer, twilioAccount } from '../support/twilio.js';
import { frameFetch } from './frame-fetch.js';
import { type Harness, PUBLIC_URL } from './harness.js';
import { asFrame, authenticatorCode, enrolTotp, startMfaHarness } from './mfa-support.js';
import { approveByEmail, askRecovery, laterLogin, ticketOf } from './step-up-support.js';
import { refusal } from './wallet-support.js';

/**
 * The gate of §6 on the provider: with MFA enrolled, an access token alone gets no share and no
 * reshare — nor does a new device whose step-up a mailed code approved; a proof of this user and
 * this session does; anyone else's proof does not. (Enrolling the authenticator of a user with a
 * wallet waits on a step-up first, approved here by the wallet itself.)
 */
const ALICE = 'alice@example.com';
const account = twilioAccount();
let twilio: TwilioPeer;
let h: Harness;
let api: WalletApi;

interface Person {
  token: string;
  user: UserWire;
  address: string;
  device: Uint8Array;
  /** The device key of the browser that created the wallet. */
  key: DeviceKey;
  secret: string;
}
let alice: Person;
let bob: Person;

/**
 * Logs in, creates the wallet through the frame's own client (no MFA yet), enrols an
 * authenticator: with a wallet, after a step-up, approved here by a code mailed to the signup email.
 */
async function person(email: string): Promise<Person> {
  const { token, user } = await h.login(email);
  const entropy = newEntropy();
  const wallet = await walletFromEntropy(entropy);
  const shares = await splitEntropy(entropy);
  const stored = { recoveryMethod: 'gatehouse' as const, authShare: shares.auth, recovery: shares.recovery };
  const key = await newDeviceKey();
  const sign = (message: string) => wallet.signMessage(message);
  await api.create(token, wallet.address, stored, { device: key, signAddress: sign });
  const ticket = ticketOf(await asFrame(h, MFA_API_PATHS.totpInit, token));
  expect(ticket).toMatchObject({ action: 'mfa_enroll', account: { type: 'totp' } });
  await approveByEmail(h, token, ticket.id, email);
  const { secret } = await enrolTotp(h, token);
  return { token, user, address: wallet.address, device: shares.device, key, secret };
}

/** A verification by authenticator, a step after the last one used. */
async function verify(who: Person, token = who.token): Promise<string> {
  h.clock.advance(30_000);
  const code = authenticatorCode(who.secret, h.clock.now());
  const response = await asFrame(h, MFA_API_PATHS.totpVerify, token, { code });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MfaProofResponse>().proof;
}

/** A new device key whose recovery step-up a code mailed to Alice approved (`token`: a session after her signup). */
async function approvedDevice(token: string, address: string): Promise<DeviceKey> {
  const { response, device } = await askRecovery(h, token, address);
  await approveByEmail(h, token, ticketOf(response).id, ALICE);
  return device;
}

/** The proofs of `who`'s browser, with an MFA proof or none. */
const proofs = (who: Person, mfaProof?: string) => ({ device: who.key, mfaProof });

/** A new split of the same key, as set-password makes it: the new device share and what the server keeps. */
async function newShares(who: Person, proof: string) {
  const { wallet, entropy } = await rebuild(
    who.device,
    await api.authShare(who.token, who.address, proofs(who, proof)),
    who.address,
  );
  const shares = await splitEntropy(entropy);
  return {
    device: shares.device,
    stored: { recoveryMethod: 'gatehouse' as const, authShare: shares.auth, recovery: shares.recovery },
    signAddress: (message: string) => wallet.signMessage(message),
  };
}

beforeAll(async () => {
  twilio = new TwilioPeer(account);
  await twilio.start();
  h = await startMfaHarness(twilio, account);
  api = walletApi({ baseUrl: PUBLIC_URL, appId: h.appId, fetch: frameFetch(() => h) });
  alice = await person(ALICE);
  bob = await person('bob@example.com');
});
afterAll(async () => {
  await h.close();
  await twilio.stop();
});

describe('the MFA gate on the embedded wallet endpoints', () => {
  it('gives a valid access token alone missing_or_invalid_mfa from every gated endpoint', async () => {
    const proof = await verify(alice);
    const { stored, signAddress } = await newShares(alice, proof);
    // A new device whose step-up a mailed code approved: the MFA gate stands all the same.
    const later = await laterLogin(h, ALICE);
    const newDevice = { device: await approvedDevice(later.token, alice.address) };
    for (const call of [
      () => api.authShare(alice.token, alice.address, proofs(alice)),
      () => api.recovery(later.token, alice.address, newDevice),
      () => api.reshare(alice.token, alice.address, stored, { ...proofs(alice), signAddress }),
      () => api.authShare(alice.token, alice.address, proofs(alice, 'made-up-proof')),
    ]) {
      expect(await refusal(call())).toBe('missing_or_invalid_mfa');
    }
  });

  it('releases the shares and accepts a reshare after a verification', async () => {
    const proof = await verify(alice);
    const auth = await api.authShare(alice.token, alice.address, proofs(alice, proof));
    expect((await reconstruct(alice.device, auth, alice.address)).address).toBe(alice.address);
    const later = await laterLogin(h, ALICE);
    const recovery = await api.recovery(later.token, alice.address, {
      device: await approvedDevice(later.token, alice.address),
      mfaProof: await verify(alice, later.token),
    });
    expect(recovery.recoveryMethod).toBe('gatehouse');
    if (recovery.recoveryMethod === 'gatehouse') {
      expect((await reconstruct(auth, recovery.share, alice.address)).address).toBe(alice.address);
    }
    const { device, stored, signAddress } = await newShares(alice, proof);
    await api.reshare(alice.token, alice.address, stored, { ...proofs(alice, proof), signAddress });
    const newAuth = await api.authShare(alice.token, alice.address, proofs(alice, proof));
    expect(newAuth).toEqual(stored.authShare);
    alice.device = device;
    expect((await reconstruct(device, newAuth, alice.address)).address).toBe(alice.address);
  });

  it("refuses one user's proof to another, and one session's proof to another session", async () => {
    const bobsProof = await verify(bob);
    expect(await refusal(api.authShare(alice.token, alice.address, proofs(alice, bobsProof)))).toBe(
      'missing_or_invalid_mfa',
    );
    // Bob's proof opens Bob's wallet, not Alice's.
    expect(await refusal(api.authShare(bob.token, bob.address, proofs(bob, bobsProof)))).toBeUndefined();
    expect(await refusal(api.authShare(bob.token, alice.address, proofs(alice, bobsProof)))).toBe(
      'embedded_wallet_not_found',
    );

    const firstSession = await verify(alice);
    const second = await h.login('alice@example.com');
    expect(second.user.id).toBe(alice.user.id);
    expect(await refusal(api.authShare(second.token, alice.address, proofs(alice, firstSession)))).toBe(
      'missing_or_invalid_mfa',
    );
    const secondSession = await verify(alice, second.token);
    expect(
      await refusal(api.authShare(second.token, alice.address, proofs(alice, secondSession))),
    ).toBeUndefined();
    expect(await refusal(api.authShare(alice.token, alice.address, proofs(alice, secondSession)))).toBe(
      'missing_or_invalid_mfa',
    );
  });

  it('ends a proof after 15 minutes, and with its session', async () => {
    const proof = await verify(alice);
    h.clock.advance(15 * 60_000 - 1_000);
    expect(await refusal(api.authShare(alice.token, alice.address, proofs(alice, proof)))).toBeUndefined();
    h.clock.advance(1_000);
    expect(await refusal(api.authShare(alice.token, alice.address, proofs(alice, proof)))).toBe(
      'missing_or_invalid_mfa',
    );

    const session = await h.login('alice@example.com');
    const sessionProof = await verify(alice, session.token);
    const logout = await h.post('/api/v1/sessions/logout', { refresh_token: session.refresh_token });
    expect(logout.statusCode).toBe(200);
    expect(await refusal(api.authShare(session.token, alice.address, proofs(alice, sessionProof)))).toBe(
      'missing_or_invalid_token',
    );
  });
});
