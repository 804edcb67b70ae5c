import type pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionUpdateResponse } from '../../src/protocol/api.js';
import { poolOf } from '../../src/server/db/database.js';
import { onPostgres } from '../support/test-database.js';
import { type Harness, startHarness } from './harness.js';

const SESSIONS = '/api/v1/sessions';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const refresh = (refreshToken: string, headers: Record<string, string> = {}) =>
  h.post(SESSIONS, { refresh_token: refreshToken }, headers);

/** The session's refresh tokens: how many, and how many of them are spent. */
async function tokensOf(sessionId: string): Promise<{ all: number; spent: number }> {
  const rows = await h.server.gatehouse.db
    .selectFrom('refresh_tokens')
    .select('used_at')
    .where('session_id', '=', sessionId)
    .execute();
  return { all: rows.length, spent: rows.filter((row) => row.used_at !== null).length };
}

/** The session of a login (its only one). */
async function sessionOf(userId: string): Promise<string> {
  const row = await h.server.gatehouse.db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.id;
}

// The common refresh is one conditional update (services/sessions/session-queries.ts, claim); these are
// the refusals it must leave to the slower path without spending the token.
describe('a refresh refused', () => {
  it('by another app spends nothing: the token still refreshes in its own app', async () => {
    const login = await h.login('alice@example.com');
    const sessionId = await sessionOf(login.user.id);
    const other = await h.server.gatehouse.apps.create('Other', ['https://other.example']);
    const foreign = await refresh(login.refresh_token, {
      'gatehouse-app-id': other.id,
      origin: 'https://other.example',
    });
    expect(foreign.statusCode).toBe(401);
    expect(await tokensOf(sessionId)).toEqual({ all: 1, spent: 0 });
    expect((await refresh(login.refresh_token)).statusCode).toBe(200);
    expect(await tokensOf(sessionId)).toEqual({ all: 2, spent: 1 });
  });

  it.each([
    ['revoked (its tokens remain)', 'bob@example.com', () => ({ revoked_at: h.clock.now() })],
    ['expired', 'carol@example.com', () => ({ expires_at: h.clock.now() })],
  ])('for a %s session spends nothing', async (_, email, change) => {
    const login = await h.login(email);
    const sessionId = await sessionOf(login.user.id);
    await h.server.gatehouse.db.updateTable('sessions').set(change()).where('id', '=', sessionId).execute();
    expect((await refresh(login.refresh_token)).statusCode).toBe(401);
    expect(await tokensOf(sessionId)).toEqual({ all: 1, spent: 0 });
  });

  it('for an expired token of a live session spends nothing', async () => {
    const login = await h.login('dave@example.com');
    const sessionId = await sessionOf(login.user.id);
    await h.server.gatehouse.db
      .updateTable('refresh_tokens')
      .set({ expires_at: h.clock.now() })
      .where('session_id', '=', sessionId)
      .execute();
    expect((await refresh(login.refresh_token)).statusCode).toBe(401);
    expect(await tokensOf(sessionId)).toEqual({ all: 1, spent: 0 });
  });
});

describe('the user a refresh answers', () => {
  it('lists its accounts by first verification and its MFA methods by verification, then type', async () => {
    const { db, users } = h.server.gatehouse;
    const login = await h.login('erin@example.com');
    h.clock.advance(1000);
    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    await users.linkAccount(h.appId, login.user.id, {
      type: 'wallet',
      subject: address.toLowerCase(),
      data: { address, chain_type: 'ethereum', wallet_client_type: 'metamask' },
    });
    // The email, linked first, now counts as verified after the wallet.
    await db
      .updateTable('linked_accounts')
      .set({ first_verified_at: h.clock.now() + 1000 })
      .where('user_id', '=', login.user.id)
      .where('type', '=', 'email')
      .execute();
    const mfa = { user_id: login.user.id, app_id: h.appId, secret: 'x', last_step: null, created_at: 1 };
    await db
      .insertInto('mfa_methods')
      .values([
        { ...mfa, type: 'totp', verified_at: 2000 },
        { ...mfa, type: 'sms', verified_at: 3000 },
      ])
      .execute();

    const first = (await refresh(login.refresh_token)).json<SessionUpdateResponse>();
    expect(first.user?.linked_accounts.map((account) => account.type)).toEqual(['wallet', 'email']);
    expect(first.user?.mfa_methods).toEqual([
      { type: 'totp', verified_at: 2 },
      { type: 'sms', verified_at: 3 },
    ]);

    // Verified at the same time: by type.
    await db
      .updateTable('mfa_methods')
      .set({ verified_at: 4000 })
      .where('user_id', '=', login.user.id)
      .execute();
    const next = (await refresh(first.refresh_token as string)).json<SessionUpdateResponse>();
    expect(next.user?.mfa_methods.map((method) => method.type)).toEqual(['sms', 'totp']);
    // The bearer check reads the user the same way.
    const checked = await h.post(SESSIONS, {}, { authorization: `Bearer ${next.token}` });
    expect(checked.json<SessionUpdateResponse>().user).toEqual(next.user);
  });
});

/** The statements the pool's connections are handed from now on, by their first words. */
function statementsRun(pool: pg.Pool): string[] {
  const run: string[] = [];
  const watched = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => {
    if (watched.has(client)) return;
    watched.add(client);
    const query = client.query.bind(client) as (text: unknown, values?: unknown) => unknown;
    (client as unknown as { query: typeof query }).query = (text, values) => {
      run.push(String(text).split(' ', 3).join(' '));
      return query(text, values);
    };
  });
  return run;
}

describe.runIf(onPostgres())('a refresh on PostgreSQL', () => {
  it("is one statement beside the app's check: the claim, the next token and the user", async () => {
    const login = await h.login('frank@example.com');
    const run = statementsRun(poolOf(h.server.gatehouse.db) as pg.Pool);
    const answer = (await refresh(login.refresh_token)).json<SessionUpdateResponse>();
    expect(answer.user?.id).toBe(login.user.id);
    expect(run).toEqual(['select "updated_at" from', 'with "claimed" as']);
  });
});
