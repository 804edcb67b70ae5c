import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  PostgresDialect,
  PostgresDriver,
} from 'kysely';
import type pg from 'pg';

export interface PostgresDialectConfig {
  /** `postgres://user:password@host:port/database`, with libpq's query parameters (sslmode, …). */
  connectionString: string;
  /** Connections this process keeps open at most. */
  poolSize: number;
}

/**
 * Both halves of the transaction lock: any two 32-bit numbers, fixed, so every provider process
 * takes the same lock. The two-key form never meets Kysely's migration lock (one 64-bit key).
 */
const TRANSACTION_LOCK = [0x47617465, 0x686f7573] as const;

/** PostgreSQL's bigint type (int8). */
const INT8_OID = 20;

/**
 * bigint columns (times in milliseconds, counts) come back as numbers while they are exact, as they
 * do from SQLite; pg's default is a string, for bigints beyond 2^53.
 */
function parseInt8(text: string): number | bigint {
  const value = BigInt(text);
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(value)
    : value;
}

function int8AsNumber(types: typeof pg.types): pg.CustomTypesConfig {
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID && format !== 'binary'
        ? parseInt8
        : types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
  };
}

/**
 * Kysely's PostgreSQL driver with one difference: every transaction takes one transaction-level
 * advisory lock right after BEGIN, so transactions run one at a time across every process sharing
 * the database, exactly as SQLite's BEGIN IMMEDIATE makes them. The services' read-check-write
 * transactions (a code's attempts, a refresh token's spend, a first login creating its user) were
 * written against that guarantee and keep it on PostgreSQL; single statements outside a
 * transaction (rate-limit upserts, conditional updates) run concurrently, atomic by themselves.
 */
class SerialTransactionsDriver extends PostgresDriver {
  override async beginTransaction(
    connection: DatabaseConnection,
    settings: Parameters<PostgresDriver['beginTransaction']>[1],
  ): Promise<void> {
    await super.beginTransaction(connection, settings);
    // An explicit READ COMMITTED (db/database.ts, rowLockedTransaction) needs no lock: its
    // correctness rests on conditional updates, whose row locks PostgreSQL holds to the commit.
    if (settings.isolationLevel === 'read committed') return;
    await connection.executeQuery(
      CompiledQuery.raw('select pg_advisory_xact_lock($1, $2)', [...TRANSACTION_LOCK]),
    );
  }
}

/** The pool this dialect opens, for metrics (pool use). */
export interface PostgresPool {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

/**
 * A Kysely dialect for PostgreSQL through `pg`'s pool, and the pool's use once it exists. `pg` is
 * loaded when the first query needs it, so SQLite installs never load it.
 */
export function postgresDialect(config: PostgresDialectConfig): {
  dialect: Dialect;
  pool: () => PostgresPool | undefined;
} {
  let opened: pg.Pool | undefined;
  const pool = async () => {
    const { default: driver } = await import('pg');
    opened = new driver.Pool({
      connectionString: config.connectionString,
      max: config.poolSize,
      types: int8AsNumber(driver.types),
      // A connection that cannot be made in 10 s is an error, not a hang.
      connectionTimeoutMillis: 10_000,
    });
    // An idle connection the server drops (a restart, a failover) is replaced on the next query.
    opened.on('error', () => {});
    return opened;
  };
  const base = new PostgresDialect({ pool });
  const dialect: Dialect = {
    createAdapter: () => base.createAdapter(),
    createDriver: () => new SerialTransactionsDriver({ pool }),
    createIntrospector: (db) => base.createIntrospector(db),
    createQueryCompiler: () => base.createQueryCompiler(),
  };
  return { dialect, pool: () => opened };
}
