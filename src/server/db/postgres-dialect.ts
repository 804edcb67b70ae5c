import { type Dialect, PostgresDialect } from 'kysely';
import type pg from 'pg';
import { deferBeginOn } from './deferred-begin.js';
import { nameStatement, nameStatementsOn } from './named-statements.js';
import { holdInsertsOn } from './write-behind.js';

export interface PostgresDialectConfig {
  /** `postgres://user:password@host:port/database`, with libpq's query parameters (sslmode, …). */
  connectionString: string;
  /** Connections this process keeps open at most. */
  poolSize: number;
}

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
    // The hot path's statements (prepared.ts) are parsed and planned once per connection.
    opened.on('connect', nameStatementsOn);
    // A locked transaction's BEGIN and advisory lock go in one round trip.
    opened.on('connect', deferBeginOn);
    // A transaction's inserts of new rows go in one statement before its next one (write-behind.ts).
    opened.on('connect', (client) => holdInsertsOn(client, nameStatement));
    return opened;
  };
  return { dialect: new PostgresDialect({ pool }), pool: () => opened };
}
