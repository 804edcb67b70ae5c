import { describe, expect, it } from 'vitest';
import type { UserWire } from '../../src/protocol/api.js';
import { PASSKEY_API_PATHS } from '../../src/protocol/passkey.js';
import type { StepUpApprovedResponse } from '../../src/protocol/step-up.js';
import { SoftwareAuthenticator } from '../support/software-authenticator.js';
import {
  approveByPasskey,
  ceremonies,
  expectCode,
  framePost,
  passkeysOf,
  recoverWithPasskey,
  unlinkPasskey,
  usePasskeys,
} from './passkey-support.js';
import { approveByEmail, askRecovery, laterLogin, ticketOf } from './step-up-support.js';
import { creating, newKey } from './wallets-support.js';

/**
 * The `passkey` step-up factor (protocol/step-up.ts): listed first for a user with a passkey,
 * approved by an assertion of one of that user's passkeys over a `verifyInit` challenge, for a new
 * device as for a change; and a passkey linked or unlinked by a user with a wallet only under a
 * step-up.
 */
const ALICE = 'alice@example.com';
const DAY = 24 * 60 * 60_000;
const w = usePasskeys();

/**
 * Alice, who signed up by email and made a wallet, then linked a passkey: the link's options wait
 * on a step-up (approved by email) before the ceremony, and the link spends it.
 */
async function aliceWithWalletAndPasskey() {
  const alice = await w.h.login(ALICE);
  const key = await newKey();
  await creating(w.h).createWallet(alice.token, key);
  const ticket = ticketOf(await framePost(w.h, PASSKEY_API_PATHS.registerInit, alice.token));
  expect(ticket).toMatchObject({ action: 'link', account: { type: 'passkey', label: 'New passkey' } });
  expect(ticket.factors.map((f) => f.id)).toEqual(['email']);
  await approveByEmail(w.h, alice.token, ticket.id, ALICE);
  const credential = await w.linkCredential(alice.token);
  const linked = await w.link(alice.token, credential);
  expect(linked.statusCode, linked.body).toBe(200);
  expect(passkeysOf(linked.json<UserWire>()).map((p) => p.credential_id)).toEqual([credential.id]);
  // The approval went with that link: another passkey asks again.
  const next = ticketOf(await framePost(w.h, PASSKEY_API_PATHS.registerInit, alice.token));
  expect(next.id).not.toBe(ticket.id);
  return { alice, key, credentialId: credential.id };
}

