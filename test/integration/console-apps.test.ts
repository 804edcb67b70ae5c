/**
 * The console's changes to apps, on SQLite and PostgreSQL: create, rename, settings as `gatehouse
 * apps set` reads them (its errors word for word, secrets never answered nor audited), delete
 * only with the app's name typed; one audit row per change; and what `gatehouse apps show` and
 * the widget's GET /api/v1/apps/:id then say.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_API_PATHS as PATHS } from '../../src/protocol/console.js';
import {
  expectError,
  type Method,
  type OperatorSession,
  operatorClient,
  signInOperator,
} from './console-operator.js';
import { type Harness, ORIGIN, PUBLIC_URL, runCliCaptured, startHarness } from './harness.js';

const SHOP = 'https://shop.example';
const SECRET = 'google-client-secret-4f9a1c';

let h: Harness;
let operator: OperatorSession;
beforeAll(async () => {
  h = await startHarness({ console: true });
  operator = await signInOperator(h);
});
afterAll(() => h?.close());

const cli = (...argv: string[]) =>
  runCliCaptured({ ...h.database.env, GATEHOUSE_PUBLIC_URL: PUBLIC_URL, GATEHOUSE_CONSOLE: 'true' }, argv);

/** A console request as its pages send it: the cookie, the CSRF header, the provider's origin. */
const { send, auditOf } = operatorClient(
  () => h,
  () => operator,
);

const appPath = (id: string) => `${PATHS.apps}/${id}`;
const settingsPath = (id: string) => `${PATHS.apps}/${id}/settings`;

async function createShop(name: string): Promise<string> {
  const created = await send('POST', PATHS.apps, { name, allowed_origins: [`${SHOP}/`] });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: string }>().id;
}

