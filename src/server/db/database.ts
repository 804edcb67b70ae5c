import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely } from 'kysely';
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
 * A transaction that does not need to run alone: one whose every check-then-write is a single
 * conditional statement (UPDATE … WHERE the state still holds), so concurrent ones cannot both
 * win. On PostgreSQL it skips the lock that serialises transactions across processes (its commits
 * then share disk flushes); on SQLite every transaction takes the write lock anyway.
 */
export function rowLockedTransaction(db: Db) {
  return db.transaction().setIsolationLevel('read committed');
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
