import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppConfigWire } from '../../src/protocol/api.js';
import { buildServer } from '../../src/server/app.js';
import { freePort } from '../support/provider.js';
import { runCliCaptured, tempDir } from './harness.js';

describe('gatehouse CLI', () => {
  let dir: ReturnType<typeof tempDir>;
  let env: Record<string, string>;
  beforeEach(() => {
    dir = tempDir();
    env = { GATEHOUSE_DATABASE_URL: `file:${join(dir.path, 'db', 'gh.db')}` };
  });
  afterEach(() => {
    dir.remove();
  });

  const cli = (...argv: string[]) => runCliCaptured(env, argv);

  async function createApp(...origins: string[]): Promise<string> {
    const run = await cli(
      'apps',
      'create',
      '--name',
      'Demo',
      ...origins.flatMap((origin) => ['--origin', origin]),
    );
    expect(run.code).toBe(0);
    return run.stdout.trim().split('\n').pop() as string;
  }

  async function show(id: string): Promise<AppConfigWire> {
    const run = await cli('apps', 'show', id);
    expect(run.code).toBe(0);
    return JSON.parse(run.stdout) as AppConfigWire;
  }

  it('creates an app and prints its new 25-character id on the last line', async () => {
    const run = await cli('apps', 'create', '--name', 'Demo', '--origin', 'http://localhost:8788/some/path');
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    const lines = run.stdout.trim().split('\n');
    expect(lines.at(-1)).toMatch(/^[a-z0-9]{25}$/);
    expect(lines[0]).toContain('http://localhost:8788');

    const other = await createApp('https://a.example');
    expect(other).not.toBe(lines.at(-1));
  });

  it('prints the whole configuration with --json, origins normalized', async () => {
    const run = await cli(
      'apps',
      'create',
      '--json',
      '--name=Shop',
      '--origin',
      'HTTPS://Shop.Example:443/',
      '--origin=http://localhost:3000',
    );
    expect(run.code).toBe(0);
    const config = JSON.parse(run.stdout) as AppConfigWire;
    expect(config).toMatchObject({
      name: 'Shop',
      email_auth: true,
      allowed_origins: ['http://localhost:3000', 'https://shop.example'],
    });
    expect(config.id).toMatch(/^[a-z0-9]{25}$/);
    expect(config.verification_key).toContain('BEGIN PUBLIC KEY');
  });

  it('shows the same configuration the API answers', async () => {
    const id = await createApp('http://localhost:8788');
    const shown = await show(id);
    const server = await buildServer({
      databaseUrl: env.GATEHOUSE_DATABASE_URL as string,
      publicUrl: 'http://x.test',
    });
    try {
      const response = await server.inject({ method: 'GET', url: `/api/v1/apps/${id}` });
      expect(response.json()).toEqual(shown);
    } finally {
      await server.close();
    }
  });

  it('sets fields of every kind', async () => {
    const id = await createApp('http://localhost:8788');
    const run = await cli(
      'apps',
      'set',
      id,
      'email_auth=false',
      'name=Renamed',
      'embedded_wallet_config.create_on_login=all-users',
      'embedded_wallet_config.no_prompt_on_signature=true',
      'embedded_wallet_config.recovery=passkey',
      'allowed_origins=https://a.example,https://b.example/',
      'mfa_methods=totp',
      'accent_color=#112233',
      'logo_url=https://cdn.example/logo.png',
      'allowlist_config.error_title=Invite only',
    );
    expect(run.code).toBe(0);
    const config = await show(id);
    expect(config).toMatchObject({
      name: 'Renamed',
      email_auth: false,
      embedded_wallet_config: {
        create_on_login: 'all-users',
        no_prompt_on_signature: true,
        require_user_password_on_create: false,
        recovery: 'passkey',
      },
      allowed_origins: ['https://a.example', 'https://b.example'],
      mfa_methods: ['totp'],
      accent_color: '#112233',
      logo_url: 'https://cdn.example/logo.png',
      allowlist_config: { error_title: 'Invite only', error_detail: null },
    });
    expect(JSON.parse(run.stdout)).toEqual(config);

    expect((await cli('apps', 'set', id, 'logo_url=', 'accent_color=null')).code).toBe(0);
    expect(await show(id)).toMatchObject({ logo_url: null, accent_color: null });
  });

  it.each([
    ['an unknown field', 'colour=#fff', "Unknown field 'colour'. Settable fields: "],
    ['a bad boolean', 'email_auth=yes', 'Invalid value for email_auth: expected true or false.'],
    ['a bad enum', 'embedded_wallet_config.create_on_login=sometimes', 'expected one of off, all-users'],
    ['a bad url', 'logo_url=ftp://x', 'Invalid value for logo_url'],
    ['a bad origin', 'allowed_origins=notaurl', "Invalid origin 'notaurl'"],
    ['a bad list item', 'mfa_methods=sms,fax', 'Invalid value for mfa_methods'],
    ['no equals sign', 'email_auth', 'Expected <field>=<value>'],
    ['a read-only field', 'verification_key=x', "Unknown field 'verification_key'"],
  ])('refuses %s with one line on stderr and exit code 2', async (_name, assignment, message) => {
    const id = await createApp('http://localhost:8788');
    const before = await show(id);
    const run = await cli('apps', 'set', id, 'name=Changed', assignment);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).not.toMatch(/\bat .*:\d+:\d+/);
    expect(await show(id)).toEqual(before);
  });

  it.each([
    [['apps', 'create', '--origin', 'http://localhost:1'], 2, 'apps create needs --name <name>.'],
    [['apps', 'create', '--name', 'X'], 2, 'apps create needs at least one --origin <url>.'],
    [['apps', 'create', '--name', 'X', '--origin', 'javascript:alert(1)'], 2, 'only http and https origins'],
    [['apps', 'create', '--name', 'X', '--origin'], 2, '--origin needs a value.'],
    [['apps', 'show', 'nope'], 1, 'App not found: nope'],
    [['apps', 'set', 'nope', 'email_auth=true'], 1, 'App not found: nope'],
    [['apps', 'show'], 2, 'apps show needs an app id.'],
    [['apps', 'remove', 'x'], 2, "Unknown apps command 'remove'"],
    [['frobnicate'], 2, "Unknown command 'frobnicate'"],
  ])('%j fails with exit code %i and a clear message', async (argv, code, message) => {
    const run = await cli(...argv);
    expect(run.code).toBe(code);
    // One line, then (for an unknown command or option) the usage.
    const [first, ...usage] = run.stderr.trim().split('\n');
    expect(first).toMatch(/^gatehouse: /);
    expect(first).toContain(message);
    if (usage.length > 0) expect(usage[0]).toMatch(/^Usage: gatehouse /);
  });

  it('needs GATEHOUSE_SECRET on PostgreSQL, and names an unreachable database without its password', async () => {
    const port = await freePort();
    env.GATEHOUSE_DATABASE_URL = `postgres://user:hunter2@127.0.0.1:${port}/gatehouse`;
    const noSecret = await cli('migrate');
    expect(noSecret.code).toBe(1);
    expect(noSecret.stderr).toContain(
      'gatehouse: GATEHOUSE_SECRET must be set when the database is PostgreSQL',
    );

    env.GATEHOUSE_SECRET = 's'.repeat(40);
    const unreachable = await cli('migrate');
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(
      new RegExp(
        `^gatehouse: Cannot reach the PostgreSQL database postgres://user:\\*\\*\\*@127\\.0\\.0\\.1:${port}/gatehouse: .*ECONNREFUSED`,
      ),
    );
    expect(unreachable.stderr).not.toContain('hunter2');
  });

  it('migrates, then reports the database up to date', async () => {
    expect((await cli('migrate')).stdout).toMatch(/^Applied migrations: 0001_initial(, \w+)*\n$/);
    expect((await cli('migrate')).stdout).toBe('The database is up to date.\n');
  });

  it('prints help', async () => {
    const run = await cli('--help');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('gatehouse apps create --name <name> --origin <url>');
    expect(run.stdout).toContain('embedded_wallet_config.create_on_login');
    expect((await cli()).code).toBe(2);
  });
});
