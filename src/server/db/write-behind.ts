import { type Compilable, CompiledQuery } from 'kysely';
import type pg from 'pg';

/** What marks an insert to hold (insertLater); a comment, so a statement that slips by runs as is. */
const LATER = '/* later */ ';

/** How many combined statements are named (prepared once per connection) at most: code paths are few. */
const NAMED_BATCHES = 64;
const namedBatches = new Set<string>();

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;
type Held = { sql: string; values: unknown[] };

/**
 * An insert of new rows that nothing reads before its transaction's next statement. In a
 * transaction on PostgreSQL it is held, and the inserts held in a row go in one round trip (one
 * statement of data-modifying WITH clauses) just before the next statement or the commit: a
 * sign-up's user, account, session and refresh token are one statement instead of four. An error
 * of a held insert fails that next statement or the commit, so the transaction fails as it would
 * have. Outside a transaction, and on SQLite (in the process), it runs at once.
 */
export async function insertLater(
  executor: { readonly isTransaction: boolean; executeQuery(query: CompiledQuery): Promise<unknown> },
  query: Compilable,
): Promise<void> {
  const { sql, parameters } = query.compile();
  // Outside a transaction the connection goes back to the pool after the statement: sent at once.
  const mark = executor.isTransaction ? LATER : '';
  await executor.executeQuery(CompiledQuery.raw(`${mark}${sql}`, [...parameters]));
}

const answer = () => Promise.resolve({ command: 'INSERT', rowCount: 1, oid: 0, rows: [], fields: [] });

/** `$n` placeholders of `sql` moved up by `offset` (Kysely's SQL binds every value, so none is quoted). */
const shifted = (sql: string, offset: number) =>
  offset === 0 ? sql : sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);

/** The held inserts as one statement: all but the last in WITH clauses, which PostgreSQL runs in full. */
export function combined(held: readonly Held[]): Held {
  const values: unknown[] = [];
  const parts = held.map(({ sql, values: own }) => {
    const part = shifted(sql, values.length);
    values.push(...own);
    return part;
  });
  const last = parts.pop() as string;
  const clauses = parts.map((part, index) => `"later${index}" as (${part})`);
  return { sql: clauses.length === 0 ? last : `with ${clauses.join(', ')} ${last}`, values };
}

/**
 * Holds the marked inserts of `client` (a pool connection) until its next statement, and sends
 * them before it in one (named by `name`, so prepared once per connection); a rollback drops them,
 * since nothing was written.
 */
export function holdInsertsOn(client: pg.ClientBase, name: (sql: string) => void = () => {}): void {
  const query = client.query.bind(client) as Query;
  let held: Held[] = [];
  (client as unknown as { query: Query }).query = (config, values, callback) => {
    if (typeof config === 'string' && callback === undefined && config.startsWith(LATER)) {
      held.push({ sql: config.slice(LATER.length), values: Array.isArray(values) ? values : [] });
      return answer();
    }
    if (held.length === 0) return query(config, values, callback);
    const batch = combined(held);
    held = [];
    if (typeof config === 'string' && /^rollback$/i.test(config)) return query(config, values, callback);
    if (!namedBatches.has(batch.sql) && namedBatches.size < NAMED_BATCHES) {
      namedBatches.add(batch.sql);
      name(batch.sql);
    }
    return (query(batch.sql, batch.values) as Promise<unknown>).then(() => query(config, values, callback));
  };
}
