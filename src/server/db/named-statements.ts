import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * The statements compiled once (prepared.ts), by SQL text, with the name each is prepared under on
 * a PostgreSQL connection. Few and fixed (the hot path's), so a connection holds them all for its
 * life: parsed and planned once per connection instead of once per query.
 */
const names = new Map<string, string>();

/**
 * The error codes of a named statement the server does not run as prepared: a migration changed its
 * table, or a pooler between (PgBouncer in transaction mode) hands the session's statements around.
 */
const STALE = new Set([
  // cached plan must not change result type
  '0A000',
  // prepared statement does not exist
  '26000',
  // prepared statement already exists
  '42P05',
]);

/** Marks `sql` to run as a named prepared statement on PostgreSQL; the name is its text's hash. */
export function nameStatement(sql: string): void {
  if (names.has(sql)) return;
  names.set(sql, `gatehouse_${createHash('sha256').update(sql).digest('hex').slice(0, 40)}`);
}

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Runs the marked statements on `client` (a new pool connection) under their names. One the server
 * refuses as stale runs unnamed on this connection from then on: again at once when it ran outside
 * a transaction, else the transaction fails that once.
 */
export function nameStatementsOn(client: pg.ClientBase): void {
  const query = client.query.bind(client) as Query;
  const unnamed = new Set<string>();
  (client as unknown as { query: Query }).query = (config, values, callback) => {
    const name =
      typeof config === 'string' && Array.isArray(values) && callback === undefined && !unnamed.has(config)
        ? names.get(config)
        : undefined;
    if (name === undefined) return query(config, values, callback);
    const alone = client.getTransactionStatus() === 'I';
    return (query({ name, text: config, values }) as Promise<unknown>).catch((error: unknown) => {
      if (!STALE.has((error as { code?: string }).code ?? '')) throw error;
      unnamed.add(config as string);
      if (!alone) throw error;
      return query(config, values);
    });
  };
}
