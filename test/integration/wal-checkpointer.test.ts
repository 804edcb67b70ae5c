import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Db, openDatabase } from '../../src/server/db/database.js';
import { WAL_BACKSTOP_PAGES } from '../../src/server/db/wal-checkpointer.js';
import { tempDir } from './harness.js';

/**
 * The WAL of an SQLite file is copied back into the database by a worker thread
 * (db/wal-checkpointer.ts), not inside the COMMIT on the event loop; the connection's own
 * checkpoint, at WAL_BACKSTOP_PAGES, is what lets the WAL start over.
 */
describe('checkpoints on a worker thread', () => {
  let dir: ReturnType<typeof tempDir>;
  let path: string;
  let db: Db;
  const page = 4096;

  beforeEach(async () => {
    dir = tempDir();
    path = join(dir.path, 'wal.db');
    db = openDatabase({ kind: 'sqlite-file', path });
    await db.schema.createTable('blobs').addColumn('data', 'blob').execute();
  });

  afterEach(async () => {
    await db.destroy();
    dir.remove();
  });

  const write = (bytes: number) =>
    db
      .transaction()
      .execute((trx) => sql`insert into blobs (data) values (randomblob(${bytes}))`.execute(trx));

  it('copies committed writes into the database file soon after, long before the backstop', async () => {
    const before = statSync(path).size;
    // 100 pages in one commit: a fortieth of the backstop, which therefore never runs here. Right
    // after the COMMIT they are in the WAL only (the worker waits a moment before it copies).
    await write(100 * page);
    expect(statSync(path).size).toBe(before);
    await vi.waitFor(() => expect(statSync(path).size).toBeGreaterThanOrEqual(before + 100 * page), {
      timeout: 5000,
      interval: 20,
    });
    expect((await sql<{ n: number }>`select count(*) as n from blobs`.execute(db)).rows[0]?.n).toBe(1);
  });

  it('keeps the WAL near the backstop under a steady stream of writes', async () => {
    let largest = 0;
    // Six times the backstop's worth of pages, one small commit after another. (A backstop that
    // finds the worker checkpointing tries again at the next commit, so the WAL may pass it a
    // little; a WAL that never starts over grows by the whole stream.)
    for (let i = 0; i < (6 * WAL_BACKSTOP_PAGES) / 8; i++) {
      await write(8 * page);
      largest = Math.max(largest, statSync(`${path}-wal`).size);
    }
    expect(largest).toBeLessThan(2 * WAL_BACKSTOP_PAGES * (page + 24));
  });

  it('ends with the database, and a new opening of the file reads every write', async () => {
    for (let i = 0; i < 5; i++) await write(page);
    await db.destroy();
    db = openDatabase({ kind: 'sqlite-file', path });
    expect((await sql<{ n: number }>`select count(*) as n from blobs`.execute(db)).rows[0]?.n).toBe(5);
  });

  it('lets a CLI command end as soon as it is done: the thread closes with the database, exit code 0', async () => {
    const run = promisify(execFile);
    const env = { ...process.env, GATEHOUSE_DATABASE_URL: join(dir.path, 'cli.db') };
    const bin = resolve('bin/gatehouse.js');
    const created = await run(
      process.execPath,
      [bin, 'apps', 'create', '--name', 'Shop', '--origin', 'https://shop.example'],
      { env, cwd: dir.path },
    );
    expect(created.stdout).toContain('Created app "Shop"');
    // A failed command would have rejected with its exit code (13: a top-level await left unsettled).
    const listed = await run(process.execPath, [bin, 'apps', 'list'], { env, cwd: dir.path });
    expect(listed.stdout).toContain('Shop');
  });
});
