import { describe, expect, it } from 'vitest';
import type { AppConfigWire, UserWire } from '../../src/protocol/api.js';
import { MFA_API_PATHS, type MfaEnrollResponse, type MfaProofResponse } from '../../src/protocol/mfa-api.js';
import { PASSKEY_API_PATHS, PASSKEY_ERRORS } from '../../src/protocol/passkey.js';
import { SoftwareAuthenticator } from '../support/software-authenticator.js';
import { ORIGIN, runCliCaptured } from './harness.js';
import { asFrame, authenticatorCode, enrolTotp, expectError } from './mfa-support.js';
import {
  approveByPasskey,
  ceremonies,
  framePost,
  optionsOf,
  unlinkPasskey,
  usePasskeys,
} from './passkey-support.js';
import { approveByEmail, askRecovery, laterLogin, ticketOf } from './step-up-support.js';
import { creating, newKey } from './wallets-support.js';

/**
 * A passkey as the second factor (protocol/mfa-api.ts `mfa/passkey/*`): enrolled and verified by
 * an assertion of one of the user's passkeys over a `verifyInit` challenge; the verification's
 * proof is the one the code verifications give.
 */
const ALICE = 'alice@example.com';
const w = usePasskeys();

async function offer(methods: string[]) {
  await w.h.server.gatehouse.apps.update(w.h.appId, [{ field: 'mfa_methods', value: methods }]);
}

/** Alice (email login) with a passkey linked, and the app offering passkey and totp as MFA. */
async function aliceWithPasskey() {
  await offer(['passkey', 'totp']);
  const alice = await w.h.login(ALICE);
  const credential = await w.linkCredential(alice.token);
  expect((await w.link(alice.token, credential)).statusCode).toBe(200);
  return { token: alice.token, credentialId: credential.id };
}

/** The enrolment's challenge (after its step-up and proof), answered by the user's passkey. */
async function enrolmentCredential(token: string, proof?: string) {
  return w.authenticator.get(optionsOf(await asFrame(w.h, MFA_API_PATHS.passkeyInit, token, {}, proof)));
}

async function enrolPasskey(token: string, proof?: string) {
  const init = await asFrame(w.h, MFA_API_PATHS.passkeyInit, token, {}, proof);
  if (init.statusCode !== 200) return init;
  const response = w.authenticator.get(optionsOf(init));
  return asFrame(w.h, MFA_API_PATHS.passkeyEnroll, token, { response }, proof);
}

const verifyPasskey = async (token: string) =>
  asFrame(w.h, MFA_API_PATHS.passkeyVerify, token, { response: await w.verifyCredential(token) });

