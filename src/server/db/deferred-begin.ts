import type pg from 'pg';

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/** The statements that open a transaction as Kysely sends them (with or without an isolation level). */
const OPENS = /^(begin|start transaction)\b/i;
const answer = (command: string) =>
  Promise.resolve({ command, rowCount: null, oid: 0, rows: [], fields: [] });

/**
 * A transaction's BEGIN held back until its first statement, and sent with it in one round trip
 * when that statement has no parameters (a simple query may carry several statements): a locked
 * transaction's advisory lock, whose numbers database.ts writes into its text. A first statement
 * with parameters is preceded by the BEGIN alone, as without this; a ROLLBACK before any statement
 * sends nothing, since nothing was begun. Errors are the server's, in the same order.
 */
export function deferBeginOn(client: pg.ClientBase): void {
  const query = client.query.bind(client) as Query;
  let held: string | undefined;
  (client as unknown as { query: Query }).query = (config, values, callback) => {
    const plain =
      typeof config === 'string' &&
      callback === undefined &&
      (values === undefined || (Array.isArray(values) && values.length === 0));
    if (held === undefined) {
      if (plain && OPENS.test(config)) {
        held = config;
        return answer('BEGIN');
      }
      return query(config, values, callback);
    }
    const begin = held;
    held = undefined;
    if (plain && /^rollback$/i.test(config)) return answer('ROLLBACK');
    if (!plain) return (query(begin) as Promise<unknown>).then(() => query(config, values, callback));
    return (query(`${begin}; ${config}`) as Promise<pg.QueryResult | pg.QueryResult[]>).then((results) =>
      Array.isArray(results) ? results[results.length - 1] : results,
    );
  };
}
