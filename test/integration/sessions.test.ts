import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionUpdateResponse } from '../../src/protocol/api.js';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_REUSE_GRACE_MS,
  REFRESH_TOKEN_TTL_SECONDS,
} from '../../src/protocol/constants.js';
import { type Harness, startHarness } from './harness.js';

const SESSIONS = '/api/v1/sessions';
const LOGOUT = '/api/v1/sessions/logout';
const INVALID_TOKEN = { code: 'missing_or_invalid_token', message: expect.any(String) };

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('sessions', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  /** POST /sessions with only a bearer: the check an authenticated endpoint makes. */
  async function bearerCheck(token: string) {
    return h.post(SESSIONS, {}, bearer(token));
  }

  it('rotates the refresh token on every refresh and answers set with a new pair and the user', async () => {
    const login = await h.login('alice@example.com');
    h.clock.advance(1000);
    const response = await h.post(SESSIONS, { refresh_token: login.refresh_token });
    expect(response.statusCode).toBe(200);
    const update = response.json<SessionUpdateResponse>();
    expect(update.session_update_action).toBe('set');
    expect(update.user).toEqual(login.user);
    expect(update.token).not.toBe(login.token);
    expect(update.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(update.refresh_token).not.toBe(login.refresh_token);

    const next = await h.post(SESSIONS, { refresh_token: update.refresh_token });
    expect(next.json<SessionUpdateResponse>().session_update_action).toBe('set');
  });

  it('keeps a session alive while it refreshes within the TTL, and ends it once idle for the TTL', async () => {
    const day = 24 * 60 * 60 * 1000;
    const ttl = REFRESH_TOKEN_TTL_SECONDS * 1000;
    const login = await h.login('alice@example.com');
    let refreshToken = login.refresh_token;
    // Three refreshes a TTL minus a day apart: each one moves the session's end forward.
    for (let i = 0; i < 3; i += 1) {
      h.clock.advance(ttl - day);
      const response = await h.post(SESSIONS, { refresh_token: refreshToken });
      expect(response.statusCode).toBe(200);
      refreshToken = response.json<SessionUpdateResponse>().refresh_token as string;
    }
    // Refreshes minutes apart leave it where it was; idle for the TTL after them, it is over.
    h.clock.advance(5 * 60 * 1000);
    const soon = await h.post(SESSIONS, { refresh_token: refreshToken });
    refreshToken = soon.json<SessionUpdateResponse>().refresh_token as string;
    h.clock.advance(ttl);
    const late = await h.post(SESSIONS, { refresh_token: refreshToken });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject(INVALID_TOKEN);
  });

  it('accepts a just-rotated token again within the grace window (two tabs)', async () => {
    const login = await h.login('alice@example.com');
    const first = (
      await h.post(SESSIONS, { refresh_token: login.refresh_token })
    ).json<SessionUpdateResponse>();
    h.clock.advance(REFRESH_REUSE_GRACE_MS - 1000);
    const second = await h.post(SESSIONS, { refresh_token: login.refresh_token });
    expect(second.statusCode).toBe(200);
    const other = second.json<SessionUpdateResponse>();
    expect(other.session_update_action).toBe('set');
    expect(other.refresh_token).not.toBe(first.refresh_token);
    // Both tabs keep working.
    expect((await h.post(SESSIONS, { refresh_token: first.refresh_token })).statusCode).toBe(200);
    expect((await h.post(SESSIONS, { refresh_token: other.refresh_token })).statusCode).toBe(200);
  });

  it('lets two simultaneous refreshes with the same token both succeed', async () => {
    const login = await h.login('alice@example.com');
    const responses = await Promise.all([
      h.post(SESSIONS, { refresh_token: login.refresh_token }),
      h.post(SESSIONS, { refresh_token: login.refresh_token }),
    ]);
    const updates = responses.map((response) => {
      expect(response.statusCode).toBe(200);
      return response.json<SessionUpdateResponse>();
    });
    expect(updates.map((update) => update.session_update_action)).toEqual(['set', 'set']);
    expect(updates[0]?.refresh_token).not.toBe(updates[1]?.refresh_token);
    for (const update of updates) {
      expect((await bearerCheck(update.token as string)).statusCode).toBe(200);
    }
  });

  it('revokes the whole session when a spent token comes back after the grace window', async () => {
    const login = await h.login('alice@example.com');
    const rotated = (
      await h.post(SESSIONS, { refresh_token: login.refresh_token })
    ).json<SessionUpdateResponse>();
    h.clock.advance(REFRESH_REUSE_GRACE_MS);
    const replay = await h.post(SESSIONS, { refresh_token: login.refresh_token });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(INVALID_TOKEN);

    // The legitimate successor and every access token of the session are dead too.
    expect((await h.post(SESSIONS, { refresh_token: rotated.refresh_token })).statusCode).toBe(401);
    expect((await bearerCheck(rotated.token as string)).statusCode).toBe(401);
    expect((await bearerCheck(login.token)).statusCode).toBe(401);

    // Another session of the same user is untouched.
    const other = await h.login('alice@example.com');
    expect((await bearerCheck(other.token)).statusCode).toBe(200);
  });

  it('answers 401 to unknown refresh tokens and refresh tokens of another app', async () => {
    const unknown = await h.post(SESSIONS, { refresh_token: 'x'.repeat(43) });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(INVALID_TOKEN);

    const login = await h.login('alice@example.com');
    const otherApp = await h.server.gatehouse.apps.create('Other', ['https://other.example']);
    const foreign = await h.post(
      SESSIONS,
      { refresh_token: login.refresh_token },
      { 'gatehouse-app-id': otherApp.id, origin: 'https://other.example' },
    );
    expect(foreign.statusCode).toBe(401);
  });

  it('answers ignore with the user for a valid bearer alone, and clear with nothing', async () => {
    const login = await h.login('alice@example.com');
    const ignore = await bearerCheck(login.token);
    expect(ignore.json()).toEqual({
      session_update_action: 'ignore',
      token: null,
      refresh_token: null,
      user: login.user,
    });
    const clear = await h.post(SESSIONS);
    expect(clear.statusCode).toBe(200);
    expect(clear.json()).toEqual({
      session_update_action: 'clear',
      token: null,
      refresh_token: null,
      user: null,
    });
    const noBody = await h.inject({
      method: 'POST',
      url: SESSIONS,
      headers: { 'gatehouse-app-id': h.appId },
    });
    expect(noBody.json<SessionUpdateResponse>().session_update_action).toBe('clear');
  });

  it('refuses expired, forged, malformed and other-app access tokens with 401', async () => {
    const login = await h.login('alice@example.com');
    const [header, payload, signature] = login.token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'did:gatehouse:someone-else' })).toString(
      'base64url',
    );
    expect((await bearerCheck(`${header}.${forged}.${signature}`)).statusCode).toBe(401);
    expect((await h.post(SESSIONS, {}, { authorization: 'Basic abc' })).statusCode).toBe(401);

    const otherApp = await h.server.gatehouse.apps.create('Other', ['https://other.example']);
    const wrongAudience = await h.post(
      SESSIONS,
      {},
      { ...bearer(login.token), 'gatehouse-app-id': otherApp.id, origin: 'https://other.example' },
    );
    expect(wrongAudience.statusCode).toBe(401);
    expect(wrongAudience.json()).toEqual(INVALID_TOKEN);

    h.clock.advance(ACCESS_TOKEN_TTL_SECONDS * 1000);
    expect((await bearerCheck(login.token)).statusCode).toBe(401);
    // The refresh token still renews the session.
    expect((await h.post(SESSIONS, { refresh_token: login.refresh_token })).statusCode).toBe(200);
  });

  it('logs out by bearer: the session and its refresh token stop working; logout is idempotent', async () => {
    const login = await h.login('alice@example.com');
    const logout = await h.post(LOGOUT, {}, bearer(login.token));
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ success: true });
    expect((await bearerCheck(login.token)).statusCode).toBe(401);
    expect((await h.post(SESSIONS, { refresh_token: login.refresh_token })).statusCode).toBe(401);
    expect((await h.post(LOGOUT, {}, bearer(login.token))).json()).toEqual({ success: true });
    expect((await h.post(LOGOUT, {})).json()).toEqual({ success: true });
  });

  it('logs out by refresh token alone, and with an expired access token', async () => {
    const first = await h.login('alice@example.com');
    expect((await h.post(LOGOUT, { refresh_token: first.refresh_token })).statusCode).toBe(200);
    expect((await bearerCheck(first.token)).statusCode).toBe(401);

    const second = await h.login('alice@example.com');
    h.clock.advance(ACCESS_TOKEN_TTL_SECONDS * 1000 + 1000);
    expect((await h.post(LOGOUT, {}, bearer(second.token))).statusCode).toBe(200);
    expect((await h.post(SESSIONS, { refresh_token: second.refresh_token })).statusCode).toBe(401);
  });
});