describe('passkey as the second factor', () => {
  it('is a method the app may offer (gatehouse apps set mfa_methods=passkey,…)', async () => {
    const set = await runCliCaptured(w.h.database.env, ['apps', 'set', w.h.appId, 'mfa_methods=passkey,sms']);
    expect(set.code, set.stderr).toBe(0);
    const config = (
      await w.h.inject({ method: 'GET', url: `/api/v1/apps/${w.h.appId}`, headers: { origin: ORIGIN } })
    ).json<AppConfigWire>();
    expect(config.mfa_methods).toEqual(['passkey', 'sms']);
  });

  it('enrols with an assertion, verifies to a proof, and unenrols with it', async () => {
    const { token } = await aliceWithPasskey();
    const enrolled = await enrolPasskey(token);
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    const answer = enrolled.json<MfaEnrollResponse>();
    expect(answer.user.mfa_methods).toEqual([{ type: 'passkey', verified_at: expect.any(Number) }]);
    expect(answer.proof).toEqual(expect.any(String));
    expectError(await enrolPasskey(token, answer.proof), 400, 'mfa_already_enrolled');

    const verified = await verifyPasskey(token);
    expect(verified.statusCode, verified.body).toBe(200);
    const { proof, expires_at } = verified.json<MfaProofResponse>();
    expect(expires_at).toBeGreaterThan(w.h.clock.now() / 1000);

    expectError(
      await asFrame(w.h, MFA_API_PATHS.unenroll, token, { method: 'passkey' }),
      403,
      'missing_or_invalid_mfa',
    );
    const removed = await asFrame(w.h, MFA_API_PATHS.unenroll, token, { method: 'passkey' }, proof);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<{ user: UserWire }>().user.mfa_methods).toEqual([]);
    expectError(await verifyPasskey(token), 400, 'mfa_not_enrolled');
  });

  it("a step-up the passkey approves answers the method's proof too: one touch for both", async () => {
    const { token } = await aliceWithPasskey();
    expect((await enrolPasskey(token)).statusCode).toBe(200);
    const key = await newKey();
    await creating(w.h).createWallet(token, key);
    // Linked before the wallet existed, without a step-up: a factor after the link cooldown.
    w.h.clock.advance(8 * 24 * 60 * 60_000);
    const later = await laterLogin(w.h, ALICE);
    const ticket = ticketOf((await askRecovery(w.h, later.token, key.address)).response);
    expect(ticket.factors[0]?.id).toBe('passkey');
    const approved = await approveByPasskey(w.h, w.authenticator, later.token, ticket.id);
    expect(approved.statusCode, approved.body).toBe(200);
    const proof = approved.json<{ mfa?: MfaProofResponse }>().mfa?.proof;
    expect(proof).toEqual(expect.any(String));
    // The proof is the method's, for this session: the MFA gate of a wallet action lets it through.
    const { sid } = JSON.parse(Buffer.from(later.token.split('.')[1] ?? '', 'base64url').toString());
    const { mfa } = w.h.server.gatehouse;
    expect(await mfa.checkProof(w.h.appId, later.user.id, sid, proof ?? '')).toBe(true);
  });

  it("refuses another user's passkey and a replayed challenge", async () => {
    const { token, credentialId } = await aliceWithPasskey();
    expect((await enrolPasskey(token)).statusCode).toBe(200);
    const bobDevice = new SoftwareAuthenticator({ origin: w.h.publicUrl });
    const bob = await ceremonies(w.h, bobDevice).signUp();
    // Alice's challenge, answered by Bob's passkey.
    const options = optionsOf(await framePost(w.h, PASSKEY_API_PATHS.verifyInit, token));
    const byBob = bobDevice.get(options, bob.credentialId);
    expectError(
      await asFrame(w.h, MFA_API_PATHS.passkeyVerify, token, { response: byBob }),
      400,
      'passkey_not_found',
    );
    // Bob's challenge, answered by Alice's passkey in her session.
    const bobOptions = optionsOf(await framePost(w.h, PASSKEY_API_PATHS.verifyInit, bob.token));
    const crossed = w.authenticator.get(bobOptions, credentialId);
    expectError(
      await asFrame(w.h, MFA_API_PATHS.passkeyVerify, token, { response: crossed }),
      400,
      'invalid_passkey_challenge',
    );
    // A good assertion, then the same again.
    const good = await w.verifyCredential(token);
    expect((await asFrame(w.h, MFA_API_PATHS.passkeyVerify, token, { response: good })).statusCode).toBe(200);
    expectError(
      await asFrame(w.h, MFA_API_PATHS.passkeyVerify, token, { response: good }),
      400,
      'invalid_passkey_challenge',
    );
    // Garbage is a refusal, never a 500.
    const junk = await asFrame(w.h, MFA_API_PATHS.passkeyVerify, token, { response: { id: 'x' } });
    expect(junk.statusCode).toBe(400);
    expect(junk.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it('is refused when the app does not offer it, and needs a proof when a method is enrolled', async () => {
    const { token } = await aliceWithPasskey();
    await offer(['totp']);
    expectError(await enrolPasskey(token), 403, 'disallowed_login_method');
    await offer(['totp', 'passkey']);
    const totp = await enrolTotp(w.h, token);
    w.h.clock.advance(6 * 60_000);
    expectError(await enrolPasskey(token), 403, 'missing_or_invalid_mfa');
    const proof = (
      await asFrame(w.h, MFA_API_PATHS.totpVerify, token, { code: totpCode(totp.secret) })
    ).json<MfaProofResponse>().proof;
    const enrolled = await enrolPasskey(token, proof);
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect(enrolled.json<MfaEnrollResponse>().user.mfa_methods.map((m) => m.type)).toEqual([
      'totp',
      'passkey',
    ]);
  });

  it('asks a user with a wallet for a step-up before the challenge; no other challenge enrols', async () => {
    const { token } = await aliceWithPasskey();
    await creating(w.h).createWallet(token, await newKey());
    const first = await asFrame(w.h, MFA_API_PATHS.passkeyInit, token);
    const ticket = ticketOf(first);
    expect(ticket).toMatchObject({ action: 'mfa_enroll', account: { type: 'passkey', label: 'passkey' } });
    // A verification's challenge (no step-up behind it) does not enrol.
    const bypass = { response: await w.verifyCredential(token) };
    expectError(
      await asFrame(w.h, MFA_API_PATHS.passkeyEnroll, token, bypass),
      400,
      'invalid_passkey_challenge',
    );
    await approveByEmail(w.h, token, ticket.id, ALICE);
    const response = await enrolmentCredential(token);
    const enrolled = await asFrame(w.h, MFA_API_PATHS.passkeyEnroll, token, { response });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect(enrolled.json<MfaEnrollResponse>().user.mfa_methods.map((m) => m.type)).toEqual(['passkey']);
  });

  it('keeps the last passkey while it is the MFA method; unlinkable once another verifies', async () => {
    const { token, credentialId } = await aliceWithPasskey();
    expect((await enrolPasskey(token)).statusCode).toBe(200);
    const refused = await unlinkPasskey(w.h, token, credentialId);
    expectError(refused, 400, 'passkey_in_use');
    expect(refused.json().message).toBe(PASSKEY_ERRORS.inUseForMfa.message);
    // A second passkey: the first may go, the second still verifies.
    const second = new SoftwareAuthenticator({ origin: w.h.publicUrl });
    const made = second.create(optionsOf(await framePost(w.h, PASSKEY_API_PATHS.registerInit, token)));
    expect((await w.link(token, made)).statusCode).toBe(200);
    expect((await unlinkPasskey(w.h, token, credentialId)).statusCode).toBe(200);
    const options = optionsOf(await framePost(w.h, PASSKEY_API_PATHS.verifyInit, token));
    const verified = await asFrame(w.h, MFA_API_PATHS.passkeyVerify, token, {
      response: second.get(options),
    });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('tells a user without a passkey to add one first, before any step-up', async () => {
    await offer(['passkey']);
    const alice = await w.h.login(ALICE);
    await creating(w.h).createWallet(alice.token, await newKey());
    expectError(await asFrame(w.h, MFA_API_PATHS.passkeyInit, alice.token), 400, 'passkey_not_found');
  });
});

const totpCode = (secret: string) => authenticatorCode(secret, w.h.clock.now());
