/**
 * The operator console's way in, server side, on SQLite and PostgreSQL: `gatehouse console link`
 * and `console users`, the session cookie, and the refusals of its API (no session, another
 * origin, a stale CSRF token, a removed operator). Every change writes exactly one audit row.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_API_PATHS as PATHS } from '../../src/protocol/console.js';
import { type Harness, ORIGIN, PUBLIC_URL, runCliCaptured, startHarness } from './harness.js';

const ADA = 'ada@example.com';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ console: true });
});
afterAll(() => h?.close());

const cli = (...argv: string[]) =>
  runCliCaptured({ ...h.database.env, GATEHOUSE_PUBLIC_URL: PUBLIC_URL, GATEHOUSE_CONSOLE: 'true' }, argv);

/** The `name=value` of a Set-Cookie answer, to send back as a browser would. */
const cookieOf = (response: LightMyRequestResponse) =>
  String(response.headers['set-cookie']).split(';')[0] as string;

const get = (url: string, headers: Record<string, string> = {}) =>
  h.inject({ method: 'GET', url, headers: { origin: PUBLIC_URL, ...headers } });

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  h.inject({
    method: 'POST',
    url,
    headers: { origin: PUBLIC_URL, 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });

/** Signs in through a fresh `gatehouse console link` URL: the cookie and the session's CSRF token. */
async function signInByLink(...args: string[]): Promise<{ cookie: string; csrf: string }> {
  const run = await cli('console', 'link', ...args);
  expect(run.code, run.stderr).toBe(0);
  const url = new URL(run.stdout.trim());
  const response = await h.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  expect(response.statusCode, response.body).toBe(303);
  const cookie = cookieOf(response);
  const session = await get(PATHS.session, { cookie });
  return { cookie, csrf: session.json<{ csrf_token: string }>().csrf_token };
}

interface AuditRow {
  id: string;
  at: number;
  actor: string;
  action: string;
  target: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Every audit row, newest first, read a page of two at a time through the keyset cursor. */
async function auditRows(cookie: string): Promise<AuditRow[]> {
  const rows: AuditRow[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
    const response = await get(`${PATHS.audit}${query}`, { cookie });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<{ data: AuditRow[]; next_cursor: string | null }>();
    rows.push(...page.data);
    cursor = page.next_cursor;
  }
  return rows;
}

describe('gatehouse console link', () => {
  it('prints a single-use URL whose GET sets a strict HttpOnly cookie and lands on /console/', async () => {
    const run = await cli('console', 'link');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^${PUBLIC_URL}/api/v1/console/sign-in\\?token=[\\w-]{43}\\n$`));
    expect(run.stderr).toContain('Signs in cli to the console; works once, for 10 minutes.');
    const url = new URL(run.stdout.trim());
    const first = await h.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe(`${PUBLIC_URL}/console/`);
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(
      /^gatehouse_console=[\w-]{43}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Strict$/,
    );

    const again = await h.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'console_link_invalid' });

    // Opened again in a browser: the pages, saying the link no longer works, and no cookie.
    const navigation = { accept: 'text/html,*/*', 'sec-fetch-mode': 'navigate' };
    for (const headers of [navigation, { accept: 'text/html' }]) {
      const opened = await h.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers });
      expect(opened.statusCode).toBe(303);
      expect(opened.headers.location).toBe(`${PUBLIC_URL}/console/?link=expired`);
      expect(opened.headers['set-cookie']).toBeUndefined();
    }

    const session = await get(PATHS.session, { cookie: cookieOf(first) });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ operator: { id: 'cli', email: 'cli', removed_at: null } });
  });

  it('names an operator with --email, and refuses an address that is no operator', async () => {
    const run = await cli('console', 'link', '--email', 'nobody@example.com');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'gatehouse: No operator nobody@example.com: add one with gatehouse console users add nobody@example.com\n',
    );
    const bad = await cli('console', 'users', 'frob');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("Unknown console users command 'frob': use add, list or remove.");
  });
});

describe('the console API refuses', () => {
  it('without an operator session', async () => {
    for (const url of [PATHS.session, PATHS.audit, PATHS.apps]) {
      const response = await get(url);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 'console_session_required',
        message: 'Sign in to the console first.',
      });
    }
    const forged = await get(PATHS.session, { cookie: 'gatehouse_console=forged' });
    expect(forged.statusCode).toBe(401);
  });

  it("from another origin, even with the operator's cookie", async () => {
    const { cookie, csrf } = await signInByLink();
    const read = await get(PATHS.apps, { cookie, origin: ORIGIN });
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual({
      code: 'console_origin_refused',
      message: "The console's API answers only pages of the provider's own origin.",
    });
    const out = await post(PATHS.signOut, {}, { cookie, 'x-gatehouse-csrf': csrf, origin: ORIGIN });
    expect(out.statusCode).toBe(403);
    expect((await get(PATHS.session, { cookie })).statusCode).toBe(200);
  });

  it('a change with a stale CSRF token, or none', async () => {
    const old = await signInByLink();
    expect(
      (await post(PATHS.signOut, {}, { cookie: old.cookie, 'x-gatehouse-csrf': old.csrf })).statusCode,
    ).toBe(200);
    const current = await signInByLink();
    const stale: Array<Record<string, string>> = [{ 'x-gatehouse-csrf': old.csrf }, {}];
    for (const headers of stale) {
      const response = await post(PATHS.signOut, {}, { cookie: current.cookie, ...headers });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'console_csrf_invalid' });
    }
    expect((await get(PATHS.session, { cookie: current.cookie })).statusCode).toBe(200);
  });

  it('a removed operator, whose sessions end at once', async () => {
    expect((await cli('console', 'users', 'add', ADA)).code).toBe(0);
    const { cookie } = await signInByLink('--email', ADA);
    expect((await get(PATHS.apps, { cookie })).json()).toEqual({
      data: [expect.objectContaining({ id: h.appId, name: 'Demo', allowed_origins: [ORIGIN] })],
    });
    const removed = await cli('console', 'users', 'remove', ADA);
    expect(removed.stdout).toBe(`Removed operator ${ADA}; their sessions have ended.\n`);
    expect((await get(PATHS.session, { cookie })).statusCode).toBe(401);
    expect((await cli('console', 'link', '--email', ADA)).code).toBe(1);
    const list = await cli('console', 'users', 'list');
    expect(list.stdout).toMatch(new RegExp(`^${ADA}\\t\\S+\\tremoved \\S+$`, 'm'));
  });
});

describe('an emailed code', () => {
  it('signs an operator in; an address that is no operator gets the same answer and no mail', async () => {
    await cli('console', 'users', 'add', 'grace@example.com');
    const since = h.mailbox.messages.length;
    const stranger = await post(PATHS.emailCodeStart, { email: 'stranger@example.com' });
    expect(stranger.statusCode).toBe(200);
    expect((await post(PATHS.emailCodeStart, { email: 'Grace@Example.com' })).json()).toEqual({
      success: true,
    });
    const code = await h.mailbox.codeFor('grace@example.com', since);
    await h.server.gatehouse.mailer.settled();
    expect(h.mailbox.messages.slice(since).flatMap((mail) => mail.to)).toEqual(['grace@example.com']);
    expect(h.mailbox.messages.at(-1)?.subject).toBe(`${code} is your login code for the Gatehouse console`);

    const wrong = await post(PATHS.emailCodeVerify, {
      email: 'grace@example.com',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.json()).toMatchObject({ code: 'invalid_credentials' });
    const right = await post(PATHS.emailCodeVerify, { email: 'grace@example.com', code });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ operator: { email: 'grace@example.com' } });
    const session = await get(PATHS.session, { cookie: cookieOf(right) });
    expect(session.json()).toMatchObject({ csrf_token: right.json<{ csrf_token: string }>().csrf_token });
    expect((await post(PATHS.emailCodeVerify, { email: 'grace@example.com', code })).statusCode).toBe(422);
  });
  it('locks an address after three failed rounds, as login codes do', async () => {
    const email = 'hopper@example.com';
    await cli('console', 'users', 'add', email);
    for (let round = 0; round < 3; round += 1) {
      const since = h.mailbox.messages.length;
      expect((await post(PATHS.emailCodeStart, { email })).statusCode).toBe(200);
      const code = await h.mailbox.codeFor(email, since);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let attempt = 0; attempt < 5; attempt += 1)
        expect((await post(PATHS.emailCodeVerify, { email, code: wrong })).statusCode).toBe(422);
    }
    const locked = await post(PATHS.emailCodeStart, { email });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'too_many_requests' });
    expect(locked.headers['retry-after']).toBe(String(15 * 60));
    // The refused start rolled its transaction back; on SQLite the write lock goes with the group's
    // COMMIT a turn of the event loop later, which the in-process CLI of the next test would block.
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
});

describe('the audit log', () => {
  it('has exactly one row per change: an operator added or removed, a link, a sign-in, a sign-out', async () => {
    const { cookie } = await signInByLink();
    const earlier = new Set((await auditRows(cookie)).map((row) => row.id));
    expect((await cli('console', 'users', 'add', 'linus@example.com')).code).toBe(0);
    const linus = await signInByLink('--email', 'linus@example.com');
    const out = await post(PATHS.signOut, {}, { cookie: linus.cookie, 'x-gatehouse-csrf': linus.csrf });
    expect(out.statusCode).toBe(200);
    expect((await cli('console', 'users', 'remove', 'linus@example.com')).code).toBe(0);
    const all = await auditRows(cookie);
    // Newest first, each row once across the pages. (The CLI's clock is not the server's test clock,
    // so the order of the new rows among themselves is not asserted.)
    expect(new Set(all.map((row) => row.id)).size).toBe(all.length);
    expect(all.map((row) => row.at)).toEqual(all.map((row) => row.at).sort((a, b) => b - a));
    const added = all.filter((row) => !earlier.has(row.id));
    const linusId = added.find((row) => row.action === 'operator.sign_out')?.actor;
    expect(linusId).toMatch(/^[a-z0-9]{24}$/);
    const summary = added.map(({ actor, action, target }) => `${actor} ${action} ${target}`).sort();
    expect(summary).toEqual(
      [
        'cli operator.add linus@example.com',
        'cli sign_in_link.create linus@example.com',
        `${linusId} operator.sign_in linus@example.com`,
        `${linusId} operator.sign_out linus@example.com`,
        'cli operator.remove linus@example.com',
      ].sort(),
    );
    const byAction = (action: string) => added.find((row) => row.action === action);
    expect(byAction('operator.remove')).toMatchObject({
      before: { email: 'linus@example.com', removed_at: null },
      after: { removed_at: expect.any(Number) },
    });
    expect(byAction('operator.add')).toMatchObject({ before: null, after: { removed_at: null } });
    expect(byAction('operator.sign_in')).toMatchObject({ after: { method: 'link' } });
  });
});

// Last on this server: it moves the server's clock ahead of the CLI's.
describe('a sign-in link', () => {
  it('stops working 10 minutes after it was printed', async () => {
    const run = await cli('console', 'link');
    const url = new URL(run.stdout.trim());
    // The server's clock to the CLI's (the real one) plus 10 minutes and a second.
    h.clock.advance(Date.now() - h.clock.now() + 10 * 60_000 + 1000);
    const late = await h.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ code: 'console_link_invalid' });
  });
});

describe('off, and over https', () => {
  it('answers 404 on every console route unless GATEHOUSE_CONSOLE=true', async () => {
    const off = await startHarness();
    try {
      for (const url of [PATHS.session, `${PATHS.signIn}?token=x`, PATHS.apps, '/console/']) {
        const response = await off.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'not_found' });
      }
    } finally {
      await off.close();
    }
  });

  it('sets a __Host- cookie with Secure when the public URL is https', async () => {
    const https = await startHarness({ console: true, publicUrl: 'https://gatehouse.test' });
    try {
      const env = { ...https.database.env, GATEHOUSE_PUBLIC_URL: 'https://gatehouse.test' };
      const run = await runCliCaptured(env, ['console', 'link']);
      expect(run.stderr).toContain('The console is off: start gatehouse serve with GATEHOUSE_CONSOLE=true.');
      const url = new URL(run.stdout.trim());
      const response = await https.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      expect(String(response.headers['set-cookie'])).toMatch(
        /^__Host-gatehouse_console=[\w-]{43}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Strict; Secure$/,
      );
    } finally {
      await https.close();
    }
  });
});

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe('on a port of its own (GATEHOUSE_CONSOLE_PORT)', () => {
  it("is served there alone, at the public host with that port, and answers 404 on the API's", async () => {
    const port = await freePort();
    const apart = await startHarness({ consolePort: port, host: '127.0.0.1' });
    try {
      const consoleUrl = `http://gatehouse.test:${port}`;
      expect((await apart.inject({ method: 'GET', url: PATHS.session })).statusCode).toBe(404);
      const env = {
        ...apart.database.env,
        GATEHOUSE_PUBLIC_URL: PUBLIC_URL,
        GATEHOUSE_CONSOLE_PORT: String(port),
      };
      const run = await runCliCaptured(env, ['console', 'link']);
      expect(run.stdout).toMatch(new RegExp(`^${consoleUrl}/api/v1/console/sign-in\\?token=`));
      expect(run.stderr).not.toContain('The console is off');
      const url = new URL(run.stdout.trim());
      // Over the network, as a browser reaches it.
      const signIn = await fetch(`http://127.0.0.1:${port}${url.pathname}${url.search}`, {
        redirect: 'manual',
      });
      expect(signIn.status).toBe(303);
      expect(signIn.headers.get('location')).toBe(`${consoleUrl}/console/`);
      const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] as string;
      const session = await fetch(`http://127.0.0.1:${port}${PATHS.session}`, {
        headers: { cookie, origin: consoleUrl },
      });
      expect(session.status).toBe(200);
      const fromApiOrigin = await fetch(`http://127.0.0.1:${port}${PATHS.session}`, {
        headers: { cookie, origin: PUBLIC_URL },
      });
      expect(fromApiOrigin.status).toBe(403);
      expect(await fromApiOrigin.json()).toMatchObject({ code: 'console_origin_refused' });
    } finally {
      await apart.close();
    }
  });

  it('serves the pages there alone, under a CSP with a fresh nonce for their styles', async () => {
    const clientDir = mkdtempSync(join(tmpdir(), 'gatehouse-console-'));
    mkdirSync(join(clientDir, 'console/assets'), { recursive: true });
    writeFileSync(join(clientDir, 'console/index.html'), '<html><head></head><body></body></html>');
    writeFileSync(join(clientDir, 'console/assets/console-1.js'), 'export {};');
    const port = await freePort();
    const apart = await startHarness({ consolePort: port, host: '127.0.0.1', clientDir });
    try {
      expect((await apart.inject({ method: 'GET', url: '/console/' })).statusCode).toBe(404);
      const page = await fetch(`http://127.0.0.1:${port}/console/`);
      expect(page.status).toBe(200);
      const csp = page.headers.get('content-security-policy') ?? '';
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(await page.text()).toContain(`<meta property="csp-nonce" nonce="${nonce}" />`);
      const again = await fetch(`http://127.0.0.1:${port}/console/`);
      expect(again.headers.get('content-security-policy')).not.toContain(`'nonce-${nonce}'`);
      const script = await fetch(`http://127.0.0.1:${port}/console/assets/console-1.js`);
      expect(script.status).toBe(200);
    } finally {
      await apart.close();
      rmSync(clientDir, { recursive: true, force: true });
    }
  });
});
