import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserWire } from '../../src/protocol/api.js';
import type { ServerUserResponse, UserPageResponse } from '../../src/protocol/backend-api.js';
import { type Harness, runCliCaptured, startHarness } from './harness.js';

const basic = (appId: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`,
});

/** `gatehouse apps secret <id>`: the secret printed once on standard output. */
async function newSecret(h: Harness, appId = h.appId): Promise<string> {
  const run = await runCliCaptured(h.database.env, ['apps', 'secret', appId]);
  expect(run.code).toBe(0);
  expect(run.stderr).toContain('shown only now');
  return run.stdout.trim();
}

describe('server-to-server API', () => {
  let h: Harness;
  let secret: string;
  const api = (
    method: 'GET' | 'DELETE' | 'POST',
    url: string,
    headers: Record<string, string> = basic(h.appId, secret),
  ) => h.inject({ method, url, headers });

  beforeEach(async () => {
    h = await startHarness({ rateLimits: { serverApiFailures: { max: 8, windowMs: 60_000 } } });
    secret = await newSecret(h);
  });
  afterEach(async () => {
    await h.close();
  });

  it('answers a user in the client API shape with the right secret; the secret is random and kept hashed', async () => {
    expect(secret).toMatch(/^gh_sk_[A-Za-z0-9_-]{43}$/);
    const login = await h.login('alice@example.com');
    const response = await api('GET', `/api/v1/users/${login.user.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<ServerUserResponse>().user).toEqual(login.user);
    const stored = await h.server.gatehouse.db.selectFrom('app_api_secrets').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(secret.slice(6));
  });

  it('refuses a wrong, missing or malformed secret, an unknown app and a rotated secret with one identical 401', async () => {
    const login = await h.login('alice@example.com');
    const url = `/api/v1/users/${login.user.id}`;
    const other = await h.server.gatehouse.apps.create('Other', ['https://other.example']);
    const rotated = await newSecret(h);
    const attempts = [
      basic(h.appId, secret), // replaced by the rotation
      basic(h.appId, `${rotated}x`),
      basic('nosuchapp', rotated),
      basic(other.id, rotated),
      { authorization: `Bearer ${login.token}` },
      { authorization: 'Basic !!!' },
      {},
    ];
    const bodies = new Set<string>();
    for (const headers of attempts) {
      const response = await api('GET', url, headers as Record<string, string>);
      expect(response.statusCode).toBe(401);
      bodies.add(response.body);
    }
    expect([...bodies]).toEqual([
      JSON.stringify({ code: 'invalid_app_credentials', message: 'Invalid app credentials.' }),
    ]);
    expect((await api('GET', url, basic(h.appId, rotated))).statusCode).toBe(200);
  });

  it('limits failed attempts per client IP and app, never the right secret, and says when to retry', async () => {
    const other = await h.server.gatehouse.apps.create('Other', ['https://other.example']);
    const otherSecret = await newSecret(h, other.id);
    for (let i = 0; i < 8; i += 1) {
      expect((await api('GET', '/api/v1/users', basic(h.appId, 'wrong'))).statusCode).toBe(401);
    }
    for (const headers of [basic(h.appId, 'wrong'), basic(h.appId, `${secret}x`)]) {
      const limited = await api('GET', '/api/v1/users', headers);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('too_many_requests');
      // The window of 60 s ends at the next multiple of 60 s on the server's clock.
      expect(limited.headers['retry-after']).toBe(
        String(Math.ceil((60_000 - (h.clock.now() % 60_000)) / 1000)),
      );
    }
    // A neighbour guessing from the same address locks nobody out: the right secret goes through…
    expect((await api('GET', '/api/v1/users')).statusCode).toBe(200);
    // …and another app's backend there keeps its own count.
    expect((await api('GET', '/api/v1/users', basic(other.id, 'wrong'))).statusCode).toBe(401);
    expect((await api('GET', '/api/v1/users', basic(other.id, otherSecret))).statusCode).toBe(200);
    // Requests naming no app share one count of their own.
    for (let i = 0; i < 8; i += 1) expect((await api('GET', '/api/v1/users', {})).statusCode).toBe(401);
    const bare = await api('GET', '/api/v1/users', { authorization: 'Basic !!!' });
    expect(bare.statusCode).toBe(429);
    expect(Number(bare.headers['retry-after'])).toBeGreaterThan(0);
    h.clock.advance(Number(bare.headers['retry-after']) * 1000);
    expect((await api('GET', '/api/v1/users', basic(h.appId, 'wrong'))).statusCode).toBe(401);
  });

  it('lists only the app’s users, oldest first, in stable pages', async () => {
    const ids: string[] = [];
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      ids.push((await h.login(`${name}@example.com`)).user.id);
      h.clock.advance(1);
    }
    const other = await h.server.gatehouse.apps.create('Other', ['https://other.example']);
    await h.server.gatehouse.users.loginWithAccount(other.id, {
      type: 'email',
      subject: 'x@example.com',
      data: { address: 'x@example.com' },
    });
    const seen: UserWire[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor === null ? '?limit=2' : `?limit=2&cursor=${cursor}`;
      const page = (await api('GET', `/api/v1/users${query}`)).json<UserPageResponse>();
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data);
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect(seen.map((user) => user.id)).toEqual(ids);
    const all = (await api('GET', '/api/v1/users')).json<UserPageResponse>();
    expect(all.data.map((user) => user.id)).toEqual(ids);
    expect(all.next_cursor).toBeNull();
    for (const bad of ['?limit=0', '?limit=101', '?limit=x', '?cursor=bm9wZQ']) {
      const response = await api('GET', `/api/v1/users${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().code).toBe('invalid_data');
    }
  });

  it('finds a user by email (any case) and by wallet address; 404 for unknown ones and other apps’ users', async () => {
    const login = await h.login('Alice@Example.com');
    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    const linked = await h.server.gatehouse.users.linkAccount(h.appId, login.user.id, {
      type: 'wallet',
      subject: address.toLowerCase(),
      data: { address, chain_type: 'ethereum', wallet_client_type: 'metamask' },
    });
    const byEmail = await api('GET', '/api/v1/users/by_email/ALICE%40example.com');
    expect(byEmail.json<ServerUserResponse>().user).toEqual(linked);
    const byWallet = await api('GET', `/api/v1/users/by_wallet/${address}`);
    expect(byWallet.json<ServerUserResponse>().user).toEqual(linked);
    for (const url of [
      '/api/v1/users/by_email/bob%40example.com',
      `/api/v1/users/by_wallet/0x${'1'.repeat(40)}`,
      '/api/v1/users/nosuchuser',
    ]) {
      const response = await api('GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ code: 'user_not_found', message: 'User not found.' });
    }
    const other = await h.server.gatehouse.apps.create('Other', ['https://other.example']);
    const otherSecret = await newSecret(h, other.id);
    expect(
      (await api('GET', `/api/v1/users/${login.user.id}`, basic(other.id, otherSecret))).statusCode,
    ).toBe(404);
    expect(
      (await api('DELETE', `/api/v1/users/${login.user.id}`, basic(other.id, otherSecret))).statusCode,
    ).toBe(404);
  });

  it('deletes a user with everything of theirs in one go; their refresh token stops working', async () => {
    const alice = await h.login('alice@example.com');
    const bob = await h.login('bob@example.com');
    const { db } = h.server.gatehouse;
    await db
      .insertInto('mfa_methods')
      .values({
        user_id: alice.user.id,
        app_id: h.appId,
        type: 'totp',
        secret: 'x',
        last_step: null,
        created_at: 1,
        verified_at: 1,
      })
      .execute();
    const deleted = await api('DELETE', `/api/v1/users/${alice.user.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json<ServerUserResponse>().user.id).toBe(alice.user.id);
    expect((await h.post('/api/v1/sessions', { refresh_token: alice.refresh_token })).statusCode).toBe(401);
    expect((await api('GET', `/api/v1/users/${alice.user.id}`)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/v1/users/${alice.user.id}`)).statusCode).toBe(404);
    for (const table of ['users', 'linked_accounts', 'sessions', 'mfa_methods'] as const) {
      const column = table === 'users' ? 'id' : 'user_id';
      const rows = await db.selectFrom(table).select(column).where(column, '=', alice.user.id).execute();
      expect(rows, table).toEqual([]);
    }
    // The same email is a new user now; Bob is untouched.
    expect((await h.login('alice@example.com')).user.id).not.toBe(alice.user.id);
    expect((await h.post('/api/v1/sessions', { refresh_token: bob.refresh_token })).statusCode).toBe(200);
  });

  it('revokes every session of a user: refresh tokens and access tokens stop working', async () => {
    const first = await h.login('alice@example.com');
    const second = await h.login('alice@example.com');
    const bob = await h.login('bob@example.com');
    const revoke = await api('POST', `/api/v1/users/${first.user.id}/sessions/revoke`);
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toEqual({ revoked: 2 });
    for (const login of [first, second]) {
      expect((await h.post('/api/v1/sessions', { refresh_token: login.refresh_token })).statusCode).toBe(401);
      const bearer = { authorization: `Bearer ${login.token}` };
      expect((await h.post('/api/v1/users/me/accept_terms', {}, bearer)).statusCode).toBe(401);
    }
    expect((await h.post('/api/v1/sessions', { refresh_token: bob.refresh_token })).statusCode).toBe(200);
    expect((await api('POST', '/api/v1/users/nosuchuser/sessions/revoke')).statusCode).toBe(404);
    // The user may log in again.
    expect((await h.login('alice@example.com')).user.id).toBe(first.user.id);
  });

  it('keeps the client routes under /api/v1/users working beside it', async () => {
    const login = await h.login('alice@example.com');
    const accept = await h.post(
      '/api/v1/users/me/accept_terms',
      {},
      { authorization: `Bearer ${login.token}` },
    );
    expect(accept.statusCode).toBe(200);
    expect((await api('GET', '/api/v1/users/me')).statusCode).toBe(404);
  });
});
