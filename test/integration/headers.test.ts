import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult, ForkSessionResponse } from '../../src/protocol/api.js';
import { HostKeys } from '../support/host-keys.js';
import { type Harness, ORIGIN, runCliCaptured, startHarness, tempDir } from './harness.js';

let h: Harness;
let host: HostKeys;
const client = tempDir();

beforeAll(async () => {
  mkdirSync(join(client.path, 'frame'), { recursive: true });
  writeFileSync(join(client.path, 'loader.js'), '(function(){})();\n');
  host = await HostKeys.start();
  h = await startHarness({ clientDir: client.path });
  await runCliCaptured(h.database.env, ['apps', 'set', h.appId, ...host.settings]);
});
afterAll(async () => {
  await h.close();
  await host.stop();
  client.remove();
});

function expectNoStore(response: LightMyRequestResponse, what: string): void {
  expect(response.headers['cache-control'], what).toBe('no-store');
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
}

describe('token-bearing answers are never stored by a cache', () => {
  it('auth results, session refreshes, forks and custom auth answer Cache-Control: no-store', async () => {
    const code = await h.requestCode('alice@example.com');
    const login = await h.post('/api/v1/passwordless/authenticate', { email: 'alice@example.com', code });
    expectNoStore(login, 'passwordless/authenticate');
    const { refresh_token: refreshToken, token } = login.json<AuthResult>();

    const refreshed = await h.post('/api/v1/sessions', { refresh_token: refreshToken });
    expectNoStore(refreshed, 'sessions');
    const next = refreshed.json<AuthResult>().refresh_token;
    expectNoStore(
      await h.post('/api/v1/sessions', {}, { authorization: `Bearer ${token}` }),
      'sessions (bearer)',
    );

    const fork = await h.post('/api/v1/sessions/fork', { refresh_token: next });
    expectNoStore(fork, 'sessions/fork');
    const forked = fork.json<ForkSessionResponse>().new_session_refresh_token;
    expectNoStore(await h.post('/api/v1/sessions/fork/recover', { refresh_token: forked }), 'fork/recover');

    const custom = await h.post('/api/v1/custom_jwt_account/authenticate', {
      token: await host.sign({}, { nowSeconds: Math.floor(h.clock.now() / 1000) }),
    });
    expect(custom.statusCode, custom.body).toBe(200);
    expectNoStore(custom, 'custom_jwt_account/authenticate');

    expectNoStore(await h.post('/api/v1/sessions/logout', { refresh_token: next }), 'sessions/logout');
  });

  it('errors of those calls too', async () => {
    const refused = await h.post('/api/v1/passwordless/authenticate', {
      email: 'a@example.com',
      code: '000000',
    });
    expect(refused.statusCode).toBe(422);
    expectNoStore(refused, 'a refused code');
  });
});

describe('X-Content-Type-Options: nosniff on every response', () => {
  it.each([
    ['the app configuration', { method: 'GET', url: '' }],
    ['the JWKS', { method: 'GET', url: '/jwks.json' }],
    ['the health check', { method: 'GET', url: '/healthz' }],
    ['an unknown route', { method: 'GET', url: '/api/v1/nothing' }],
    ['the loader', { method: 'GET', url: '/loader.js' }],
    ['a preflight', { method: 'OPTIONS', url: '/api/v1/sessions' }],
  ] as const)('%s', async (_name, { method, url }) => {
    const path = url === '' || url === '/jwks.json' ? `/api/v1/apps/${h.appId}${url}` : url;
    const response = await h.inject({
      method,
      url: path,
      headers: { origin: ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps the public caching of the JWKS and the loader', async () => {
    for (const url of [`/api/v1/apps/${h.appId}/jwks.json`, '/loader.js']) {
      const response = await h.inject({ method: 'GET', url });
      expect(response.headers['cache-control'], url).toMatch(/^public, max-age=\d+$/);
    }
  });
});
