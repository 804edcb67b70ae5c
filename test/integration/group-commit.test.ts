import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Client, createClient } from '@libsql/client';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../src/server/db/database.js';
import { tempDir } from './harness.js';

/**
 * Group commit on SQLite (db/libsql-group.ts): the transactions of one turn of the event loop
 * share one COMMIT. What must hold is what held with one COMMIT each: a transaction is answered
 * only once another connection can read it, and a failing one takes only its own writes back.
 */
describe('transactions sharing one SQLite COMMIT', () => {
  let dir: ReturnType<typeof tempDir>;
  let db: Db;
  /** Another connection to the same file, as another process would read it. */
  let other: Client;

  beforeEach(async () => {
    dir = tempDir();
    const path = join(dir.path, 'group.db');
    db = openDatabase({ kind: 'sqlite-file', path });
    await db.schema.createTable('notes').addColumn('text', 'text').execute();
    other = createClient({ url: pathToFileURL(path).href });
  });

  afterEach(async () => {
    other.close();
    await db.destroy();
    dir.remove();
  });

  async function committed(): Promise<string[]> {
    const result = await other.execute('select text from notes order by rowid');
    return result.rows.map((row) => String(row.text));
  }

  function insert(text: string, into: Db = db) {
    return sql`insert into notes (text) values (${text})`.execute(into);
  }

  it('answers each transaction only once another connection reads what it wrote', async () => {
    const seen: string[][] = [];
    await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map(async (text) => {
        await db.transaction().execute((trx) => insert(text, trx));
        seen.push(await committed());
      }),
    );
    expect(seen).toHaveLength(5);
    for (const rows of seen) expect(rows).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('takes back only the failing transaction, the others of its turn commit', async () => {
    const outcomes = await Promise.allSettled([
      db.transaction().execute((trx) => insert('first', trx)),
      db.transaction().execute(async (trx) => {
        await insert('failed', trx);
        throw new Error('abort');
      }),
      db.transaction().execute((trx) => insert('third', trx)),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await committed()).toEqual(['first', 'third']);
  });

  it('commits the open group before a write outside any transaction, which is committed when answered', async () => {
    const transaction = db.transaction().execute((trx) => insert('in a transaction', trx));
    await insert('on its own');
    expect(await committed()).toEqual(['in a transaction', 'on its own']);
    await transaction;
  });

  it('lets a read outside any transaction see what the group wrote, as after its COMMIT', async () => {
    const transaction = db.transaction().execute((trx) => insert('written', trx));
    const { rows } = await sql<{ text: string }>`select text from notes`.execute(db);
    expect(rows.map((row) => row.text)).toEqual(['written']);
    await transaction;
    expect(await committed()).toEqual(['written']);
  });
});
