import { type CompiledQuery, type DatabaseConnection, type QueryResult, SelectQueryNode } from 'kysely';

/** Transactions one SQLite COMMIT carries at most; beyond, the group commits at once. */
const GROUP_MAX_TRANSACTIONS = 32;
const SAVEPOINT = 'gatehouse_transaction';

/** The process's one SQLite connection, as LibsqlConnection and the libsql database offer it. */
export interface SqliteConnection extends DatabaseConnection {
  /** Runs one statement without parameters (BEGIN, SAVEPOINT, COMMIT …). */
  exec(sql: string): void;
  /** Whether SQLite has a transaction open (an error may have rolled it back). */
  readonly inTransaction: boolean;
}

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Group commit: the transactions of one turn of the event loop share one SQLite transaction and
 * one COMMIT. The first BEGINs IMMEDIATE (the write lock, as before); each is a savepoint inside
 * it, released when it commits, rolled back alone when it fails. Its commit resolves only once
 * the COMMIT carrying it succeeded (at the end of the turn, setImmediate), so nothing is answered
 * before it is in the database, and it is rejected when that COMMIT fails. Most of a small
 * transaction's cost in WAL mode is the COMMIT (its WAL frames, and the checkpoints they bring):
 * concurrent refreshes touch the same pages (the tail of an index, a session row), which one
 * COMMIT then writes once.
 *
 * A statement outside any transaction may run while a group is open: a read sees what the group
 * wrote (this process's own connection, as it would after the COMMIT); anything else commits the
 * group first, so it runs on its own as before (a write that is answered at once, a PRAGMA, a
 * VACUUM).
 */
export class CommitGroup {
  /** Commits waiting for the open SQLite transaction's COMMIT; undefined while none is open. */
  #waiting: Waiter[] | undefined;
  #scheduled = false;

  constructor(
    private readonly connection: SqliteConnection,
    private readonly lock: () => Promise<void>,
    private readonly unlock: () => void,
  ) {}

  begin(): void {
    if (!this.#waiting || !this.connection.inTransaction) {
      this.#fail(new Error('The database transaction was rolled back.'));
      this.connection.exec('begin immediate');
      this.#waiting = [];
    }
    this.connection.exec(`savepoint ${SAVEPOINT}`);
  }

  /** Releases the transaction's savepoint; the promise settles with the COMMIT that carries it. */
  commit(): Promise<void> {
    this.connection.exec(`release ${SAVEPOINT}`);
    const waiting = this.#waiting as Waiter[];
    const done = new Promise<void>((resolve, reject) => waiting.push({ resolve, reject }));
    if (waiting.length >= GROUP_MAX_TRANSACTIONS) this.commitNow();
    else this.#schedule();
    return done;
  }

  /** Undoes the failed transaction alone; the ones before it in the group keep their writes. */
  rollback(): void {
    if (!this.connection.inTransaction) {
      // SQLite rolled the whole transaction back (an I/O error, a full disk): the group is lost.
      this.#fail(new Error('The database transaction was rolled back.'));
      return;
    }
    this.connection.exec(`rollback to ${SAVEPOINT}`);
    this.connection.exec(`release ${SAVEPOINT}`);
    this.#schedule();
  }

  /** Before a statement outside any transaction: a write first commits the open group. */
  beforeStatement(query: CompiledQuery): void {
    if (this.#waiting && !SelectQueryNode.is(query.query)) this.commitNow();
  }

  /** COMMITs the open group (the caller holds the connection) and settles its transactions. */
  commitNow(): void {
    const waiting = this.#waiting;
    if (!waiting) return;
    this.#waiting = undefined;
    try {
      this.connection.exec('commit');
    } catch (error) {
      if (this.connection.inTransaction) this.connection.exec('rollback');
      for (const waiter of waiting) waiter.reject(error);
      return;
    }
    for (const waiter of waiting) waiter.resolve();
  }

  #fail(error: Error): void {
    const waiting = this.#waiting;
    this.#waiting = undefined;
    for (const waiter of waiting ?? []) waiter.reject(error);
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.lock()
        .then(() => {
          try {
            this.commitNow();
          } finally {
            this.unlock();
          }
        })
        // Only when the database was closed meanwhile (destroy commits the group first).
        .catch(() => {});
    });
  }
}

/**
 * One holder's use of the connection (acquireConnection to releaseConnection): whether it is in a
 * transaction, and whether it gave the connection back early, at commit, to wait for the group.
 */
export class Lease implements DatabaseConnection {
  inTransaction = false;
  releasedEarly = false;

  constructor(
    private readonly connection: SqliteConnection,
    private readonly group: CommitGroup,
  ) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.inTransaction) this.group.beforeStatement(compiledQuery);
    return this.connection.executeQuery<R>(compiledQuery);
  }

  streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (!this.inTransaction) this.group.beforeStatement(compiledQuery);
    return this.connection.streamQuery<R>(compiledQuery, chunkSize);
  }
}
