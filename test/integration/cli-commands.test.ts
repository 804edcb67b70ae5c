import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../support/provider.js';
import { type Harness, runCliCaptured, startHarness, tempDir } from './harness.js';

/**
 * The CLI's arguments (node:util parseArgs): every command's --help, unknown commands and options
 * refused with the usage line and exit code 2, serve's --host and --port, migrate --status, and
 * the users commands (the server-to-server API's user JSON and delete).
 */
describe('gatehouse arguments', () => {
  let dir: ReturnType<typeof tempDir>;
  let env: Record<string, string>;
  beforeEach(() => {
    dir = tempDir();
    env = { GATEHOUSE_DATABASE_URL: join(dir.path, 'gh.db'), XDG_CONFIG_HOME: dir.path };
  });
  afterEach(() => dir.remove());
  const cli = (...argv: string[]) => runCliCaptured(env, argv);

  it.each([
    [['serve', '--help'], 'Usage: gatehouse serve [--host <address>] [--port <n>]'],
    [['migrate', '-h'], 'Usage: gatehouse migrate [--status]'],
    [['apps', 'create', '-h'], 'Usage: gatehouse apps create --name <name>'],
    [['apps', 'set', '--help'], 'Usage: gatehouse apps set <id> <field>=<value>'],
    [['apps', '--help'], 'Usage: gatehouse apps webhook-secret <id>'],
    [['users', 'list', '--help'], 'Usage: gatehouse users list <app id> [--json] [--limit <n>]'],
    [['users', '-h'], 'Usage: gatehouse users delete <user id>'],
    [['keys', 'retire', '--help'], 'Usage: gatehouse keys retire <kid> [--force]'],
    [['backup', '-h'], 'Usage: gatehouse backup <file>'],
  ])('%j prints its usage, exit code 0, touching no database', async (argv, usage) => {
    const run = await cli(...argv);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain(usage);
    expect(existsSync(join(dir.path, 'gh.db'))).toBe(false);
  });

  it.each([
    [['apps', 'list', '--all'], "Unknown option '--all'.", 'Usage: gatehouse apps list [--json]'],
    [['serve', '--port'], '--port needs a value.', 'Usage: gatehouse serve'],
    [
      ['serve', '--port', '70000'],
      "--port must be a whole number from 0 to 65535, got '70000'.",
      'Usage: gatehouse serve',
    ],
    [['migrate', 'now'], "Unexpected argument 'now' after migrate.", 'Usage: gatehouse migrate'],
    [
      ['users', 'list', 'app', '--limit', '0'],
      '--limit must be a whole number',
      'Usage: gatehouse users list',
    ],
    [['users', 'show'], 'users show needs more arguments.', 'Usage: gatehouse users show <user id>'],
    [['users', 'purge'], "Unknown users command 'purge'", 'Usage: gatehouse users list'],
    [['keys', 'list', '--force'], "Unknown option '--force'.", 'Usage: gatehouse keys list'],
    [['frobnicate', '--x'], "Unknown command 'frobnicate --x'", 'Usage: gatehouse <serve | migrate'],
  ])('%j is refused with the usage line and exit code 2', async (argv, message, usage) => {
    const run = await cli(...argv);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    const [first, second] = run.stderr.split('\n');
    expect(first).toBe(`gatehouse: ${first?.slice('gatehouse: '.length)}`);
    expect(first).toContain(message);
    expect(second).toContain(usage);
  });

  it('migrate --status lists each migration, pending then applied, and changes nothing', async () => {
    const before = await cli('migrate', '--status');
    expect(before.code).toBe(0);
    expect(before.stdout).toMatch(/^0001_initial\tpending\n/);
    expect(before.stdout).not.toContain('\tapplied');
    expect(before.stderr).toMatch(/^\d+ pending migration\(s\)/);
    expect(existsSync(join(dir.path, 'gh.db'))).toBe(false);

    expect((await cli('migrate')).code).toBe(0);
    const after = await cli('migrate', '--status');
    expect(after.code).toBe(0);
    expect(after.stdout.split('\n').filter(Boolean)).toEqual(
      before.stdout.replaceAll('\tpending', '\tapplied').split('\n').filter(Boolean),
    );
    expect(after.stderr).toBe('The database is up to date.\n');
  });

  it('serve --host and --port override GATEHOUSE_HOST and GATEHOUSE_PORT', async () => {
    const [envPort, flagPort] = [await freePort(), await freePort()];
    const bin = resolve(import.meta.dirname, '../../bin/gatehouse.js');
    const child = spawn(process.execPath, [bin, 'serve', '--host', '127.0.0.1', '--port', String(flagPort)], {
      env: { ...process.env, ...env, GATEHOUSE_HOST: 'localhost', GATEHOUSE_PORT: String(envPort) },
    });
    let stdout = '';
    child.stdout.on('data', (data: Buffer) => {
      stdout += data.toString();
    });
    try {
      for (let i = 0; i < 200 && !stdout.includes('"listening"'); i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(stdout).toContain(`"url":"http://127.0.0.1:${flagPort}"`);
      expect((await fetch(`http://127.0.0.1:${flagPort}/healthz`)).status).toBe(200);
      await expect(fetch(`http://127.0.0.1:${envPort}/healthz`)).rejects.toThrow();
    } finally {
      child.kill('SIGTERM');
    }
  });
});

describe('gatehouse users', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());
  const cli = (...argv: string[]) => runCliCaptured(h.database.env, argv);

  it('lists, shows (as the server-to-server API does) and deletes a user', async () => {
    const ada = (await h.login('ada@example.com')).user;
    h.clock.advance(1000);
    const bob = (await h.login('bob@example.com')).user;

    const listed = await cli('users', 'list', h.appId);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(new RegExp(`^${ada.id}\\t\\d{4}-.*Z\\temail:ada@example\\.com$`)),
      expect.stringMatching(new RegExp(`^${bob.id}\\t.*\\temail:bob@example\\.com$`)),
    ]);
    const limited = await cli('users', 'list', h.appId, '--json', '--limit=1');
    expect(JSON.parse(limited.stdout)).toEqual([await h.server.gatehouse.userAdmin.get(h.appId, ada.id)]);
    expect((await cli('users', 'list', 'nope')).stderr).toBe('gatehouse: App not found: nope\n');

    const shown = await cli('users', 'show', bob.id);
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout)).toEqual(await h.server.gatehouse.userAdmin.get(h.appId, bob.id));

    const deleted = await cli('users', 'delete', bob.id);
    expect(deleted).toMatchObject({ code: 0, stderr: '' });
    expect(deleted.stdout).toContain(`Deleted user ${bob.id}`);
    expect(await cli('users', 'show', bob.id)).toMatchObject({
      code: 1,
      stderr: `gatehouse: User not found: ${bob.id}\n`,
    });
    expect((await cli('users', 'delete', bob.id)).code).toBe(1);
    expect(JSON.parse((await cli('users', 'list', h.appId, '--json')).stdout)).toHaveLength(1);
  });
});
