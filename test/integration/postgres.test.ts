import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, lockedTransaction, openDatabase } from '../../src/server/db/database.js';
import { testDatabase } from '../support/test-database.js';
import { runCliCaptured, tempDir } from './harness.js';

/** What only PostgreSQL needs proving (integration-pg only); the shared suite runs on both. */
describe('the PostgreSQL database', () => {
  const dir = tempDir();
  let db: Db | undefined;
  afterEach(async () => {
    await db?.destroy();
    db = undefined;
  });

  it('gatehouse migrate applies every migration to a new database, then reports it up to date', async () => {
    const database = await testDatabase(dir.path, { empty: true });
    const first = await runCliCaptured(database.env, ['migrate']);
    expect(first.stderr).toBe('');
    expect(first.stdout).toMatch(/^Applied migrations: 0001_initial(, \w+)*\n$/);
    expect(await runCliCaptured(database.env, ['migrate'])).toMatchObject({
      code: 0,
      stdout: 'The database is up to date.\n',
    });
    db = openDatabase({ kind: 'postgres', url: database.url });
    const tables = (await db.introspection.getTables()).map((table) => table.name);
    expect(tables).toEqual(expect.arrayContaining(['apps', 'sessions', 'refresh_tokens', 'mfa_proofs']));
  });

  it('runs transactions naming one key one after the other, even on two connections, and others side by side', async () => {
    const database = await testDatabase(dir.path, { empty: true });
    db = openDatabase({ kind: 'postgres', url: database.url }, 4);
    await db.schema.createTable('notes').addColumn('n', 'serial').addColumn('text', 'text').execute();
    const write = (name: string, keys: string[]) =>
      lockedTransaction(db as Db, keys, async (trx) => {
        await sql`insert into notes (text) values (${`${name} 1`})`.execute(trx);
        await new Promise((resolve) => setTimeout(resolve, 50));
        await sql`insert into notes (text) values (${`${name} 2`})`.execute(trx);
      });
    const notes = async () => {
      const { rows } = await sql<{ text: string }>`select text from notes order by n`.execute(db as Db);
      await sql`truncate notes`.execute(db as Db);
      return rows.map((row) => row.text);
    };
    // One key in common (named in either order): one after the other.
    await Promise.all([write('a', ['user|1', 'code|x']), write('b', ['code|x', 'user|2'])]);
    expect(await notes()).toEqual(['a 1', 'a 2', 'b 1', 'b 2']);
    // Nothing in common: side by side.
    await Promise.all([write('a', ['user|1']), write('b', ['user|2'])]);
    expect(await notes()).toEqual(['a 1', 'b 1', 'a 2', 'b 2']);
  });

  it('answers bigint columns as numbers, as SQLite does', async () => {
    const database = await testDatabase(dir.path);
    db = openDatabase({ kind: 'postgres', url: database.url });
    const { rows } = await sql<{
      big: unknown;
      huge: unknown;
    }>`select 1700000000000::bigint as big, 9007199254740993::bigint as huge`.execute(db);
    expect(rows[0]).toEqual({ big: 1700000000000, huge: 9007199254740993n });
  });
});
