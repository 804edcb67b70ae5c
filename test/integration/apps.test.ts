import { createLocalJWKSet, decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfigWire } from '../../src/protocol/api.js';
import { ACCESS_TOKEN_TTL_SECONDS, USER_DID_PREFIX } from '../../src/protocol/constants.js';
import type { JwksResponse } from '../../src/protocol/server-api.js';
import { type Harness, ORIGIN, PUBLIC_URL, startHarness } from './harness.js';

describe('app configuration and keys', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  const getConfig = (appId: string, headers: Record<string, string> = {}) =>
    h.inject({ method: 'GET', url: `/api/v1/apps/${appId}`, headers });
  const getJwks = async (appId = h.appId) =>
    (await h.inject({ method: 'GET', url: `/api/v1/apps/${appId}/jwks.json` })).json<JwksResponse>();

  it('answers the app configuration with defaults, origins and the verification key', async () => {
    const response = await getConfig(h.appId, { origin: ORIGIN });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    const config = response.json<AppConfigWire>();
    expect(config).toMatchObject({
      id: h.appId,
      name: 'Demo',
      email_auth: true,
      sms_auth: false,
      wallet_auth: false,
      google_oauth: false,
      embedded_wallet_config: {
        create_on_login: 'off',
        require_user_password_on_create: false,
        no_prompt_on_signature: false,
        recovery: 'default',
      },
      allowlist_config: { error_title: null, error_detail: null, cta_text: null, cta_link: null },
      mfa_methods: [],
      allowed_origins: [ORIGIN],
      created_at: Math.floor(h.clock.now() / 1000),
      updated_at: Math.floor(h.clock.now() / 1000),
    });
    expect(config.verification_key).toMatch(
      /^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----$/,
    );
  });

  it('answers 404 app_not_found for an unknown app, and 403 invalid_origin to a foreign page', async () => {
    const missing = await getConfig('a'.repeat(25));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'app_not_found', message: expect.any(String) });
    const foreign = await getConfig(h.appId, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ code: 'invalid_origin', message: expect.any(String) });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets any page read the 404 app_not_found, so the widget can say why it did not start', async () => {
    for (const origin of [ORIGIN, 'https://typo.example']) {
      const missing = await getConfig('b'.repeat(25), { origin });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ code: 'app_not_found', message: 'App not found.' });
      expect(missing.headers['access-control-allow-origin']).toBe(origin);
      expect(missing.headers['access-control-allow-credentials']).toBe('true');
      expect(missing.headers.vary).toContain('Origin');
    }
    const serverToServer = await getConfig('b'.repeat(25));
    expect(serverToServer.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('publishes the ES256 public key as a JWKS readable from any origin', async () => {
    const response = await h.inject({ method: 'GET', url: `/api/v1/apps/${h.appId}/jwks.json` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const { keys } = response.json<JwksResponse>();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toEqual({
      kty: 'EC',
      crv: 'P-256',
      x: expect.any(String),
      y: expect.any(String),
      kid: expect.any(String),
      alg: 'ES256',
      use: 'sig',
    });
    expect(keys[0]).not.toHaveProperty('d');
    const missing = await h.inject({ method: 'GET', url: `/api/v1/apps/${'b'.repeat(25)}/jwks.json` });
    expect(missing.statusCode).toBe(404);
  });

  it('issues access tokens a host backend verifies with the JWKS and with the verification key', async () => {
    const login = await h.login('alice@example.com');
    const jwks = await getJwks();
    const config = (await getConfig(h.appId)).json<AppConfigWire>();
    const expected = { issuer: PUBLIC_URL, audience: h.appId, currentDate: new Date(h.clock.now()) };

    const byJwks = await jwtVerify(login.token, createLocalJWKSet(jwks), expected);
    const byPem = await jwtVerify(login.token, await importSPKI(config.verification_key, 'ES256'), expected);
    expect(byPem.payload).toEqual(byJwks.payload);

    const iat = Math.floor(h.clock.now() / 1000);
    expect(byJwks.payload).toEqual({
      iss: PUBLIC_URL,
      aud: h.appId,
      sub: `${USER_DID_PREFIX}${login.user.id}`,
      sid: expect.stringMatching(/^[a-z0-9]{32}$/),
      iat,
      exp: iat + ACCESS_TOKEN_TTL_SECONDS,
      // The time of this interactive login (recovery on a new device needs a recent one).
      auth_time: iat,
    });
    expect(byJwks.protectedHeader).toEqual({ alg: 'ES256', kid: jwks.keys[0]?.kid, typ: 'JWT' });
    expect(decodeProtectedHeader(login.token).kid).toBe(jwks.keys[0]?.kid);

    // Another app's audience does not verify.
    await expect(
      jwtVerify(login.token, createLocalJWKSet(jwks), { ...expected, audience: 'other' }),
    ).rejects.toThrow();
  });

  it('signs every app with the same key', async () => {
    const other = await h.server.gatehouse.apps.create('Second', ['https://second.example']);
    expect(await getJwks(other.id)).toEqual(await getJwks());
  });
});
