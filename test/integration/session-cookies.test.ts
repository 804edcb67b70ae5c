import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthResult, SessionUpdateResponse } from '../../src/protocol/api.js';
import { HEADERS, REFRESH_REUSE_GRACE_MS, REFRESH_TOKEN_TTL_SECONDS } from '../../src/protocol/constants.js';
import { parseAssignment } from '../../src/server/services/apps/app-config.js';
import { type Harness, startHarness } from './harness.js';

/**
 * Same-site cookie mode (§4.1, §9): the provider on auth.shop.example, the host pages on
 * shop.example; https://elsewhere.example is allowed too, and keeps the storage mode.
 */
const HOST = 'https://shop.example';
const CROSS_SITE = 'https://elsewhere.example';
const SESSIONS = '/api/v1/sessions';
const LOGOUT = '/api/v1/sessions/logout';
const FORK = '/api/v1/sessions/fork';

type Response = Awaited<ReturnType<Harness['post']>>;

/** name → the full Set-Cookie line. */
function setCookies(response: Response): Map<string, string> {
  const header = response.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return new Map(lines.map((line) => [line.slice(0, line.indexOf('=')), line]));
}

const cookieValue = (line: string | undefined) => line?.slice(line.indexOf('=') + 1, line.indexOf(';'));

describe('same-site cookie mode', () => {
  let h: Harness;
  let refreshName: string;
  let accessName: string;

  beforeEach(async () => {
    h = await startHarness({ publicUrl: 'https://auth.shop.example' });
    await h.server.gatehouse.apps.update(h.appId, [
      parseAssignment(`allowed_origins=${HOST},${CROSS_SITE}`),
      parseAssignment('session_cookie_domain=Shop.Example'),
    ]);
    refreshName = `gatehouse_refresh_${h.appId}`;
    accessName = `gatehouse_access_${h.appId}`;
  });
  afterEach(async () => {
    await h.close();
  });

  const from = (origin: string, cookie?: string) => ({ origin, ...(cookie ? { cookie } : {}) });

  async function login(origin = HOST): Promise<{ result: AuthResult; response: Response }> {
    const code = await h.requestCode('alice@example.com', { origin });
    const response = await h.post(
      '/api/v1/passwordless/authenticate',
      { email: 'alice@example.com', code },
      { origin },
    );
    expect(response.statusCode).toBe(200);
    return { result: response.json<AuthResult>(), response };
  }

  /** The refresh cookie of a response, as the browser would send it back. */
  const refreshCookieOf = (response: Response) =>
    `${refreshName}=${cookieValue(setCookies(response).get(refreshName))}`;

  it('answers the app configuration with the cookie domain, lowercased', async () => {
    const config = await h.inject({
      method: 'GET',
      url: `/api/v1/apps/${h.appId}`,
      headers: { origin: HOST },
    });
    expect(config.json().session_cookie_domain).toBe('shop.example');
    expect(() => parseAssignment('session_cookie_domain=not a domain')).toThrow(/such as shop.example/);
    expect(() => parseAssignment('session_cookie_domain=localhost')).toThrow(/such as shop.example/);
  });

  it('puts the refresh token only in an HttpOnly cookie and the access token in a cookie on the shared domain', async () => {
    const { result, response } = await login();
    expect(result.refresh_token).toBeNull();
    expect(response.body).not.toContain(cookieValue(setCookies(response).get(refreshName)));
    expect(result.token).toMatch(/^ey/);

    const cookies = setCookies(response);
    expect(cookies.get(refreshName)).toMatch(
      new RegExp(
        `^${refreshName}=[A-Za-z0-9_-]{43}; Path=/api/v1/sessions; Max-Age=${REFRESH_TOKEN_TTL_SECONDS}; HttpOnly; Secure; SameSite=Lax$`,
      ),
    );
    expect(cookies.get(refreshName)).not.toContain('Domain=');
    const exp = JSON.parse(Buffer.from(result.token.split('.')[1] as string, 'base64url').toString()).exp;
    expect(cookies.get(accessName)).toBe(
      `${accessName}=${result.token}; Domain=shop.example; Path=/; Expires=${new Date(exp * 1000).toUTCString()}; HttpOnly; Secure; SameSite=Lax`,
    );
    expect(response.headers['access-control-allow-origin']).toBe(HOST);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
  });

  it('refreshes from the cookie alone, rotating it, with no refresh token in the body', async () => {
    const { response } = await login();
    h.clock.advance(1000);
    const refresh = await h.post(SESSIONS, {}, from(HOST, refreshCookieOf(response)));
    expect(refresh.statusCode).toBe(200);
    const update = refresh.json<SessionUpdateResponse>();
    expect(update).toMatchObject({ session_update_action: 'set', refresh_token: null });
    expect(update.user?.id).toBeTruthy();
    expect(refreshCookieOf(refresh)).not.toBe(refreshCookieOf(response));
    expect(setCookies(refresh).get(accessName)).toContain(`${accessName}=${update.token};`);
    expect(refresh.headers['access-control-allow-credentials']).toBe('true');

    // With no cookie at all the session is simply absent, and both cookies are cleared.
    const none = await h.post(SESSIONS, {}, from(HOST));
    expect(none.json<SessionUpdateResponse>().session_update_action).toBe('clear');
    expect(setCookies(none).get(refreshName)).toContain('Max-Age=0');
  });

  it('revokes the session when a rotated cookie comes back after the grace window', async () => {
    const { response } = await login();
    const rotated = await h.post(SESSIONS, {}, from(HOST, refreshCookieOf(response)));
    h.clock.advance(REFRESH_REUSE_GRACE_MS);
    const replay = await h.post(SESSIONS, {}, from(HOST, refreshCookieOf(response)));
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('missing_or_invalid_token');
    expect(setCookies(replay).get(refreshName)).toContain('Max-Age=0');
    // The legitimate successor is dead too.
    expect((await h.post(SESSIONS, {}, from(HOST, refreshCookieOf(rotated)))).statusCode).toBe(401);
  });

  it('logs out by the cookie and clears both cookies', async () => {
    const { response } = await login();
    const logout = await h.post(LOGOUT, {}, from(HOST, refreshCookieOf(response)));
    expect(logout.statusCode).toBe(200);
    const cleared = setCookies(logout);
    expect(cleared.get(refreshName)).toBe(
      `${refreshName}=; Path=/api/v1/sessions; Max-Age=0; HttpOnly; Secure; SameSite=Lax`,
    );
    expect(cleared.get(accessName)).toContain(
      `${accessName}=; Domain=shop.example; Path=/; Expires=Thu, 01 Jan 1970`,
    );
    expect((await h.post(SESSIONS, {}, from(HOST, refreshCookieOf(response)))).statusCode).toBe(401);
  });

  it('forks from the cookie and keeps the rotated token out of the body', async () => {
    const { response } = await login();
    const fork = await h.post(FORK, {}, from(HOST, refreshCookieOf(response)));
    expect(fork.statusCode).toBe(200);
    expect(fork.json().refresh_token).toBeNull();
    expect(fork.json().new_session_refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(refreshCookieOf(fork)).not.toBe(refreshCookieOf(response));
  });

  it('keeps the storage mode for an allowed origin outside the domain, and sets no cookie', async () => {
    const { result, response } = await login(CROSS_SITE);
    expect(result.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.headers['set-cookie']).toBeUndefined();
    // A cookie sent from there is not read.
    const refresh = await h.post(SESSIONS, {}, from(CROSS_SITE, `${refreshName}=${result.refresh_token}`));
    expect(refresh.json<SessionUpdateResponse>().session_update_action).toBe('clear');
  });

  it('moves a refresh token kept in storage before the switch into the cookie at its next refresh', async () => {
    const { result } = await login(CROSS_SITE);
    const refresh = await h.post(SESSIONS, { refresh_token: result.refresh_token }, from(HOST));
    expect(refresh.statusCode).toBe(200);
    expect(refresh.json<SessionUpdateResponse>().refresh_token).toBeNull();
    expect((await h.post(SESSIONS, {}, from(HOST, refreshCookieOf(refresh)))).statusCode).toBe(200);
  });

  it('gives credentialed CORS to the allowed origins only', async () => {
    const { response } = await login();
    const stranger = 'https://evil.shop.example';
    const refused = await h.post(SESSIONS, {}, from(stranger, refreshCookieOf(response)));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('invalid_origin');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(refused.headers['access-control-allow-credentials']).toBeUndefined();
    expect(refused.headers['set-cookie']).toBeUndefined();

    const preflight = (origin: string) =>
      h.inject({
        method: 'OPTIONS',
        url: SESSIONS,
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': HEADERS.appId,
        },
      });
    expect((await preflight(stranger)).headers['access-control-allow-credentials']).toBeUndefined();
    const allowed = await preflight(HOST);
    expect(allowed.headers['access-control-allow-origin']).toBe(HOST);
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
  });

  it('keeps the storage mode when the provider is not inside the cookie domain', async () => {
    await h.close();
    h = await startHarness({ publicUrl: 'https://gatehouse.elsewhere.example' });
    await h.server.gatehouse.apps.update(h.appId, [
      parseAssignment(`allowed_origins=${HOST}`),
      parseAssignment('session_cookie_domain=shop.example'),
    ]);
    const { result, response } = await login();
    expect(result.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});
