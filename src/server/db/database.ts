import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, sql, type Transaction } from 'kysely';
import { libsqlDialect } from './libsql-dialect.js';
import { type PostgresPool, postgresDialect } from './postgres-dialect.js';
import type { Database } from './schema/index.js';
import { WAL_BACKSTOP_PAGES } from './wal-checkpointer.js';

export type Db = Kysely<Database>;

/**
 * Where a database URL points: an SQLite file (absolute path), an in-memory SQLite database, or
 * a PostgreSQL database (its connection URL).
 */
export type DatabaseLocation =
  | { kind: 'sqlite-file'; path: string }
  | { kind: 'sqlite-memory' }
  | { kind: 'postgres'; url: string };

/** Connections one process keeps to PostgreSQL unless GATEHOUSE_DATABASE_POOL_SIZE says otherwise. */
export const DEFAULT_POOL_SIZE = 10;

/** How long a process waits for another process's write lock on the same SQLite file. */
const BUSY_TIMEOUT_MS = 5000;

/** Directories the provider creates for its files (the database's, secret.key's): the owner's only. */
export const PRIVATE_DIRECTORY_MODE = 0o700;
/** Files holding secrets or user data: readable and writable by their owner only. */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates the database file (and its directory) readable by its owner only, before SQLite opens
 * it: SQLite gives the WAL and shared-memory files it makes beside it the same mode. A file that
 * exists already keeps its own.
 */
function createPrivateFile(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  try {
    closeSync(openSync(path, 'wx', PRIVATE_FILE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** The PostgreSQL pool behind a database opened here (none for SQLite, none before the first query). */
const pools = new WeakMap<Db, () => PostgresPool | undefined>();

/** Whether the database is PostgreSQL (opened here), not SQLite. */
export function isPostgres(db: Db): boolean {
  return pools.has(db);
}

export function poolOf(db: Db): PostgresPool | undefined {
  return pools.get(db)?.();
}

/**
 * Opens the database under Kysely. SQLite goes through libsql (see libsql-dialect.ts): a file gets
 * WAL, so readers in other processes are not blocked by a writer, and every connection waits up to
 * BUSY_TIMEOUT_MS for another process's write lock. PostgreSQL goes through `pg`'s
 * pool of `poolSize` connections (see postgres-dialect.ts).
 */
export function openDatabase(location: DatabaseLocation, poolSize = DEFAULT_POOL_SIZE): Db {
  if (location.kind === 'postgres') {
    const { dialect, pool } = postgresDialect({ connectionString: location.url, poolSize });
    const db = new Kysely<Database>({ dialect });
    pools.set(db, pool);
    return db;
  }
  if (location.kind === 'sqlite-file') createPrivateFile(location.path);
  const path = location.kind === 'sqlite-memory' ? ':memory:' : location.path;
  const onOpen = [`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`, 'PRAGMA foreign_keys = ON'];
  // WAL, and one sync per checkpoint instead of one per commit: a commit survives the process
  // being killed (it is in the WAL file); only a power cut or an OS crash can lose the last ones.
  // The WAL is copied back by a worker thread; the connection's own checkpoint is the backstop.
  const file = location.kind === 'sqlite-file';
  if (file) {
    onOpen.push(
      'PRAGMA journal_mode = WAL',
      'PRAGMA synchronous = NORMAL',
      `PRAGMA wal_autocheckpoint = ${WAL_BACKSTOP_PAGES}`,
    );
  }
  return new Kysely<Database>({ dialect: libsqlDialect({ path, onOpen, checkpointInBackground: file }) });
}

/**
 * The first half of every keyed lock (the two-key form of PostgreSQL's advisory locks, which never
 * meets Kysely's migration lock, one 64-bit key); the second half is the key's hash.
 */
const KEYED_LOCK_CLASS = 0x47617465;

/** The second half of a key's lock: the first 32 bits of its SHA-256, signed as PostgreSQL's int4. */
function lockOf(key: string): number {
  return createHash('sha256').update(key).digest().readInt32BE(0);
}

/**
 * A transaction that runs alone only against the transactions naming one of its `keys`: what its
 * read-check-write is about (a code's destination, an account, a user; lock-keys.ts), never one
 * key for everything. On PostgreSQL each key is a transaction-level advisory lock taken right
 * after BEGIN, in the order of the locks' numbers, so two transactions never wait on each other in
 * a circle; its reads then see what the previous holder committed (READ COMMITTED takes a fresh
 * snapshot per statement). Transactions about different things do not wait for each other. On
 * SQLite every transaction takes the write lock at BEGIN IMMEDIATE anyway: the keys are unused.
 */
export function lockedTransaction<T>(
  db: Db,
  keys: readonly string[],
  run: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (!isPostgres(db)) return db.transaction().execute(run);
  const locks = [...new Set(keys.map(lockOf))].sort((a, b) => a - b);
  return db.transaction().execute(async (trx) => {
    // The numbers written into the text (two int4s, not parameters), so that the BEGIN held back
    // for it (deferred-begin.ts) goes in the same round trip.
    for (const lock of locks)
      await sql.raw(`select pg_advisory_xact_lock(${KEYED_LOCK_CLASS}, ${Math.trunc(lock)})`).execute(trx);
    return run(trx);
  });
}

/** A PostgreSQL URL without its password, for messages. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return 'the configured PostgreSQL URL';
  }
}

/** Integer columns come back as number (SQLite) or string (PostgreSQL bigint). */
export function toNumber(value: number | string | bigint): number {
  return Number(value);
}

export function toNullableNumber(value: number | string | bigint | null): number | null {
  return value === null ? null : Number(value);
}
