import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  ValueNode,
} from 'kysely';
import type Database from 'libsql';
import { CommitGroup, Lease, type SqliteConnection } from './libsql-group.js';
import { WalCheckpointer } from './wal-checkpointer.js';

export interface LibsqlDialectConfig {
  /** Path of the database file, or `:memory:`. */
  path: string;
  /** Statements run once, in order, when the connection opens (PRAGMAs). */
  onOpen?: readonly string[];
  /** Checkpoint the WAL on a worker thread (wal-checkpointer.ts): a file in WAL mode. */
  checkpointInBackground?: boolean;
}

/**
 * Kysely's SQLite dialect over one connection of `libsql` (the SQLite engine under @libsql/client,
 * with better-sqlite3's API).
 *
 * One connection per process: a mutex lets one query or transaction at a time use it (as Kysely's
 * own SqliteDriver does), so a `:memory:` database lives as long as the process. Transactions
 * take the write lock at BEGIN IMMEDIATE, so processes sharing the file wait on the busy timeout
 * instead of failing mid-transaction; those of one turn of the event loop share one COMMIT
 * (libsql-group.ts), and the connection passes to the next one as soon as one commits. Every
 * statement is prepared once and kept (STATEMENT_CACHE_SIZE of them): @libsql/client's `execute`
 * prepared each one anew, which was the largest cost of a request.
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
  #database: Database.Database | undefined;
  #connection: LibsqlConnection | undefined;
  #group: CommitGroup | undefined;
  #checkpointer: WalCheckpointer | undefined;

  constructor(config: LibsqlDialectConfig) {
    this.#config = config;
  }

  async init(): Promise<void> {
    // Loaded here, so PostgreSQL installs never load it.
    const { default: Libsql } = await import('libsql');
    const database = new Libsql(this.#config.path);
    this.#database = database;
    try {
      for (const statement of this.#config.onOpen ?? []) database.exec(statement);
    } catch (error) {
      database.close();
      this.#database = undefined;
      throw error;
    }
    const checkpointer = this.#config.checkpointInBackground
      ? new WalCheckpointer(this.#config.path)
      : undefined;
    this.#checkpointer = checkpointer;
    this.#connection = new LibsqlConnection(database, () => checkpointer?.wrote());
    this.#group = new CommitGroup(
      this.#connection,
      () => this.#mutex.lock(),
      () => this.#mutex.unlock(),
    );
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // One connection: wait until whoever holds it (a query or a whole transaction) releases it.
    await this.#mutex.lock();
    if (!this.#connection || !this.#group) {
      this.#mutex.unlock();
      throw new Error('The database is closed.');
    }
    return new Lease(this.#connection, this.#group);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    this.#group?.begin();
    (connection as Lease).inTransaction = true;
  }

  /** Gives the connection to the next holder at once, then waits for the COMMIT carrying this one. */
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    const committed = (this.#group as CommitGroup).commit();
    lease.inTransaction = false;
    lease.releasedEarly = true;
    this.#mutex.unlock();
    await committed;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    lease.inTransaction = false;
    // A commit whose group failed: the group rolled back already, and the connection is no longer this one's.
    if (!lease.releasedEarly) this.#group?.rollback();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    if (!(connection as Lease).releasedEarly) this.#mutex.unlock();
  }

  async destroy(): Promise<void> {
    if (this.#group) {
      await this.#mutex.lock();
      this.#group.commitNow();
      this.#group = undefined;
      this.#mutex.unlock();
    }
    this.#connection = undefined;
    await this.#checkpointer?.close();
    this.#checkpointer = undefined;
    this.#database?.close();
    this.#database = undefined;
  }
}

/** Prepared statements kept per connection; Kysely's `in (?, ?, …)` lists make a few more. */
const STATEMENT_CACHE_SIZE = 500;

interface Prepared {
  statement: Database.Statement;
  /** Column names when the statement returns rows (select, returning), else undefined. */
  columns: string[] | undefined;
}

class LibsqlConnection implements SqliteConnection {
  readonly #database: Database.Database;
  readonly #statements = new Map<string, Prepared>();
  /** Called after a statement that may have committed something (a COMMIT, a write on its own). */
  readonly #committed: () => void;

  constructor(database: Database.Database, committed: () => void) {
    this.#database = database;
    this.#committed = committed;
  }

  exec(sql: string): void {
    this.#prepare(sql).statement.run([]);
    if (!this.#database.inTransaction) this.#committed();
  }

  get inTransaction(): boolean {
    return this.#database.inTransaction;
  }

  #prepare(sql: string): Prepared {
    let prepared = this.#statements.get(sql);
    if (prepared) return prepared;
    const statement = this.#database.prepare(sql);
    // Every integer as a bigint, so none is rounded; toJs makes the exact ones numbers.
    statement.safeIntegers(true);
    const columns = statement.reader
      ? statement
          .raw(true)
          .columns()
          .map((column) => column.name)
      : undefined;
    prepared = { statement, columns };
    if (this.#statements.size >= STATEMENT_CACHE_SIZE) {
      this.#statements.delete(this.#statements.keys().next().value as string);
    }
    this.#statements.set(sql, prepared);
    return prepared;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { statement, columns } = this.#prepare(compiledQuery.sql);
    const args = compiledQuery.parameters.map(toSql);
    try {
      return this.#run<R>(compiledQuery, statement, columns, args);
    } finally {
      if (!SelectQueryNode.is(compiledQuery.query) && !this.#database.inTransaction) this.#committed();
    }
  }

  #run<R>(
    compiledQuery: CompiledQuery,
    statement: Database.Statement,
    columns: string[] | undefined,
    args: unknown[],
  ): QueryResult<R> {
    if (columns && isSingleRowSelect(compiledQuery)) {
      const row = statement.get(args) as unknown[] | undefined;
      return { rows: row ? [toPlainRow(columns, row) as R] : [] };
    }
    if (columns) {
      const rows = statement.all(args) as unknown[][];
      return { rows: rows.map((row) => toPlainRow(columns, row) as R) };
    }
    const info = statement.run(args);
    return { numAffectedRows: BigInt(info.changes), insertId: BigInt(info.lastInsertRowid), rows: [] };
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

/**
 * A select with LIMIT 1: libsql's `get` reads its row at half the cost of `all` (one call into
 * the engine instead of a row iterator and a batch fetch), which the hot path's lookups by key use.
 */
function isSingleRowSelect({ query }: CompiledQuery): boolean {
  if (!SelectQueryNode.is(query) || !query.limit) return false;
  const limit = query.limit.limit;
  return ValueNode.is(limit) && limit.value === 1;
}

/** Parameters as SQLite binds them: booleans as 0/1 (as @libsql/client did), undefined as null. */
function toSql(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value === undefined ? null : value;
}

/** Raw rows are arrays in column order; Kysely expects plain objects. */
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

/**
 * One holder at a time, the others wait in order and each is handed the connection in turn.
 * (Kysely's SqliteDriver mutex woke every waiter at each unlock, for all but one to wait again:
 * quadratic in the queue under load.)
 */
class ConnectionMutex {
  #locked = false;
  readonly #queue: Array<() => void> = [];

  lock(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#queue.push(resolve));
  }

  unlock(): void {
    const next = this.#queue.shift();
    if (next) next();
    else this.#locked = false;
  }
}
