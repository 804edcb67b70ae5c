import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  Kysely,
  SqliteAdapter,
  SqliteDriver,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import Libsql from 'libsql';
import type { DatabaseLocation } from '../config.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

/** How long a process waits for another process's write lock on the same SQLite file. */
const BUSY_TIMEOUT_MS = 5000;

/**
 * Kysely's SQLite driver (one connection, a mutex serializing queries and transactions within
 * the process) whose transactions take the write lock at BEGIN, so that processes sharing the
 * file queue on the busy timeout instead of failing when a read turns into a write.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/**
 * Opens the database through the libsql engine (the SQLite of @libsql/client) with Kysely's own
 * SQLite dialect. @libsql/kysely-libsql is not used: it opens a new connection per transaction,
 * which loses `:memory:` databases and makes two overlapping requests fail with SQLITE_BUSY.
 */
export function openDatabase(location: DatabaseLocation): Db {
  const path = location.kind === 'sqlite-memory' ? ':memory:' : location.path;
  if (location.kind === 'sqlite-file') mkdirSync(dirname(path), { recursive: true });
  const database = new Libsql(path);
  database.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  database.exec('PRAGMA foreign_keys = ON');
  if (location.kind === 'sqlite-file') database.exec('PRAGMA journal_mode = WAL');
  const dialect: Dialect = {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new ImmediateSqliteDriver({ database }),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
  return new Kysely<Database>({ dialect });
}

/** Integer columns come back as number (SQLite) or string (PostgreSQL bigint). */
export function toNumber(value: number | string | bigint): number {
  return Number(value);
}

export function toNullableNumber(value: number | string | bigint | null): number | null {
  return value === null ? null : Number(value);
}