describe('an app made and changed in the console', () => {
  it('is created and renamed, answered as GET apps lists it, one audit row each', async () => {
    const created = await send('POST', PATHS.apps, { name: 'Shop', allowed_origins: [`${SHOP}/`] });
    expect(created.statusCode, created.body).toBe(201);
    const app = created.json<{ id: string }>();
    expect(app).toEqual({
      id: expect.stringMatching(/\w+/),
      name: 'Shop',
      allowed_origins: [SHOP],
      created_at: expect.any(Number),
    });
    const listed = (await send('GET', PATHS.apps)).json<{ data: unknown[] }>().data;
    expect(listed).toContainEqual(app);

    const renamed = await send('PATCH', appPath(app.id), { name: 'Shop Two' });
    expect(renamed.json()).toEqual({ ...app, name: 'Shop Two' });
    const tooLong = await send('PATCH', appPath(app.id), { name: 'x'.repeat(101) });
    expectError(tooLong, 400, 'invalid_data', 'The app name must be 1 to 100 characters.');

    expect(await auditOf(app.id)).toEqual([
      { ...row('app.create', app.id), before: null, after: { name: 'Shop', allowed_origins: [SHOP] } },
      { ...row('app.rename', app.id), before: { name: 'Shop' }, after: { name: 'Shop Two' } },
    ]);
  });

  it('changes settings as apps set does: its errors, secrets write-only, shown by apps show and the widget', async () => {
    const id = await createShop('Settings Shop');
    const wrong = await send('PATCH', settingsPath(id), { accent_color: 'blue' });
    const fromCli = await cli('apps', 'set', id, 'accent_color=blue');
    expect(fromCli.code).toBe(2);
    expectError(wrong, 400, 'invalid_data', fromCli.stderr.replace(/^gatehouse: /, '').trim());
    expect(wrong.json<{ message: string }>().message).toContain('accent_color');
    const unknown = await send('PATCH', settingsPath(id), { 'oauth.google.client_secrt': 'x' });
    expectError(unknown, 400, 'invalid_data');
    expect(unknown.json<{ message: string }>().message).toContain(
      "Unknown field 'oauth.google.client_secrt'",
    );

    const body = { accent_color: '#123456', email_auth: false, 'oauth.google.client_secret': SECRET };
    const changed = await send('PATCH', settingsPath(id), body);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.body).not.toContain(SECRET);
    expect(changed.json()).toMatchObject({
      config: { id, name: 'Settings Shop', accent_color: '#123456', email_auth: false },
      server_only_settings: ['oauth.google.client_secret'],
    });
    const again = await send('PATCH', settingsPath(id), { 'oauth.google.client_secret': `${SECRET}-2` });
    expect(again.body).not.toContain(SECRET);
    const read = await send('GET', settingsPath(id));
    expect(read.json()).toEqual(again.json());

    const audit = await auditOf(id);
    expect(JSON.stringify(audit)).not.toContain(SECRET);
    expect(audit.map((entry) => entry.action)).toEqual(['app.create', 'app.settings', 'app.settings']);
    expect(audit[1]).toMatchObject({
      before: { accent_color: null, email_auth: true, 'oauth.google.client_secret': null },
      after: { accent_color: '#123456', email_auth: false, 'oauth.google.client_secret': 'set' },
    });
    expect(audit[2]).toMatchObject({
      before: { 'oauth.google.client_secret': 'set' },
      after: { 'oauth.google.client_secret': 'changed' },
    });

    const show = await cli('apps', 'show', id);
    expect(JSON.parse(show.stdout)).toMatchObject({ accent_color: '#123456', email_auth: false });
    expect(show.stderr).toBe('Server-only settings set: oauth.google.client_secret\n');
    expect(JSON.parse(show.stdout)).toEqual(read.json<{ config: unknown }>().config);
    const widget = await h.inject({ method: 'GET', url: `/api/v1/apps/${id}`, headers: { origin: SHOP } });
    expect(widget.json()).toEqual(JSON.parse(show.stdout));
  });

  it('is deleted only with its name typed exactly', async () => {
    const id = await createShop('Doomed Shop');
    expectError(await send('DELETE', appPath(id), {}), 400, 'invalid_data', "Missing field 'confirm'.");
    for (const confirm of ['doomed shop', 'Doomed Shop ', 'Doomed'])
      expectError(
        await send('DELETE', appPath(id), { confirm }),
        400,
        'console_confirm_mismatch',
        "Type the app's name exactly in 'confirm' to delete it.",
      );
    expect((await send('GET', settingsPath(id))).statusCode).toBe(200);

    const done = await send('DELETE', appPath(id), { confirm: 'Doomed Shop' });
    expect(done.json()).toEqual({ success: true });
    expectError(await send('GET', settingsPath(id)), 404, 'app_not_found');
    expect((await h.inject({ method: 'GET', url: `/api/v1/apps/${id}` })).statusCode).toBe(404);
    expect((await cli('apps', 'show', id)).stderr).toBe(`gatehouse: App not found: ${id}\n`);
    expect((await auditOf(id)).map(({ action, before, after }) => ({ action, before, after }))).toEqual([
      { action: 'app.create', before: null, after: { name: 'Doomed Shop', allowed_origins: [SHOP] } },
      { action: 'app.delete', before: { name: 'Doomed Shop', allowed_origins: [SHOP] }, after: null },
    ]);
  });
});

const row = (action: string, target: string) => ({ actor: 'cli', action, target });

