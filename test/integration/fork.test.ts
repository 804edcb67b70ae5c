import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ForkSessionResponse, SessionUpdateResponse } from '../../src/protocol/api.js';
import { REFRESH_REUSE_GRACE_MS } from '../../src/protocol/constants.js';
import { type Harness, startHarness } from './harness.js';

const FORK = '/api/v1/sessions/fork';
const RECOVER = '/api/v1/sessions/fork/recover';
const SESSIONS = '/api/v1/sessions';
const INVALID_TOKEN = { code: 'missing_or_invalid_token', message: expect.any(String) };
const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

describe('session fork', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it("rotates the caller's refresh token and mints the refresh token of a new session of the same user", async () => {
    const login = await h.login('alice@example.com');
    const response = await h.post(FORK, { refresh_token: login.refresh_token });
    expect(response.statusCode).toBe(200);
    const fork = response.json<ForkSessionResponse>();
    expect(Object.keys(fork).sort()).toEqual(['new_session_refresh_token', 'refresh_token', 'token']);
    expect(fork.refresh_token).not.toBe(login.refresh_token);
    expect(fork.new_session_refresh_token).not.toBe(fork.refresh_token);
    expect(claims(fork.token)).toMatchObject({ sub: claims(login.token).sub, sid: claims(login.token).sid });

    // The caller goes on with its rotated token.
    const caller = await h.post(SESSIONS, { refresh_token: fork.refresh_token });
    expect(caller.json<SessionUpdateResponse>().session_update_action).toBe('set');

    // The other page recovers the new session: same user, another session.
    const recovered = await h.post(RECOVER, { refresh_token: fork.new_session_refresh_token });
    expect(recovered.statusCode).toBe(200);
    const update = recovered.json<SessionUpdateResponse>();
    expect(update.session_update_action).toBe('set');
    expect(update.user?.id).toBe(login.user.id);
    expect(claims(update.token!).sid).not.toBe(claims(login.token).sid);
    expect(update.refresh_token).not.toBe(fork.new_session_refresh_token);

    // Logging one out leaves the other logged in.
    await h.post('/api/v1/sessions/logout', { refresh_token: update.refresh_token });
    expect((await h.post(SESSIONS, { refresh_token: update.refresh_token })).statusCode).toBe(401);
    const stillIn = await h.post(SESSIONS, {}, { authorization: `Bearer ${fork.token}` });
    expect(stillIn.json<SessionUpdateResponse>().user?.id).toBe(login.user.id);
  });

  it('the forked token recovers once; presenting it again later revokes that session', async () => {
    const login = await h.login('alice@example.com');
    const fork = (await h.post(FORK, { refresh_token: login.refresh_token })).json<ForkSessionResponse>();
    const first = await h.post(RECOVER, { refresh_token: fork.new_session_refresh_token });
    expect(first.statusCode).toBe(200);
    // Not even at once: it travels in an address, so no two-tabs grace.
    expect((await h.post(RECOVER, { refresh_token: fork.new_session_refresh_token })).statusCode).toBe(401);
    h.clock.advance(REFRESH_REUSE_GRACE_MS + 1000);
    const replay = await h.post(RECOVER, { refresh_token: fork.new_session_refresh_token });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(INVALID_TOKEN);
    const next = first.json<SessionUpdateResponse>().refresh_token!;
    expect((await h.post(SESSIONS, { refresh_token: next })).statusCode).toBe(401);
  });

  it.each([
    ['an unknown token', { refresh_token: 'x'.repeat(43) }, 401],
    ['no token', {}, 400],
    ['an empty token', { refresh_token: '' }, 400],
    ['a number', { refresh_token: 42 }, 400],
    ['an overlong token', { refresh_token: 'x'.repeat(300) }, 400],
  ])('fork and recover refuse %s', async (_name, body, status) => {
    for (const path of [FORK, RECOVER]) {
      const response = await h.post(path, body);
      expect(response.statusCode).toBe(status);
      expect(response.json().code).toBe(status === 401 ? 'missing_or_invalid_token' : 'invalid_data');
    }
  });

  it('a logged-out session cannot be forked', async () => {
    const login = await h.login('alice@example.com');
    await h.post('/api/v1/sessions/logout', { refresh_token: login.refresh_token });
    expect((await h.post(FORK, { refresh_token: login.refresh_token })).json()).toEqual(INVALID_TOKEN);
  });

  it("another app's token does not fork here", async () => {
    const login = await h.login('alice@example.com');
    const other = await h.server.gatehouse.apps.create('Other', ['https://other.example']);
    const response = await h.inject({
      method: 'POST',
      url: FORK,
      headers: { 'gatehouse-app-id': other.id, 'content-type': 'application/json' },
      payload: JSON.stringify({ refresh_token: login.refresh_token }),
    });
    expect(response.statusCode).toBe(401);
  });
});
