/**
 * The console's signing keys, API secrets and operators, on SQLite and PostgreSQL: refused without
 * an operator's session, with a stale CSRF token or from another origin; `keys rotate` and `keys
 * retire` with the CLI's refusals; an app's API secret answered once (never listed, logged or
 * audited) and working for the server-to-server API; operators added and removed (not oneself);
 * one audit row per change, naming the acting operator by email.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_API_PATHS } from '../../src/protocol/console.js';
import type { OperatorWire, SigningKeysWire } from '../../src/protocol/console-security.js';
import {
  expectError,
  type Method,
  type OperatorSession,
  operatorClient,
  signInOperator,
} from './console-operator.js';
import { type Harness, ORIGIN, PUBLIC_URL, runCliCaptured, startHarness } from './harness.js';

let h: Harness;
let operator: OperatorSession;
const { send, auditOf } = operatorClient(
  () => h,
  () => operator,
);

beforeAll(async () => {
  h = await startHarness({ console: true });
  operator = await signInOperator(h);
  return () => h?.close();
});

const cli = (...argv: string[]) => runCliCaptured(h.database.env, argv);
const keys = async () => (await send('GET', '/api/v1/console/keys')).json<SigningKeysWire>().data;
const secretPath = (id = h.appId) => `/api/v1/console/apps/${id}/api-secret`;
const asBackend = (secret: string) =>
  h.inject({
    method: 'GET',
    url: '/api/v1/users?limit=1',
    headers: { authorization: `Basic ${Buffer.from(`${h.appId}:${secret}`).toString('base64')}` },
  });

/** A session of the operator of `email`, by a `console link --email` URL. */
async function signInAs(email: string): Promise<OperatorSession> {
  const env = { ...h.database.env, GATEHOUSE_PUBLIC_URL: PUBLIC_URL, GATEHOUSE_CONSOLE: 'true' };
  const url = new URL((await runCliCaptured(env, ['console', 'link', '--email', email])).stdout.trim());
  const response = await h.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  const cookie = String(response.headers['set-cookie']).split(';')[0] as string;
  const headers = { cookie, origin: PUBLIC_URL };
  const session = await h.inject({ method: 'GET', url: CONSOLE_API_PATHS.session, headers });
  return { cookie, csrf: session.json<{ csrf_token: string }>().csrf_token };
}

describe('the console refuses security requests', () => {
  it('without a session, from another origin, or with a stale CSRF token; nothing changes', async () => {
    const stale = operator.csrf;
    operator = await signInOperator(h);
    const before = (await keys()).map((key) => key.kid);
    const routes: Array<[Method, string, unknown]> = [
      ['GET', '/api/v1/console/keys', undefined],
      ['POST', '/api/v1/console/keys', {}],
      ['POST', `/api/v1/console/keys/${before[0]}/retire`, { force: true }],
      ['GET', '/api/v1/console/api-secrets', undefined],
      ['POST', secretPath(), {}],
      ['GET', '/api/v1/console/operators', undefined],
      ['POST', '/api/v1/console/operators', { email: 'eve@example.com' }],
      ['DELETE', '/api/v1/console/operators/cli', {}],
    ];
    for (const [method, url, body] of routes) {
      expectError(await send(method, url, body, { cookie: '' }), 401, 'console_session_required');
      expectError(await send(method, url, body, { origin: ORIGIN }), 403, 'console_origin_refused');
      if (method === 'GET') continue;
      expectError(await send(method, url, body, { 'x-gatehouse-csrf': stale }), 403, 'console_csrf_invalid');
      expectError(await send(method, url, body, { 'x-gatehouse-csrf': '' }), 403, 'console_csrf_invalid');
    }
    expect((await keys()).map((key) => key.kid)).toEqual(before);
    expect((await send('GET', '/api/v1/console/api-secrets')).json()).toEqual({ data: [] });
    expect((await cli('console', 'users', 'list')).stdout).not.toContain('eve@example.com');
  });
});

describe('signing keys in the console', () => {
  it('rotates and retires as gatehouse keys does, with its refusals and one audit row each', async () => {
    const [first] = await keys();
    expect(first).toMatchObject({ state: 'signs', retirable_from: null });
    const rotated = await send('POST', '/api/v1/console/keys', {});
    expect(rotated.statusCode, rotated.body).toBe(201);
    const [, added] = rotated.json<SigningKeysWire>().data;
    expect(added).toMatchObject({ state: 'published', retirable_from: null });
    expect(await auditOf(added?.kid as string)).toEqual([
      {
        actor: 'cli',
        action: 'signing_key.rotate',
        target: added?.kid,
        before: null,
        after: { state: 'published', signs_from: added?.signs_from },
      },
    ]);
    const kid = first?.kid as string;
    expectError(
      await send('POST', `/api/v1/console/keys/${kid}/retire`, {}),
      400,
      'invalid_data',
      `Key ${kid} is the one that signs: rotate first.`,
    );
    expectError(
      await send('POST', '/api/v1/console/keys/nokey/retire', {}),
      400,
      'invalid_data',
      'No signing key nokey.',
    );
    // Six minutes on, the new key signs; the old one only verifies until its last token expired.
    h.clock.advance(6 * 60_000 + 1_000);
    const old = (await keys()).find((key) => key.kid === kid);
    expect(old).toMatchObject({ state: 'verifies only', retirable_from: expect.any(Number) });
    const early = await send('POST', `/api/v1/console/keys/${kid}/retire`, {});
    expectError(early, 400, 'invalid_data');
    expect(early.json<{ message: string }>().message).toMatch(
      /^Tokens signed by .* --force if the key leaked/,
    );
    const forced = await send('POST', `/api/v1/console/keys/${kid}/retire`, { force: true });
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json<SigningKeysWire>().data.map((key) => [key.kid, key.state])).toEqual([
      [added?.kid, 'signs'],
    ]);
    expect((await auditOf(kid)).map(({ action, before, after }) => ({ action, before, after }))).toEqual([
      { action: 'signing_key.retire', before: { state: 'verifies only', force: true }, after: null },
    ]);
  });
});

