import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MFA_API_PATHS } from '../../src/protocol/mfa-api.js';
import { Secrets } from '../../src/server/services/crypto.js';
import { TwilioPeer, twilioAccount } from '../support/twilio.js';
import type { Harness } from './harness.js';
import { asFrame, authenticatorCode, enrolTotp, expectError, startMfaHarness } from './mfa-support.js';
import { askRecovery, sendCode, ticketOf } from './step-up-support.js';
import { creating, newKey } from './wallets-support.js';

/**
 * A copy of the database and the server secret, without the recovery key, took
 * every key while the provider was reachable — mint a token for a live session, compute the
 * authenticator code from the stored secret, recover. What a step-up rests on is now keyed under
 * the step-up key (from the recovery key): that pair opens no authenticator secret, recomputes no
 * code and writes no approval or proof the provider takes.
 */
const ALICE = 'alice@example.com';
const DAY = 24 * 60 * 60_000;
const account = twilioAccount();
let twilio: TwilioPeer;
let h: Harness;

beforeAll(async () => {
  twilio = new TwilioPeer(account);
  await twilio.start();
});
afterAll(async () => {
  await twilio.stop();
});
beforeEach(async () => {
  h = await startMfaHarness(twilio, account);
});
afterEach(async () => {
  await h.close();
});

/** The server secret as the operator's copy holds it: GATEHOUSE_SECRET, or secret.key beside the SQLite file. */
function serverSecret(): Secrets {
  const secret = h.database.secret ?? readFileSync(join(h.dir, 'secret.key'), 'utf8').trim();
  return new Secrets(secret);
}

/** Alice with an authenticator (enrolled 8 days before her wallet) and a wallet; then a token minted as the attacker would. */
async function alice() {
  const login = await h.login(ALICE);
  const { secret } = await enrolTotp(h, login.token);
  h.clock.advance(8 * DAY);
  const key = await newKey();
  await creating(h).createWallet((await h.login(ALICE)).token, key);
  // A token for a live session of hers, with a fresh auth_time: what the signing key (under the
  // server secret) lets anyone mint.
  const { gatehouse } = h.server;
  const session = await gatehouse.sessions.create(h.appId, login.user.id);
  const minted = await gatehouse.tokens.issue(h.appId, login.user.id, session.sessionId, h.clock.now());
  return { login, secret, key, minted };
}

describe('the database and the server secret, with the provider live', () => {
  it('open no authenticator secret: the codes it would compute approve nothing', async () => {
    const { minted } = await alice();
    const row = await h.server.gatehouse.db
      .selectFrom('mfa_methods')
      .selectAll()
      .where('type', '=', 'totp')
      .executeTakeFirstOrThrow();
    expect(() => serverSecret().decrypt(row.secret)).toThrow();
    const verified = await asFrame(h, MFA_API_PATHS.totpVerify, minted, { code: '000000' });
    expectError(verified, 422, 'invalid_mfa_code');
  });

  it('write no approval: a ticket marked approved under the server secret still waits', async () => {
    const { key, minted } = await alice();
    const { response, device } = await askRecovery(h, minted, key.address);
    const ticket = ticketOf(response);
    const { db } = h.server.gatehouse;
    const row = await db
      .selectFrom('step_up_tickets')
      .selectAll()
      .where('id', '=', ticket.id)
      .executeTakeFirstOrThrow();
    const at = h.clock.now();
    const forged = serverSecret().hash(
      'step-up-approval',
      row.id,
      row.app_id,
      row.user_id,
      row.session_id,
      row.action,
      row.target,
      String(at),
      'totp',
    );
    await db
      .updateTable('step_up_tickets')
      .set({ approved_at: at, approved_with: 'totp', approval_mac: forged })
      .where('id', '=', row.id)
      .execute();
    const again = await askRecovery(h, minted, key.address, device);
    expect(ticketOf(again.response).approved_at).toBeNull();
  });

  it('write no MFA proof, and read no live code', async () => {
    const { login, key, minted } = await alice();
    const { db } = h.server.gatehouse;
    const proof = 'forged-proof-forged-proof-forged-proof-0';
    const now = h.clock.now();
    await db
      .insertInto('mfa_proofs')
      .values({
        proof_hash: serverSecret().hash('mfa-proof', proof),
        app_id: h.appId,
        user_id: login.user.id,
        session_id: (
          JSON.parse(Buffer.from(minted.split('.')[1] as string, 'base64url').toString()) as { sid: string }
        ).sid,
        created_at: now,
        expires_at: now + 60_000,
      })
      .execute();
    // The provider's gate takes no proof written under the server secret.
    const sid = (
      JSON.parse(Buffer.from(minted.split('.')[1] as string, 'base64url').toString()) as { sid: string }
    ).sid;
    expect(await h.server.gatehouse.mfa.checkProof(h.appId, login.user.id, sid, proof)).toBe(false);

    // A code mailed for a step-up: its stored hash is not the server secret's HMAC of it.
    const ticket = ticketOf((await askRecovery(h, minted, key.address)).response);
    const since = h.mailbox.messages.length;
    expect((await sendCode(h, minted, ticket.id, 'email')).statusCode).toBe(200);
    const code = await h.mailbox.codeFor(ALICE, since);
    const stored = await db
      .selectFrom('one_time_codes')
      .select('code_hash')
      .where('channel', '=', 'step_up_email')
      .executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toBe(
      serverSecret().hash('one-time-code', h.appId, 'step_up_email', ALICE, code),
    );
  });

  it("the right authenticator code (the user's) still approves, and carries the MFA proof", async () => {
    const { secret, key, minted } = await alice();
    const ticket = ticketOf((await askRecovery(h, minted, key.address)).response);
    expect(ticket.factors.map((f) => f.id)).toEqual(['totp', 'email']);
    const verified = await asFrame(h, `/api/v1/step_up/tickets/${ticket.id}/verify`, minted, {
      factor: 'totp',
      code: authenticatorCode(secret, h.clock.now()),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json<{ mfa?: { proof: string } }>().mfa?.proof).toEqual(expect.any(String));
  });
});
