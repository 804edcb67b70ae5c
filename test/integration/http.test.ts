import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, ORIGIN, startHarness } from './harness.js';

const INIT = '/api/v1/passwordless/init';
const AUTHENTICATE = '/api/v1/passwordless/authenticate';

describe('HTTP contract', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  const raw = (payload: string, headers: Record<string, string> = {}, url = INIT) =>
    h.inject({
      method: 'POST',
      url,
      headers: { 'gatehouse-app-id': h.appId, 'content-type': 'application/json', ...headers },
      payload,
    });

  function expectError(response: { statusCode: number; json(): unknown }, status: number, code: string) {
    expect(response.statusCode).toBe(status);
    const body = response.json() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['code', 'message']);
    expect(body.code).toBe(code);
    expect(typeof body.message).toBe('string');
    return body.message as string;
  }

  describe('bad input is 400/413 {code, message}, never 500', () => {
    it.each([
      ['a number for email', INIT, { email: 12345 }, "Invalid field 'email': must be string."],
      ['null for email', INIT, { email: null }, "Invalid field 'email': must be string."],
      ['a missing email', INIT, {}, "Missing field 'email'."],
      ['a number for code', AUTHENTICATE, { email: 'a@example.com', code: 123456 }, "Invalid field 'code'"],
      ['a missing code', AUTHENTICATE, { email: 'a@example.com' }, "Missing field 'code'."],
      ['an array body', INIT, ['a@example.com'], 'The request body must be a JSON object.'],
      ['a huge email', INIT, { email: `${'a'.repeat(400)}@example.com` }, "Invalid field 'email'"],
      [
        'a huge code',
        AUTHENTICATE,
        { email: 'a@example.com', code: '1'.repeat(1000) },
        "Invalid field 'code'",
      ],
      [
        'a huge captcha token',
        INIT,
        { email: 'a@example.com', token: 'x'.repeat(5000) },
        "Invalid field 'token'",
      ],
      ['a number refresh token', '/api/v1/sessions', { refresh_token: 42 }, "Invalid field 'refresh_token'"],
    ])('%s', async (_name, url, body, message) => {
      expect(expectError(await raw(JSON.stringify(body), {}, url), 400, 'invalid_data')).toContain(message);
    });

    it('a body that is not JSON', async () => {
      expect(expectError(await raw('{"email": '), 400, 'invalid_data')).toBe(
        'The request body is not valid JSON.',
      );
    });

    it('a body of another content type', async () => {
      const message = expectError(
        await raw('email=a@example.com', { 'content-type': 'text/plain' }),
        400,
        'invalid_data',
      );
      expect(message).toBe('The request body must be sent as application/json.');
      expectError(
        await raw('email=a', { 'content-type': 'application/x-www-form-urlencoded' }),
        400,
        'invalid_data',
      );
    });

    it('a body over 64 KB', async () => {
      expectError(
        await raw(JSON.stringify({ email: 'a@example.com', pad: 'x'.repeat(70_000) })),
        413,
        'payload_too_large',
      );
    });

    it('prototype poisoning', async () => {
      expectError(await raw('{"email":"a@example.com","__proto__":{"x":1}}'), 400, 'invalid_data');
    });

    it('unknown routes and methods answer 404 not_found', async () => {
      expectError(await h.inject({ method: 'GET', url: '/api/v1/nothing' }), 404, 'not_found');
      expectError(await h.inject({ method: 'GET', url: INIT }), 404, 'not_found');
      expectError(await h.inject({ method: 'DELETE', url: '/api/v1/sessions' }), 404, 'not_found');
      expectError(await h.inject({ method: 'GET', url: '/' }), 404, 'not_found');
    });
  });

  describe('app id header', () => {
    it('is required on every API call but the two public reads', async () => {
      const response = await h.inject({ method: 'POST', url: INIT, payload: { email: 'a@example.com' } });
      expect(expectError(response, 403, 'invalid_app_id')).toBe('Missing gatehouse-app-id header.');
    });

    it('must name an existing app', async () => {
      for (const id of ['z'.repeat(25), 'x'.repeat(300)]) {
        const response = await h.post(INIT, { email: 'a@example.com' }, { 'gatehouse-app-id': id });
        expect(expectError(response, 403, 'invalid_app_id')).toBe('Invalid app ID.');
      }
    });

    it('answers invalid_app_id readable by the requesting page, whatever its origin', async () => {
      for (const origin of [ORIGIN, 'https://typo.example']) {
        const response = await h.post(
          INIT,
          { email: 'a@example.com' },
          { 'gatehouse-app-id': 'z'.repeat(25), origin },
        );
        expectError(response, 403, 'invalid_app_id');
        expect(response.headers['access-control-allow-origin']).toBe(origin);
        expect(response.headers['access-control-allow-credentials']).toBe('true');
      }
    });

    it('accepts the client analytics and client headers', async () => {
      const response = await h.post(
        '/api/v1/sessions',
        {},
        { 'gatehouse-ca-id': 'abc', 'gatehouse-client': 'gatehouse-js:0.1.0' },
      );
      expect(response.statusCode).toBe(200);
    });
  });

  describe('origins and CORS', () => {
    const preflight = (origin: string) =>
      h.inject({
        method: 'OPTIONS',
        url: INIT,
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,gatehouse-app-id',
        },
      });

    it('answers a preflight from an origin some app allows', async () => {
      const response = await preflight(ORIGIN);
      expect(response.statusCode).toBe(204);
      expect(response.headers).toMatchObject({
        'access-control-allow-origin': ORIGIN,
        'access-control-allow-credentials': 'true',
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        vary: 'Origin',
      });
      const allowed = String(response.headers['access-control-allow-headers']).split(', ');
      expect(allowed).toEqual(
        expect.arrayContaining([
          'content-type',
          'authorization',
          'gatehouse-app-id',
          'gatehouse-ca-id',
          'gatehouse-client',
        ]),
      );
    });

    it('gives no CORS headers to a preflight from an unknown origin', async () => {
      const response = await preflight('https://evil.example');
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    });

    it('adds CORS headers to requests from the app’s origin', async () => {
      const response = await h.post('/api/v1/sessions', {});
      expect(response.headers['access-control-allow-origin']).toBe(ORIGIN);
      expect(response.headers['access-control-allow-credentials']).toBe('true');
      expect(response.headers.vary).toContain('Origin');
    });

    it('refuses a request from another origin with 403 invalid_origin before it has any effect', async () => {
      const sent = h.mailbox.messages.length;
      const response = await h.post(
        INIT,
        { email: 'victim@example.com' },
        { origin: 'https://evil.example' },
      );
      expectError(response, 403, 'invalid_origin');
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      // An origin allowed for another app is not allowed for this one.
      const other = await h.server.gatehouse.apps.create('Other', ['https://other.example']);
      expect(other.id).not.toBe(h.appId);
      expectError(
        await h.post(INIT, { email: 'victim@example.com' }, { origin: 'https://other.example' }),
        403,
        'invalid_origin',
      );
      await h.server.gatehouse.mailer.settled();
      expect(h.mailbox.messages.length).toBe(sent);
    });

    it('keeps the CORS headers on error answers, so the page can read them', async () => {
      const response = await h.post(AUTHENTICATE, { email: 'a@example.com', code: '000000' });
      expect(response.statusCode).toBe(422);
      expect(response.headers['access-control-allow-origin']).toBe(ORIGIN);
    });

    it('lets requests without an Origin header through (server to server)', async () => {
      const response = await h.inject({
        method: 'POST',
        url: '/api/v1/sessions',
        headers: { 'gatehouse-app-id': h.appId },
        payload: {},
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  it('answers the health check', async () => {
    const response = await h.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });
});

describe('unexpected failures', () => {
  it('answer 500 internal_error without details', async () => {
    const h = await startHarness();
    try {
      // The database going away under the server stands for any bug.
      await h.server.gatehouse.db.destroy();
      const response = await h.post(INIT, { email: 'a@example.com' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ code: 'internal_error', message: 'Internal server error.' });
    } finally {
      await h.close();
    }
  });
});