describe('the passkey factor', () => {
  it("is listed first and approves a new device's recovery", async () => {
    const { key, credentialId } = await aliceWithWalletAndPasskey();
    const later = await laterLogin(w.h, ALICE);
    const first = await askRecovery(w.h, later.token, key.address);
    const ticket = ticketOf(first.response);
    expect(ticket.factors.map((f) => f.id)).toEqual(['passkey', 'email']);
    expect(ticket.factors[0]).toEqual({ id: 'passkey', label: '' });

    const approved = await approveByPasskey(w.h, w.authenticator, later.token, ticket.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<StepUpApprovedResponse>().ticket.approved_at).toEqual(expect.any(Number));
    // Without passkey MFA, no MFA proof comes with it.
    expect(approved.json<StepUpApprovedResponse>().mfa).toBeUndefined();
    const again = await askRecovery(w.h, later.token, key.address, first.device);
    expect(again.response.statusCode, again.response.body).toBe(200);
    // The step-up is the passkey's latest use.
    const passkey = await w.h.server.gatehouse.passkeys.find(w.h.appId, credentialId);
    expect(Number(passkey?.last_used_at)).toBe(w.h.clock.now());
  });

  it("refuses another user's passkey, a challenge of another user, and a used challenge", async () => {
    const { key, credentialId } = await aliceWithWalletAndPasskey();
    const later = await laterLogin(w.h, ALICE);
    const ticket = ticketOf((await askRecovery(w.h, later.token, key.address)).response);
    // Bob's passkey, on Bob's own authenticator.
    const bobDevice = new SoftwareAuthenticator({ origin: w.h.publicUrl });
    const bob = await ceremonies(w.h, bobDevice).signUp();
    // Alice's challenge, answered by Bob's passkey.
    const aliceOptions = (await framePost(w.h, PASSKEY_API_PATHS.verifyInit, later.token)).json<{
      options: { challenge: string; rpId: string };
    }>().options;
    const byBob = bobDevice.get(aliceOptions, bob.credentialId);
    const path = `/api/v1/step_up/tickets/${ticket.id}/passkey`;
    expectCode(await framePost(w.h, path, later.token, { response: byBob }), 400, 'passkey_not_found');
    // Bob's challenge, answered by Alice's passkey, sent in Alice's session.
    const bobOptions = (await framePost(w.h, PASSKEY_API_PATHS.verifyInit, bob.token)).json<{
      options: { challenge: string; rpId: string };
    }>().options;
    const crossed = w.authenticator.get(bobOptions, credentialId);
    expectCode(
      await framePost(w.h, path, later.token, { response: crossed }),
      400,
      'invalid_passkey_challenge',
    );
    // A good assertion, then the same again.
    const options = (await framePost(w.h, PASSKEY_API_PATHS.verifyInit, later.token)).json<{
      options: { challenge: string; rpId: string };
    }>().options;
    const good = w.authenticator.get(options);
    expect((await framePost(w.h, path, later.token, { response: good })).statusCode).toBe(200);
    const ticket2 = ticketOf((await askRecovery(w.h, later.token, key.address)).response);
    const replay = await framePost(w.h, `/api/v1/step_up/tickets/${ticket2.id}/passkey`, later.token, {
      response: good,
    });
    expectCode(replay, 400, 'invalid_passkey_challenge');
  });

  it('is not yet usable when linked without a step-up during this login', async () => {
    const alice = await w.h.login(ALICE);
    const credential = await w.linkCredential(alice.token);
    expect((await w.link(alice.token, credential)).statusCode).toBe(200);
    const key = await newKey();
    await creating(w.h).createWallet(alice.token, key);
    const ticket = ticketOf((await askRecovery(w.h, alice.token, key.address)).response);
    expect(ticket.factors[0]).toEqual({ id: 'email', label: 'a•••@example.com' });
    expect(ticket.factors).toContainEqual({ id: 'passkey', label: '', available_at: 0 });
    expectCode(
      await approveByPasskey(w.h, w.authenticator, alice.token, ticket.id),
      403,
      'step_up_factor_unavailable',
    );
    // After the cooldown, on a later login, it is.
    w.h.clock.advance(8 * DAY);
    const later = await w.h.login(ALICE);
    const next = ticketOf((await askRecovery(w.h, later.token, key.address)).response);
    expect(next.factors[0]).toEqual({ id: 'passkey', label: '' });
    expect((await approveByPasskey(w.h, w.authenticator, later.token, next.id)).statusCode).toBe(200);
  });

  it('signs up with a passkey, makes a silent-recovery wallet, and recovers it on a new device with the passkey', async () => {
    const signup = await w.signUp();
    const key = await newKey();
    await creating(w.h).createWallet(signup.token, key);
    await recoverWithPasskey(w, key.address);
  });
});

describe('a change of passkeys for a user with a wallet', () => {
  it('links no passkey without the approval, even one made from options of before the wallet', async () => {
    const alice = await w.h.login(ALICE);
    const credential = await w.linkCredential(alice.token);
    await creating(w.h).createWallet(alice.token, await newKey());
    const ticket = ticketOf(await w.link(alice.token, credential));
    expect(ticket).toMatchObject({ action: 'link', account: { type: 'passkey', label: 'New passkey' } });
    await approveByEmail(w.h, alice.token, ticket.id, ALICE);
    expect((await w.link(alice.token, credential)).statusCode).toBe(200);
  });

  it('unlinks a passkey only under a step-up, which the passkey itself may approve', async () => {
    const { alice, credentialId } = await aliceWithWalletAndPasskey();
    const unlink = () => unlinkPasskey(w.h, alice.token, credentialId);
    const ticket = ticketOf(await unlink());
    expect(ticket).toMatchObject({ action: 'unlink', account: { type: 'passkey', label: 'Passkey' } });
    expect(ticket.factors.map((f) => f.id)).toEqual(['passkey', 'email']);
    expect((await approveByPasskey(w.h, w.authenticator, alice.token, ticket.id)).statusCode).toBe(200);
    const done = await unlink();
    expect(done.statusCode, done.body).toBe(200);
    expect(passkeysOf(done.json<UserWire>())).toEqual([]);
    // The approval was spent with the change.
    expectCode(await unlink(), 400, 'passkey_not_found');
  });
});