describe("an app's API secret in the console", () => {
  it('is answered once, works for the server-to-server API, and is never listed or audited', async () => {
    expectError(await send('POST', secretPath('nope'), {}), 404, 'app_not_found');
    const first = await send('POST', secretPath(), {});
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const { secret, created_at } = first.json<{ secret: string; created_at: number }>();
    expect(secret).toMatch(/^gh_sk_[A-Za-z0-9_-]{43}$/);
    expect((await asBackend(secret)).statusCode).toBe(200);
    const listed = await send('GET', '/api/v1/console/api-secrets');
    expect(listed.json()).toEqual({ data: [{ app_id: h.appId, created_at }] });

    const newer = (await send('POST', secretPath(), {})).json<{ secret: string }>().secret;
    expect(newer).not.toBe(secret);
    expect((await asBackend(secret)).statusCode).toBe(401);
    expect((await asBackend(newer)).statusCode).toBe(200);
    const rows = (await auditOf(h.appId)).filter((row) => row.action === 'app.settings');
    expect(rows.map(({ before, after }) => ({ before, after }))).toEqual([
      { before: { api_secret: null }, after: { api_secret: 'set' } },
      { before: { api_secret: 'set' }, after: { api_secret: 'changed' } },
    ]);
    const audit = (await send('GET', `${CONSOLE_API_PATHS.audit}?limit=100`)).body;
    for (const value of [secret, newer]) {
      expect(audit).not.toContain(value);
      expect(listed.body).not.toContain(value);
    }
  });
});

describe('operators in the console', () => {
  it('adds and removes operators as console users does; one cannot remove oneself', async () => {
    const added = await send('POST', '/api/v1/console/operators', { email: ' Ada@Example.com ' });
    expect(added.statusCode, added.body).toBe(201);
    const ada = added.json<OperatorWire>();
    expect(ada).toMatchObject({ email: 'ada@example.com', removed_at: null });
    const again = await cli('console', 'users', 'add', 'ada@example.com');
    expectError(
      await send('POST', '/api/v1/console/operators', { email: 'ada@example.com' }),
      400,
      'invalid_data',
      again.stderr.trim().replace(/^gatehouse: /, ''),
    );
    expectError(await send('POST', '/api/v1/console/operators', { email: 'nope' }), 400, 'invalid_data');
    expect((await cli('console', 'users', 'list')).stdout).toContain('ada@example.com\t');

    // Ada, signed in, cannot remove herself; she removes the operator cli, whose session ends.
    const cliSession = operator;
    operator = await signInAs('ada@example.com');
    expectError(
      await send('DELETE', `/api/v1/console/operators/${ada.id}`, {}),
      400,
      'invalid_data',
      'You cannot remove yourself: another operator can, or gatehouse console users remove on the server.',
    );
    const removed = await send('DELETE', '/api/v1/console/operators/cli', {});
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<OperatorWire>()).toMatchObject({ id: 'cli', removed_at: expect.any(Number) });
    expectError(await send('DELETE', '/api/v1/console/operators/cli', {}), 404, 'not_found');
    const listed = (await send('GET', '/api/v1/console/operators')).json<{ data: OperatorWire[] }>();
    expect(listed.data.map((row) => [row.email, row.removed_at === null])).toEqual([
      ['cli', false],
      ['ada@example.com', true],
    ]);
    operator = cliSession;
    expectError(await send('GET', '/api/v1/console/operators'), 401, 'console_session_required');
    operator = await signInAs('ada@example.com');

    // The audit log names each actor by email: Ada's removal, and cli's adding her.
    const page = (await send('GET', `${CONSOLE_API_PATHS.audit}?limit=100`)).json<{
      data: Array<{ actor: string; actor_email: string | null; action: string; target: string }>;
    }>();
    const about = (action: string, target: string) =>
      page.data.find((row) => row.action === action && row.target === target);
    expect(about('operator.remove', 'cli')).toMatchObject({ actor: ada.id, actor_email: 'ada@example.com' });
    expect(about('operator.add', 'ada@example.com')).toMatchObject({ actor: 'cli', actor_email: 'cli' });
  });
});
