import { exportSPKI, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/protocol/api.js';
import { HostKeys } from '../support/host-keys.js';
import { type Harness, runCliCaptured, startHarness } from './harness.js';

const AUTHENTICATE = '/api/v1/custom_jwt_account/authenticate';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('POST /api/v1/custom_jwt_account/authenticate', () => {
  let h: Harness;
  let host: HostKeys;
  let ecKeys: Awaited<ReturnType<typeof generateKeyPair>>;
  beforeAll(async () => {
    host = await HostKeys.start();
    ecKeys = await generateKeyPair('ES256', { extractable: true });
  });
  afterAll(async () => {
    await host.stop();
  });
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  const nowSeconds = () => Math.floor(h.clock.now() / 1000);

  const sign = (claims: JWTPayload = {}, key?: Parameters<SignJWT['sign']>[0], alg?: string) =>
    host.sign(claims, { nowSeconds: nowSeconds(), key, alg });

  const configure = (...assignments: string[]) =>
    runCliCaptured(h.database.env, ['apps', 'set', h.appId, ...assignments]);

  const withJwks = () => configure(...host.settings);

  it("logs in by the token's sub (custom_auth account), the same user every time", async () => {
    expect((await withJwks()).code).toBe(0);
    const first = await h.post(AUTHENTICATE, { token: await sign() });
    expect(first.statusCode).toBe(200);
    const result = first.json<AuthResult>();
    expect(result.is_new_user).toBe(true);
    expect(result.user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'custom_auth', custom_user_id: 'user-42' }),
    ]);
    expect(result.token).toMatch(/^ey/);
    expect(result.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = (await h.post(AUTHENTICATE, { token: await sign() })).json<AuthResult>();
    expect(again).toMatchObject({ is_new_user: false, user: { id: result.user.id } });
    const other = (await h.post(AUTHENTICATE, { token: await sign({ sub: 'user-43' }) })).json<AuthResult>();
    expect(other.user.id).not.toBe(result.user.id);
    // The JWKS was fetched once and cached.
    expect(host.fetches).toBe(1);
  });

  it('accepts a PEM public key instead of a JWKS (EC keys too)', async () => {
    const pem = await exportSPKI(ecKeys.publicKey);
    const set = await configure(
      `custom_auth.public_key=${pem}`,
      `custom_auth.issuer=${host.issuer}`,
      `custom_auth.audience=${host.audience}`,
    );
    expect(set.code).toBe(0);
    expect(set.stderr).toContain('custom_auth.public_key');
    const response = await h.post(AUTHENTICATE, { token: await sign({}, ecKeys.privateKey, 'ES256') });
    expect(response.statusCode).toBe(200);
    // A token signed by another key is refused.
    const wrong = await h.post(AUTHENTICATE, { token: await sign() });
    expect(wrong.statusCode).toBe(422);
  });

  describe('refuses', () => {
    beforeEach(async () => {
      await withJwks();
    });

    const refused = async (token: string, reason: string) => {
      const response = await h.post(AUTHENTICATE, { token });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        code: 'invalid_credentials',
        message: `Invalid custom auth token: ${reason}.`,
      });
    };

    it('an expired token', async () => {
      const token = await sign({ exp: nowSeconds() - 1 });
      await refused(token, 'the token has expired');
    });

    it('a token not valid yet (nbf)', async () => {
      await refused(await sign({ nbf: nowSeconds() + 300 }), 'the "nbf" claim is not valid');
    });

    it('a wrong issuer', async () => {
      await refused(await sign({ iss: 'https://evil.example' }), 'the "iss" claim is not valid');
    });

    it('a wrong audience', async () => {
      await refused(await sign({ aud: 'another-app' }), 'the "aud" claim is not valid');
    });

    it('alg: none', async () => {
      const payload = { iss: host.issuer, aud: host.audience, sub: 'user-42', exp: nowSeconds() + 600 };
      await refused(
        `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`,
        'the token is not signed with an allowed asymmetric algorithm',
      );
    });

    it('HS256 signed with the public key as the secret', async () => {
      const pem = await exportSPKI(host.keys.publicKey);
      const token = await sign({}, new TextEncoder().encode(pem) as never, 'HS256');
      await refused(token, 'the token is not signed with an allowed asymmetric algorithm');
    });

    it('a token signed by another key with the same kid', async () => {
      const other = await generateKeyPair('RS256');
      await refused(await sign({}, other.privateKey), 'the signature does not verify');
    });

    it('a token without sub', async () => {
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'RS256', kid: host.kid })
        .setIssuer(host.issuer)
        .setAudience(host.audience)
        .setExpirationTime(nowSeconds() + 600)
        .sign(host.keys.privateKey);
      await refused(token, 'the "sub" claim is not valid');
    });

    it('garbage', async () => {
      await refused('not.a.jwt', 'the token is malformed or not signed as expected');
    });

    it.each([
      ['no token', {}],
      ['an empty token', { token: '' }],
      ['a number', { token: 1 }],
      ['an overlong token', { token: 'x'.repeat(9000) }],
    ])('%s with 400 invalid_data', async (_name, body) => {
      const response = await h.post(AUTHENTICATE, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid_data');
    });
  });

  it('answers 403 disallowed_login_method while the app has no custom auth', async () => {
    const response = await h.post(AUTHENTICATE, { token: await sign() });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'disallowed_login_method',
      message: 'Custom auth is not configured for this app.',
    });
    // Issuer and audience are required too.
    await configure(`custom_auth.jwks_url=${host.url}`);
    expect((await h.post(AUTHENTICATE, { token: await sign() })).statusCode).toBe(403);
  });

  it('the settings are server-only and checked by the CLI', async () => {
    await withJwks();
    const config = await h.inject({ method: 'GET', url: `/api/v1/apps/${h.appId}` });
    expect(config.body).not.toContain(host.url);
    expect((await configure('custom_auth.jwks_url=ftp://x')).stderr).toContain('expected an http(s) URL');
    expect((await configure('custom_auth.public_key=nonsense')).stderr).toContain(
      'expected a PEM public key',
    );
  });

  it('respects the allowlist like every login', async () => {
    await withJwks();
    await configure('allowlist.enabled=true', 'allowlist.emails=a@example.com');
    const response = await h.post(AUTHENTICATE, { token: await sign() });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('allowlist_rejected');
  });
});
