import { existsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/database.js';
import { onPostgres } from '../support/test-database.js';
import { type Harness, ORIGIN, runCliCaptured, startHarness } from './harness.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

const cli = (...argv: string[]) => runCliCaptured(h.database.env, argv);

describe('gatehouse apps list and apps delete', () => {
  it('lists every app with its origins, oldest first, as lines or JSON', async () => {
    h.clock.advance(1000);
    const other = await h.server.gatehouse.apps.create('Shop', ['https://shop.example']);
    const listed = await cli('apps', 'list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toBe(`${h.appId}\tDemo\t${ORIGIN}\n${other.id}\tShop\thttps://shop.example\n`);
    const asJson = await cli('apps', 'list', '--json');
    expect(JSON.parse(asJson.stdout)).toEqual([
      { id: h.appId, name: 'Demo', allowed_origins: [ORIGIN], created_at: expect.any(Number) },
      {
        id: other.id,
        name: 'Shop',
        allowed_origins: ['https://shop.example'],
        created_at: expect.any(Number),
      },
    ]);
    expect((await cli('apps', 'list', '--all')).code).toBe(2);
  });

  it('deletes an app with its users and sessions, leaving other apps alone; the running server forgets it', async () => {
    const other = await h.server.gatehouse.apps.create('Shop', ['https://shop.example']);
    await h.login('ada@example.com');
    const deleted = await cli('apps', 'delete', h.appId);
    expect(deleted.code).toBe(0);
    expect(deleted.stdout).toContain(`Deleted app "Demo" (${h.appId})`);
    const { db } = h.server.gatehouse;
    for (const table of ['users', 'linked_accounts', 'sessions', 'one_time_codes', 'app_origins'] as const) {
      const rows = await db.selectFrom(table).selectAll().where('app_id', '=', h.appId).execute();
      expect(rows, table).toEqual([]);
    }
    expect((await cli('apps', 'list')).stdout).toBe(`${other.id}\tShop\thttps://shop.example\n`);
    // The server that had the app cached answers as for any unknown app.
    const after = await h.post('/api/v1/passwordless/init', { email: 'ada@example.com' });
    expect(after.json()).toMatchObject({ code: 'invalid_app_id' });
    const again = await cli('apps', 'delete', h.appId);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`App not found: ${h.appId}`);
    expect((await cli('apps', 'delete')).code).toBe(2);
  });
});

describe('gatehouse backup', () => {
  it('copies the SQLite database in use into a new owner-only file that opens with the same data', async () => {
    await h.login('ada@example.com');
    const target = join(h.dir, 'backup.db');
    const run = await cli('backup', target);
    if (onPostgres()) {
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('back PostgreSQL up with pg_dump');
      expect(existsSync(target)).toBe(false);
      return;
    }
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`to ${target}`);
    expect(run.stdout).toContain('Keep the server secret with it');
    expect(statSync(target).mode & 0o777).toBe(0o600);
    const copy = openDatabase(parseDatabaseUrl(target));
    try {
      const check = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(copy);
      expect(check.rows).toEqual([{ integrity_check: 'ok' }]);
      const accounts = await copy.selectFrom('linked_accounts').select('subject').execute();
      expect(accounts).toEqual([{ subject: 'ada@example.com' }]);
      expect(await copy.selectFrom('sessions').selectAll().execute()).toHaveLength(1);
    } finally {
      await copy.destroy();
    }
    // Never over an existing file.
    writeFileSync(join(h.dir, 'taken.db'), 'keep me');
    const refused = await cli('backup', join(h.dir, 'taken.db'));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('exists already');
  });
});