describe('an app made and changed with gatehouse apps', () => {
  /** Runs a change a little after the last (the CLI keeps real time), and the audit rows of `id` after it. */
  async function change(id: string | undefined, ...argv: string[]) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    const run = await cli('apps', ...argv);
    return { run, audit: id === undefined ? [] : await auditOf(id) };
  }

  it('writes one audit row per change, as cli, as the console writes it, never a secret', async () => {
    const { run: made } = await change(undefined, 'create', '--name', 'Cli Shop', '--origin', `${SHOP}/`);
    expect(made.code, made.stderr).toBe(0);
    const id = made.stdout.trim().split('\n').at(-1) as string;
    const origins = { allowed_origins: [SHOP] };
    expect(await auditOf(id)).toEqual([
      { ...row('app.create', id), before: null, after: { name: 'Cli Shop', ...origins } },
    ]);

    const renamed = await change(id, 'set', id, 'name=Cli Shop Two');
    expect(renamed.run.code, renamed.run.stderr).toBe(0);
    expect(renamed.audit.slice(1)).toEqual([
      { ...row('app.rename', id), before: { name: 'Cli Shop' }, after: { name: 'Cli Shop Two' } },
    ]);

    const secret = `oauth.google.client_secret=${SECRET}`;
    const set = await change(id, 'set', id, 'accent_color=#123456', 'email_auth=false', secret);
    expect(set.run.code, set.run.stderr).toBe(0);
    expect(set.audit.slice(2)).toEqual([
      {
        ...row('app.settings', id),
        before: { accent_color: null, email_auth: true, 'oauth.google.client_secret': null },
        after: { accent_color: '#123456', email_auth: false, 'oauth.google.client_secret': 'set' },
      },
    ]);
    const again = await change(id, 'set', id, `${secret}-2`);
    expect(again.audit.slice(3)).toEqual([
      {
        ...row('app.settings', id),
        before: { 'oauth.google.client_secret': 'set' },
        after: { 'oauth.google.client_secret': 'changed' },
      },
    ]);

    for (const wrong of [
      ['accent_color=blue', `${secret}-3`],
      [`${secret}-3`, `name=${'x'.repeat(101)}`],
    ]) {
      const refused = await change(id, 'set', id, ...wrong);
      expect(refused.run.code).not.toBe(0);
      expect(refused.audit).toHaveLength(4);
    }
    const shown = JSON.parse((await cli('apps', 'show', id)).stdout);
    expect(shown).toMatchObject({ name: 'Cli Shop Two', accent_color: '#123456' });

    const deleted = await change(id, 'delete', id);
    expect(deleted.run.code, deleted.run.stderr).toBe(0);
    expect(deleted.audit.slice(4)).toEqual([
      { ...row('app.delete', id), before: { name: 'Cli Shop Two', ...origins }, after: null },
    ]);
    expect(JSON.stringify(deleted.audit)).not.toContain(SECRET);
  });

  it('audits apps secret and apps webhook-secret as set, then changed, never the secret printed', async () => {
    const { run: made } = await change(undefined, 'create', '--name', 'Keyed Shop', '--origin', SHOP);
    const id = made.stdout.trim().split('\n').at(-1) as string;
    const printed: string[] = [];
    for (const command of ['secret', 'secret', 'webhook-secret', 'webhook-secret']) {
      const { run } = await change(id, command, id);
      expect(run.code, run.stderr).toBe(0);
      printed.push(run.stdout.trim());
    }
    const audit = await auditOf(id);
    const settings = (field: string, before: string | null, after: string) => ({
      ...row('app.settings', id),
      before: { [field]: before },
      after: { [field]: after },
    });
    expect(audit.slice(1)).toEqual([
      settings('api_secret', null, 'set'),
      settings('api_secret', 'set', 'changed'),
      settings('webhook.secret', null, 'set'),
      settings('webhook.secret', 'set', 'changed'),
    ]);
    for (const secret of printed) expect(JSON.stringify(audit)).not.toContain(secret);
  });
});

describe('the changes are refused', () => {
  const routes = (id: string): Array<[Method, string, unknown]> => [
    ['POST', PATHS.apps, { name: 'Sneaky' }],
    ['PATCH', appPath(id), { name: 'Sneaky' }],
    ['DELETE', appPath(id), { confirm: 'Demo' }],
    ['PATCH', settingsPath(id), { accent_color: '#000000' }],
    ['GET', settingsPath(id), undefined],
  ];

  it('without a session, from another origin, or (but a GET) without the CSRF token; nothing changes', async () => {
    const before = (await auditOf(h.appId)).length;
    for (const [method, url, body] of routes(h.appId)) {
      expectError(await send(method, url, body, { cookie: '' }), 401, 'console_session_required');
      expectError(await send(method, url, body, { origin: ORIGIN }), 403, 'console_origin_refused');
      if (method !== 'GET')
        expectError(await send(method, url, body, { 'x-gatehouse-csrf': '' }), 403, 'console_csrf_invalid');
    }
    const list = (await send('GET', PATHS.apps)).json<{ data: Array<{ name: string }> }>().data;
    expect(list.map((app) => app.name)).not.toContain('Sneaky');
    expect(list.map((app) => app.name)).toContain('Demo');
    expect((await send('GET', settingsPath(h.appId))).json()).toMatchObject({
      config: { accent_color: null },
    });
    expect((await auditOf(h.appId)).length).toBe(before);
  });

  it('answers 404 app_not_found for an app that does not exist', async () => {
    expectError(await send('PATCH', appPath('nope'), { name: 'X' }), 404, 'app_not_found');
    expectError(await send('PATCH', settingsPath('nope'), { accent_color: '#000000' }), 404, 'app_not_found');
  });
});
