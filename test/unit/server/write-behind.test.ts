import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { combined, holdInsertsOn, insertLater } from '../../../src/server/db/write-behind.js';

/** A pg client that records what it is sent. */
function recordingClient(isTransaction = true) {
  const sent: Array<{ text: string; values?: unknown[] }> = [];
  const named: string[] = [];
  const client = {
    query(text: string, values?: unknown[]) {
      sent.push({ text, values });
      return Promise.resolve({ command: text, rows: [] });
    },
  };
  holdInsertsOn(client as unknown as pg.ClientBase, (sql) => named.push(sql));
  const executor = {
    isTransaction,
    executeQuery: (query: { sql: string; parameters: readonly unknown[] }) =>
      (client as { query(text: string, values?: unknown[]): Promise<unknown> }).query(query.sql, [
        ...query.parameters,
      ]),
  };
  const insert = (sql: string, parameters: unknown[]) =>
    insertLater(executor, { compile: () => ({ sql, parameters, query: {} as never, queryId: {} as never }) });
  return {
    client: client as { query(text: string, values?: unknown[]): Promise<unknown> },
    insert,
    sent,
    named,
  };
}

describe('inserts held for the next statement', () => {
  it('go before it in one statement, their parameters numbered on, and the statement is named', async () => {
    const { client, insert, sent, named } = recordingClient();
    await insert('insert into "a" ("x", "y") values ($1, $2)', [1, 2]);
    await insert('insert into "b" ("z") values ($1)', [3]);
    await insert('insert into "c" ("w") values ($1)', [4]);
    expect(sent).toEqual([]);
    await client.query('commit', []);
    const batch =
      'with "later0" as (insert into "a" ("x", "y") values ($1, $2)), "later1" as (insert into "b" ("z") values ($3)) ' +
      'insert into "c" ("w") values ($4)';
    expect(sent).toEqual([
      { text: batch, values: [1, 2, 3, 4] },
      { text: 'commit', values: [] },
    ]);
    expect(named).toEqual([batch]);
  });

  it('go alone as they are when there is one, before a read that would see it', async () => {
    const { client, insert, sent } = recordingClient();
    await insert('insert into "a" ("x") values ($1)', ['$2 stays']);
    await client.query('select "x" from "a" where "x" = $1', [1]);
    expect(sent).toEqual([
      { text: 'insert into "a" ("x") values ($1)', values: ['$2 stays'] },
      { text: 'select "x" from "a" where "x" = $1', values: [1] },
    ]);
  });

  it('are dropped by a rollback, and a failure of theirs fails the statement that sent them', async () => {
    const { client, insert, sent } = recordingClient();
    await insert('insert into "a" ("x") values ($1)', [1]);
    await client.query('rollback', []);
    expect(sent).toEqual([{ text: 'rollback', values: [] }]);

    const failing = {
      query: (text: string) => Promise.reject(Object.assign(new Error(text), { code: '23503' })),
    };
    holdInsertsOn(failing as unknown as pg.ClientBase);
    await (failing.query as (text: string, values: unknown[]) => Promise<unknown>)(
      '/* later */ insert into "a" ("x") values ($1)',
      [1],
    );
    await expect(failing.query('commit')).rejects.toMatchObject({ code: '23503' });
  });

  it('are not held outside a transaction, whose connection goes back to the pool at once', async () => {
    const { insert, sent } = recordingClient(false);
    await insert('insert into "a" ("x") values ($1)', [1]);
    expect(sent).toEqual([{ text: 'insert into "a" ("x") values ($1)', values: [1] }]);
  });

  it('combine into one statement, or stay as they are when alone', () => {
    expect(combined([{ sql: 'insert into "a" values ($1)', values: [1] }])).toEqual({
      sql: 'insert into "a" values ($1)',
      values: [1],
    });
  });
});
