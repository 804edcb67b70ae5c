import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { onPostgres } from '../support/test-database.js';
import type { Harness } from './harness.js';
import { type TwoProcesses, twoProcessesForFile } from './processes-support.js';
import { creating, newKey } from './wallets-support.js';

/**
 * Races across two `gatehouse serve` processes on one database: the same code, the same refresh
 * token and the same wallet creation sent to both at once have one winner. On PostgreSQL, where
 * transactions lock only what they are about, a transaction held open on one user does not hold
 * up another user's login.
 */
let world: TwoProcesses;
twoProcessesForFile((started) => {
  world = started;
});

/** Each process twice, all at once. */
const FOUR = [0, 1, 0, 1] as const;

/** The wallet frame's calls (wallets-support.ts) made over HTTP to one of the processes. */
function frameOf(which: 0 | 1): Harness {
  const base = world.processes[which].url;
  const inject = async (options: InjectOptions): Promise<LightMyRequestResponse> => {
    const response = await fetch(`${base}${options.url as string}`, {
      method: options.method as string,
      headers: { ...(options.headers as Record<string, string>), 'x-forwarded-for': world.freshIp() },
      body: options.payload as string | undefined,
    });
    const body = await response.text();
    return { statusCode: response.status, body, json: () => JSON.parse(body) } as LightMyRequestResponse;
  };
  return { appId: world.appId, publicUrl: base, inject } as Harness;
}

async function sessionsOf(email: string): Promise<number> {
  const db = world.open();
  try {
    const row = await db
      .selectFrom('sessions')
      .innerJoin('linked_accounts', 'linked_accounts.user_id', 'sessions.user_id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('linked_accounts.subject', '=', email)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  } finally {
    await db.destroy();
  }
}

describe('one winner when two processes race', () => {
  it('the same code, verified four times at once on both: one session, one user', async () => {
    for (let round = 0; round < 3; round++) {
      const email = `race${round}@example.com`;
      const code = await world.requestCode(0, email);
      const answers = await Promise.all(FOUR.map((which) => world.authenticate(which, email, code)));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422, 422, 422]);
      expect(await sessionsOf(email)).toBe(1);
    }
  });

  it('a forked session token, spent four times at once on both: one winner', async () => {
    const login = await world.login(1, 'fork-race@example.com');
    const fork = await world.post<{ new_session_refresh_token: string }>(0, '/api/v1/sessions/fork', {
      refresh_token: login.refresh_token,
    });
    expect(fork.status).toBe(200);
    const token = fork.body.new_session_refresh_token;
    const answers = await Promise.all(
      FOUR.map((which) => world.post(which, '/api/v1/sessions/fork/recover', { refresh_token: token })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401, 401]);
  });

  it('a refresh token, spent four times at once on both: the first spend and one grace sibling', async () => {
    const login = await world.login(0, 'refresh-race@example.com');
    const answers = await Promise.all(FOUR.map((which) => world.refresh(which, login.refresh_token)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 401, 401]);
  });

  it('two wallet creations for one user, one through each process: one wallet', async () => {
    // A token from each process (each checks its own issuer), both of the one user.
    const zero = await world.login(0, 'wallet-race@example.com');
    const one = await world.login(1, 'wallet-race@example.com');
    expect(zero.user.id).toBe(one.user.id);
    const [first, second] = await Promise.all([newKey(), newKey()]);
    const answers = await Promise.all([
      creating(frameOf(0)).create(zero.token, first),
      creating(frameOf(1)).create(one.token, second),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const refused = answers.find((answer) => answer.statusCode === 400);
    expect(refused?.json()).toMatchObject({ code: 'embedded_wallet_already_exists' });
    const db = world.open();
    try {
      const wallets = await db.selectFrom('embedded_wallets').select('address').execute();
      expect(wallets).toHaveLength(1);
      const accounts = await db
        .selectFrom('linked_accounts')
        .select('subject')
        .where('type', '=', 'wallet')
        .execute();
      expect(accounts).toEqual([{ subject: wallets[0]?.address.toLowerCase() }]);
    } finally {
      await db.destroy();
    }
  });
});

/** Connections of the test's database waiting on a lock, as pg_stat_activity shows them. */
async function waitingOnLocks(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ count: string }>(
    "select count(*) from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
  );
  return Number(rows[0]?.count);
}

describe.runIf(onPostgres())('transactions about different users on PostgreSQL', () => {
  it("a login waiting on one user's row lock holds up no other user's login", async () => {
    const code = await world.requestCode(0, 'held@example.com');
    const holder = new pg.Client({ connectionString: world.database.url });
    await holder.connect();
    try {
      // Another transaction holds the row of held@'s code, as a slow transaction on it would.
      await holder.query('begin');
      await holder.query("select * from one_time_codes where destination = 'held@example.com' for update");
      const held = world.authenticate(0, 'held@example.com', code);
      const deadline = Date.now() + 5_000;
      while ((await waitingOnLocks(holder)) === 0) {
        expect(Date.now()).toBeLessThan(deadline);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // Meanwhile other users log in through both processes, their codes sent and checked.
      const others = Promise.all([world.login(0, 'free0@example.com'), world.login(1, 'free1@example.com')]);
      const late = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 5_000));
      const done = await Promise.race([others, late]);
      expect(done === 'late' ? done : done.map((other) => other.user.linked_accounts[0]?.type)).toEqual([
        'email',
        'email',
      ]);
      expect(await waitingOnLocks(holder)).toBeGreaterThan(0);
      await holder.query('rollback');
      expect((await held).status).toBe(200);
    } finally {
      await holder.end();
    }
  }, 30_000);
});
