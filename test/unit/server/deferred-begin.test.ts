import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { deferBeginOn } from '../../../src/server/db/deferred-begin.js';

/** A pg client that records what it is sent, answering one result per statement of a simple query. */
function recordingClient() {
  const sent: Array<{ text: string; values?: unknown[] }> = [];
  const client = {
    query(text: string, values?: unknown[]) {
      sent.push(values === undefined ? { text } : { text, values });
      const results = text.split('; ').map((statement) => ({ command: statement, rows: [{ statement }] }));
      return Promise.resolve(results.length > 1 ? results : results[0]);
    },
  };
  deferBeginOn(client as unknown as pg.ClientBase);
  return { client: client as unknown as { query(text: string, values?: unknown[]): Promise<unknown> }, sent };
}

describe('a transaction BEGIN held for its first statement', () => {
  it('goes with a first statement that has no parameters, in one round trip, answering that statement', async () => {
    const { client, sent } = recordingClient();
    expect(await client.query('begin', [])).toMatchObject({ command: 'BEGIN' });
    const answer = await client.query('select pg_advisory_xact_lock(1, 2)', []);
    expect(answer).toEqual({
      command: 'select pg_advisory_xact_lock(1, 2)',
      rows: [{ statement: 'select pg_advisory_xact_lock(1, 2)' }],
    });
    await client.query('select $1', [5]);
    await client.query('commit', []);
    expect(sent.map((query) => query.text)).toEqual([
      'begin; select pg_advisory_xact_lock(1, 2)',
      'select $1',
      'commit',
    ]);
  });

  it('goes alone before a first statement with parameters', async () => {
    const { client, sent } = recordingClient();
    await client.query('begin', []);
    await client.query('select $1', [5]);
    expect(sent).toEqual([{ text: 'begin' }, { text: 'select $1', values: [5] }]);
  });

  it('sends nothing when the transaction rolls back before any statement', async () => {
    const { client, sent } = recordingClient();
    await client.query('start transaction isolation level serializable', []);
    expect(await client.query('rollback', [])).toMatchObject({ command: 'ROLLBACK' });
    await client.query('select 1', []);
    expect(sent).toEqual([{ text: 'select 1', values: [] }]);
  });
});
