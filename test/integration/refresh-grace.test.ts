import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionUpdateResponse } from '../../src/protocol/api.js';
import { REFRESH_REUSE_GRACE_MS } from '../../src/protocol/constants.js';
import { type Harness, startHarness } from './harness.js';

const SESSIONS = '/api/v1/sessions';
const INVALID_TOKEN = { code: 'missing_or_invalid_token', message: expect.any(String) };

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const refresh = (refreshToken: string) => h.post(SESSIONS, { refresh_token: refreshToken });

/** Refresh tokens of the session not spent yet: each is a live way to keep it going. */
async function liveRefreshTokens(): Promise<number> {
  const rows = await h.server.gatehouse.db
    .selectFrom('refresh_tokens')
    .select('token_hash')
    .where('used_at', 'is', null)
    .execute();
  return rows.length;
}

describe('the refresh grace window', () => {
  it('gives a spent refresh token one sibling at most; later tries within the window are refused', async () => {
    const login = await h.login('alice@example.com');
    const first = (await refresh(login.refresh_token)).json<SessionUpdateResponse>();
    h.clock.advance(1000);
    const sibling = await refresh(login.refresh_token);
    expect(sibling.statusCode).toBe(200);

    for (let attempt = 0; attempt < 18; attempt++) {
      const extra = await refresh(login.refresh_token);
      expect(extra.statusCode).toBe(401);
      expect(extra.json()).toEqual(INVALID_TOKEN);
    }
    expect(await liveRefreshTokens()).toBe(2);

    // The refusals revoke nothing: the successor and the sibling both keep the session going.
    const other = sibling.json<SessionUpdateResponse>();
    expect((await refresh(first.refresh_token as string)).statusCode).toBe(200);
    expect((await refresh(other.refresh_token as string)).statusCode).toBe(200);
  });

  it('twenty refreshes at once with one token: two succeed (the rotation and its sibling)', async () => {
    const login = await h.login('bob@example.com');
    const answers = await Promise.all(Array.from({ length: 20 }, () => refresh(login.refresh_token)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(statuses.filter((status) => status === 401)).toHaveLength(18);
    expect(await liveRefreshTokens()).toBe(2);
  });

  it('still revokes the session when the spent token comes back after the window', async () => {
    const login = await h.login('carol@example.com');
    const first = (await refresh(login.refresh_token)).json<SessionUpdateResponse>();
    h.clock.advance(REFRESH_REUSE_GRACE_MS);
    expect((await refresh(login.refresh_token)).statusCode).toBe(401);
    expect((await refresh(first.refresh_token as string)).statusCode).toBe(401);
  });
});
