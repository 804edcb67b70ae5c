import type { Client, InValue, ResultSet } from '@libsql/client';
import { createClient } from '@libsql/client/sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';

export interface LibsqlDialectConfig {
  /** `file:` URL of the database, or `:memory:`. */
  url: string;
  /** Statements run once, in order, when the connection opens (PRAGMAs). */
  onOpen?: readonly string[];
}

/**
 * Kysely's SQLite dialect over one local `@libsql/client` client.
 *
 * @libsql/kysely-libsql is not used: it calls `client.transaction()`, which hands the current
 * connection to the transaction and opens a new one for everything else, so a `:memory:` database
 * is lost after the first transaction and two overlapping transactions fail with SQLITE_BUSY. Here
 * every statement goes through `client.execute` on the client's single connection, a mutex lets
 * one query or transaction at a time use it (as Kysely's own SqliteDriver does), and transactions
 * are plain BEGIN IMMEDIATE / COMMIT / ROLLBACK statements: the write lock is taken at BEGIN, so
 * processes sharing the file wait on the busy timeout instead of failing mid-transaction.
 */
export function libsqlDialect(config: LibsqlDialectConfig): Dialect {
  return {
    createAdapter: () => new TransactionalDdlAdapter(),
    createDriver: () => new LibsqlDriver(config),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}

/**
 * SQLite runs DDL inside transactions, and saying so makes Kysely's Migrator run the migrations in
 * one (BEGIN IMMEDIATE): processes starting together on a new file then migrate one after the
 * other, the later one finding the work done, instead of both creating the same tables.
 */
class TransactionalDdlAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class LibsqlDriver implements Driver {
  readonly #config: LibsqlDialectConfig;
  readonly #mutex = new ConnectionMutex();
  #client: Client | undefined;
  #connection: LibsqlConnection | undefined;

  constructor(config: LibsqlDialectConfig) {
    this.#config = config;
  }

  async init(): Promise<void> {
    // bigint mode: no integer is rejected as unsafe; safe ones become numbers in toJs.
    const client = createClient({ url: this.#config.url, intMode: 'bigint' });
    this.#client = client;
    try {
      for (const statement of this.#config.onOpen ?? []) await client.execute(statement);
    } catch (error) {
      client.close();
      this.#client = undefined;
      throw error;
    }
    this.#connection = new LibsqlConnection(client);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // One connection: wait until whoever holds it (a query or a whole transaction) releases it.
    await this.#mutex.lock();
    if (!this.#connection) {
      this.#mutex.unlock();
      throw new Error('The database is closed.');
    }
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    this.#mutex.unlock();
  }

  async destroy(): Promise<void> {
    this.#connection = undefined;
    this.#client?.close();
    this.#client = undefined;
  }
}

class LibsqlConnection implements DatabaseConnection {
  readonly #client: Client;

  constructor(client: Client) {
    this.#client = client;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.#client.execute({
      sql: compiledQuery.sql,
      args: compiledQuery.parameters as InValue[],
    });
    return toQueryResult<R>(result);
  }

  async *streamQuery<R>(
    compiledQuery: CompiledQuery,
    chunkSize = 100,
  ): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiledQuery.query)) {
      throw new Error('The libsql driver only streams select queries.');
    }
    const { rows } = await this.executeQuery<R>(compiledQuery);
    for (let start = 0; start < rows.length; start += chunkSize) {
      yield { rows: rows.slice(start, start + chunkSize) };
    }
  }
}

/** Rows for statements that return data; otherwise the affected count and last rowid, like SqliteDriver. */
function toQueryResult<R>(result: ResultSet): QueryResult<R> {
  if (result.columns.length > 0) {
    return { rows: result.rows.map((row) => toPlainRow(result.columns, row) as R) };
  }
  return {
    numAffectedRows: BigInt(result.rowsAffected),
    insertId: result.lastInsertRowid,
    rows: [],
  };
}

/** libsql rows are array-likes with column properties; Kysely expects plain objects. */
function toPlainRow(columns: readonly string[], row: ArrayLike<unknown>): Record<string, unknown> {
  const plain: Record<string, unknown> = {};
  columns.forEach((column, index) => {
    if (!Object.hasOwn(plain, column)) plain[column] = toJs(row[index]);
  });
  return plain;
}

/** Integers as numbers while they are exact (bigint beyond), blobs as Buffers (as better-sqlite3 gives them). */
function toJs(value: unknown): unknown {
  if (typeof value === 'bigint') {
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(value)
      : value;
  }
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  return value;
}

/** Kysely's SqliteDriver mutex: one holder at a time, the others wait in turn. */
class ConnectionMutex {
  #promise: Promise<void> | undefined;
  #resolve: (() => void) | undefined;

  async lock(): Promise<void> {
    while (this.#promise) await this.#promise;
    this.#promise = new Promise((resolve) => {
      this.#resolve = resolve;
    });
  }

  unlock(): void {
    const resolve = this.#resolve;
    this.#promise = undefined;
    this.#resolve = undefined;
    resolve?.();
  }
}
