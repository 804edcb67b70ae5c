// @vitest-environment node
/**
 * `@gatehousejs/widget/server` against keys made here and published on a local JWKS endpoint at the
 * provider's path: a token as the provider issues it verifies; one for another app, from another
 * issuer, expired or altered does not, and getAuth() answers null for it instead of throwing.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAuth, verifyAccessToken } from '../../src/package/server.js';
import { API_PATHS } from '../../src/protocol/api.js';

const APP_ID = 'clz0000000000000000000001';
const USER_ID = 'cuser00000000000000000001';
const SESSION_ID = 'csess00000000000000000001';

let server: Server;
let apiUrl: string;
let sign: (claims: JWTPayload) => Promise<string>;
let jwksRequests = 0;

beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'key-1', alg: 'ES256', use: 'sig' };
  server = createServer((request, response) => {
    if (request.url !== API_PATHS.jwks(APP_ID)) return void response.writeHead(404).end();
    jwksRequests++;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sign = (claims) => {
    const now = Math.floor(Date.now() / 1000);
    const full = { iss: apiUrl, aud: APP_ID, sub: `did:gatehouse:${USER_ID}`, sid: SESSION_ID, ...claims };
    return new SignJWT(full)
      .setProtectedHeader({ alg: 'ES256', kid: 'key-1', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime((claims.exp as number | undefined) ?? now + 3600)
      .sign(privateKey);
  };
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const options = () => ({ apiUrl, appId: APP_ID });

describe('verifyAccessToken', () => {
  it('gives the user and session of a token as the provider issues it, fetching the keys once', async () => {
    const before = jwksRequests;
    const auth = await verifyAccessToken(await sign({ auth_time: 1 }), options());
    expect(auth).toMatchObject({ userId: USER_ID, sessionId: SESSION_ID });
    expect(auth.claims).toMatchObject({ iss: apiUrl, aud: APP_ID, sid: SESSION_ID, auth_time: 1 });
    // A trailing slash on apiUrl names the same issuer; the keys come from the cache.
    await expect(
      verifyAccessToken(await sign({}), { apiUrl: `${apiUrl}/`, appId: APP_ID }),
    ).resolves.toMatchObject({ userId: USER_ID });
    expect(jwksRequests - before).toBeLessThanOrEqual(1);
  });

  it('refuses a token for another app, from another issuer, expired, or altered', async () => {
    await expect(
      verifyAccessToken(await sign({ aud: 'clz0000000000000000000002' }), options()),
    ).rejects.toThrow(/aud/);
    await expect(verifyAccessToken(await sign({ iss: 'https://evil.example' }), options())).rejects.toThrow(
      /iss/,
    );
    const past = Math.floor(Date.now() / 1000) - 60;
    await expect(verifyAccessToken(await sign({ exp: past }), options())).rejects.toThrow(/exp/);
    const [header, , signature] = (await sign({})).split('.');
    const payload = Buffer.from(JSON.stringify({ sub: 'did:gatehouse:someone-else' })).toString('base64url');
    await expect(verifyAccessToken(`${header}.${payload}.${signature}`, options())).rejects.toThrow(
      /signature/,
    );
  });

  it('refuses a signed token that names no Gatehouse user', async () => {
    await expect(verifyAccessToken(await sign({ sub: 'alice' }), options())).rejects.toThrow(/user/);
  });
});

describe('getAuth', () => {
  it('reads the bearer token of a Fetch Request, or the access cookie of a Node request', async () => {
    const token = await sign({});
    const request = new Request('https://shop.example/api', {
      headers: { authorization: `Bearer ${token}` },
    });
    await expect(getAuth(request, options())).resolves.toMatchObject({
      userId: USER_ID,
      sessionId: SESSION_ID,
    });
    await expect(getAuth(request.headers, options())).resolves.toMatchObject({ userId: USER_ID });
    const cookie = `theme=dark; gatehouse_access_${APP_ID}=${token}; other=1`;
    const nodeRequest = { headers: { cookie } } as unknown as IncomingMessage;
    await expect(getAuth(nodeRequest, options())).resolves.toMatchObject({ userId: USER_ID });
  });

  it('answers null, without throwing, for no token, a bad token, or unreachable keys', async () => {
    await expect(getAuth(new Request('https://shop.example/'), options())).resolves.toBeNull();
    const bad = new Headers({ authorization: `Bearer ${await sign({ aud: 'other' })}` });
    await expect(getAuth(bad, options())).resolves.toBeNull();
    const otherAppCookie = { headers: { cookie: `gatehouse_access_other=${await sign({})}` } };
    await expect(getAuth(otherAppCookie, options())).resolves.toBeNull();
    const good = new Headers({ authorization: `Bearer ${await sign({})}` });
    await expect(getAuth(good, { apiUrl: 'http://127.0.0.1:9', appId: APP_ID })).resolves.toBeNull();
    await expect(getAuth(good, { apiUrl: 'not a url', appId: APP_ID })).resolves.toBeNull();
  });
});
