import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, lockedTransaction, openDatabase } from '../../src/server/db/database.js';
import { prepared } from '../../src/server/db/prepared.js';
import { insertLater } from '../../src/server/db/write-behind.js';
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
    const note = (trx: Db, text: string) => sql`insert into notes (text) values (${text})`.execute(trx);
    const notes = async () => {
      const { rows } = await sql<{ text: string }>`select text from notes order by n`.execute(db as Db);
      await sql`truncate notes`.execute(db as Db);
      return rows.map((row) => row.text);
    };
    /** A transaction on `keys` that writes 'a 1', then waits for `release` before 'a 2'. */
    const held = async (keys: string[]) => {
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let started = () => {};
      const began = new Promise<void>((resolve) => {
        started = resolve;
      });
      const done = lockedTransaction(db as Db, keys, async (trx) => {
        await note(trx, 'a 1');
        started();
        await released;
        await note(trx, 'a 2');
      });
      await began;
      return { release, done };
    };
    const write = (keys: string[]) =>
      lockedTransaction(db as Db, keys, async (trx) => {
        await note(trx, 'b 1');
        await note(trx, 'b 2');
      });
    // One key in common (named in either order): the second waits for the first's commit.
    const first = await held(['user|1', 'code|x']);
    const waiting = write(['code|x', 'user|2']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    first.release();
    await Promise.all([first.done, waiting]);
    expect(await notes()).toEqual(['a 1', 'a 2', 'b 1', 'b 2']);
    // Nothing in common: the second commits while the first is still open.
    const open = await held(['user|1']);
    await write(['user|2']);
    open.release();
    await open.done;
    expect(await notes()).toEqual(['a 1', 'b 1', 'b 2', 'a 2']);
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

  it('prepares a compiled query once per connection, and runs it on after a migration changed its table', async () => {
    const database = await testDatabase(dir.path);
    db = openDatabase({ kind: 'postgres', url: database.url }, 1);
    const app = prepared(db, (db, param) => db.selectFrom('apps').selectAll().where('id', '=', param('id')));
    const statements = async () =>
      (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db as Db)).rows;
    expect((await app({ id: 'a' })).rows).toEqual([]);
    expect((await app({ id: 'b' })).rows).toEqual([]);
    expect(await statements()).toEqual([{ statement: expect.stringMatching(/^select \* from "apps"/) }]);
    // Another process's migration changes the columns `select *` answers: planned anew, unnamed.
    await sql`alter table apps add column extra text`.execute(db);
    expect((await app({ id: 'c' })).rows).toEqual([]);
    expect((await app({ id: 'd' })).rows).toEqual([]);
  });

  it('runs a compiled query unnamed on a connection that holds its name already (a pooler between)', async () => {
    const database = await testDatabase(dir.path);
    db = openDatabase({ kind: 'postgres', url: database.url }, 1);
    const build = (db: Db, param: (name: string) => never) =>
      db.selectFrom('apps').select('id').where('id', '=', param('id'));
    const text = build(db, () => 'x' as never).compile().sql;
    const name = `gatehouse_${createHash('sha256').update(text).digest('hex').slice(0, 40)}`;
    await sql.raw(`prepare ${name} as select 1`).execute(db);
    const app = prepared(db, build);
    expect((await app({ id: 'a' })).rows).toEqual([]);
    expect((await app({ id: 'b' })).rows).toEqual([]);
  });

  it("sends a transaction's held inserts in one statement, which keeps their foreign keys", async () => {
    const database = await testDatabase(dir.path);
    db = openDatabase({ kind: 'postgres', url: database.url }, 1);
    const user = (trx: Db, id: string) =>
      trx.insertInto('users').values({ id, app_id: 'app', created_at: 1, has_accepted_terms: 0 });
    const account = (trx: Db, id: string, userId: string) =>
      trx.insertInto('linked_accounts').values({
        id,
        user_id: userId,
        app_id: 'app',
        type: 'email',
        subject: `${id}@example.com`,
        data: '{}',
        verified_email: null,
        first_verified_at: 1,
        latest_verified_at: 1,
        stepped_up: 0,
      });
    await db
      .insertInto('apps')
      .values({ id: 'app', name: 'App', config: '{}', created_at: 1, updated_at: 1 })
      .execute();
    const accounts = () =>
      (db as Db).selectFrom('linked_accounts').select(['id', 'user_id']).orderBy('id').execute();

    // The account names the user its sibling clause inserts: checked at the statement's end.
    await db.transaction().execute(async (trx) => {
      await insertLater(trx, user(trx, 'u1'));
      await insertLater(trx, account(trx, 'a1', 'u1'));
      // A read after them sees them: they went before it.
      const read = await trx.selectFrom('linked_accounts').select('id').execute();
      expect(read).toEqual([{ id: 'a1' }]);
      await insertLater(trx, user(trx, 'u2'));
      await insertLater(trx, account(trx, 'a2', 'u2'));
    });
    expect(await accounts()).toEqual([
      { id: 'a1', user_id: 'u1' },
      { id: 'a2', user_id: 'u2' },
    ]);

    // A held insert that fails fails the commit, and the transaction writes nothing.
    const failing = db.transaction().execute(async (trx) => {
      await insertLater(trx, user(trx, 'u3'));
      await insertLater(trx, account(trx, 'a3', 'nobody'));
    });
    await expect(failing).rejects.toMatchObject({ code: '23503' });
    expect(await db.selectFrom('users').select('id').where('id', '=', 'u3').execute()).toEqual([]);
    // The connection goes on.
    expect(await accounts()).toHaveLength(2);
  });
});
