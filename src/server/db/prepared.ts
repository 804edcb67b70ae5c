import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import { nameStatement } from './named-statements.js';

const MARK = '\u0000gatehouse-parameter:';

export type PreparedQuery<DB, Row> = (
  params: Record<string, unknown>,
  executor?: Kysely<DB>,
) => Promise<QueryResult<Row>>;

/**
 * A query built and compiled by Kysely once, run many times with new values: for the statements
 * every request runs, where building and compiling the query tree cost as much as running it.
 * `build` receives the database and `param(name)` to put where a value goes; calling the result
 * with `{ name: value }` substitutes them (wherever the compiled SQL binds them) and runs it on the
 * database, or on `executor` (a transaction of the same database). On PostgreSQL it is a named
 * prepared statement (named-statements.ts): parsed and planned once per connection.
 */
export function prepared<DB, Row>(
  db: Kysely<DB>,
  build: (db: Kysely<DB>, param: (name: string) => never) => Compilable<Row>,
): PreparedQuery<DB, Row> {
  let compiled: CompiledQuery<Row> | undefined;
  let slots: Array<string | undefined> = [];
  return async (params, executor = db) => {
    if (!compiled) {
      compiled = build(db, (name) => `${MARK}${name}` as never).compile();
      nameStatement(compiled.sql);
      slots = compiled.parameters.map((value) =>
        typeof value === 'string' && value.startsWith(MARK) ? value.slice(MARK.length) : undefined,
      );
    }
    const fixed = compiled.parameters;
    const parameters = slots.map((name, index) => {
      if (name === undefined) return fixed[index];
      if (!(name in params)) throw new Error(`prepared query: no value for '${name}'`);
      return params[name];
    });
    return executor.executeQuery<Row>({ ...compiled, parameters });
  };
}
