import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Kysely } from 'kysely';
import { libsqlDialect } from './libsql-dialect.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

/** Where a database URL points: an SQLite file (absolute path) or an in-memory SQLite database. */
export type DatabaseLocation = { kind: 'sqlite-file'; path: string } | { kind: 'sqlite-memory' };

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

/**
 * Opens the database through @libsql/client under Kysely (see libsql-dialect.ts). A file gets
 * WAL, so readers in other processes are not blocked by a writer, and every connection waits up
 * to BUSY_TIMEOUT_MS for another process's write lock.
 */
export function openDatabase(location: DatabaseLocation): Db {
  if (location.kind === 'sqlite-file') createPrivateFile(location.path);
  const url = location.kind === 'sqlite-memory' ? ':memory:' : pathToFileURL(location.path).href;
  const onOpen = [`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`, 'PRAGMA foreign_keys = ON'];
  if (location.kind === 'sqlite-file') onOpen.push('PRAGMA journal_mode = WAL');
  return new Kysely<Database>({ dialect: libsqlDialect({ url, onOpen }) });
}

/** Integer columns come back as number (SQLite) or string (PostgreSQL bigint). */
export function toNumber(value: number | string | bigint): number {
  return Number(value);
}

export function toNullableNumber(value: number | string | bigint | null): number | null {
  return value === null ? null : Number(value);
}
