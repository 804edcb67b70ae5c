import { describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/protocol/api.js';
import { CODE_MAX_ATTEMPTS, REFRESH_REUSE_GRACE_MS } from '../../src/protocol/constants.js';
import { DEFAULT_RATE_LIMITS } from '../../src/server/services/sessions/rate-limit.js';
import {
  type Answer,
  halfWrittenRows,
  integrity,
  type TwoProcesses,
  twoProcessesForFile,
} from './processes-support.js';

/**
 * Any number of stateless provider processes share one database: two `gatehouse serve`
 * on one PostgreSQL database (integration-pg) or one SQLite file (integration), requests spread
 * over both.
 */
let world: TwoProcesses;
twoProcessesForFile((started) => {
  world = started;
});

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('two provider processes on one database', () => {
  it('started together on a new database, agree on its migrations and on one signing key', async () => {
    const [a, b] = world.processes.map(
      (process) => `${process.url}/api/v1/apps/${world.appId}/jwks.json`,
    ) as [string, string];
    const jwksA = await (await fetch(a)).json();
    expect(await (await fetch(b)).json()).toEqual(jwksA);
    expect((jwksA as { keys: unknown[] }).keys).toHaveLength(1);
  });

  it('accepts on one process a code sent through the other', async () => {
    const code = await world.requestCode(0, 'across@example.com');
    const answer = await world.authenticate(1, 'across@example.com', code);
    expect(answer.status).toBe(200);
    expect(answer.body.user.linked_accounts[0]).toMatchObject({
      type: 'email',
      address: 'across@example.com',
    });
    expect((await world.refresh(0, answer.body.refresh_token)).status).toBe(200);
  });

  it('lets two tabs refresh one token at once on different processes', async () => {
    const login = await world.login(0, 'tabs@example.com');
    const [one, two] = await Promise.all([
      world.refresh(0, login.refresh_token),
      world.refresh(1, login.refresh_token),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.refresh_token).not.toBe(two.body.refresh_token);
    expect((await world.refresh(1, one.body.refresh_token as string)).status).toBe(200);
    expect((await world.refresh(0, two.body.refresh_token as string)).status).toBe(200);
  });

  it('revokes the session when a token rotated on one process comes back to the other after the grace window', async () => {
    const login = await world.login(0, 'theft@example.com');
    const rotated = await world.refresh(0, login.refresh_token);
    expect(rotated.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, REFRESH_REUSE_GRACE_MS + 250));
    const reused = await world.refresh(1, login.refresh_token);
    expect(reused).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_token' } });
    // The thief's reuse ended the session for its holder too, on either process.
    expect((await world.refresh(0, rotated.body.refresh_token as string)).status).toBe(401);
    const bearer = await fetch(`${world.processes[1].url}/api/v1/sessions`, {
      method: 'POST',
      headers: {
        'gatehouse-app-id': world.appId,
        authorization: `Bearer ${rotated.body.token}`,
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(bearer.status).toBe(401);
  }, 30_000);

  it('holds a rate limit across both processes, even for requests at the same moment', async () => {
    const { max } = DEFAULT_RATE_LIMITS.passwordlessInitPerEmail;
    const ip = world.freshIp();
    const answers = await Promise.all(
      Array.from({ length: max + 3 }, (_, i) =>
        world.post((i % 2) as 0 | 1, '/api/v1/passwordless/init', { email: 'flood@example.com' }, ip),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
  });

  it('holds the code-attempt limit across both processes: wrong codes sent at once all count', async () => {
    const code = await world.requestCode(1, 'guess@example.com');
    const wrong = await Promise.all(
      Array.from({ length: CODE_MAX_ATTEMPTS }, (_, i) =>
        world.authenticate((i % 2) as 0 | 1, 'guess@example.com', wrongCode(code)),
      ),
    );
    expect(wrong.map((answer) => answer.status)).toEqual(Array(CODE_MAX_ATTEMPTS).fill(422));
    const right = await world.authenticate(0, 'guess@example.com', code);
    expect(right).toMatchObject({ status: 422, body: { code: 'invalid_credentials' } });
  });
});

describe('a process that dies or stops during a burst of logins', () => {
  const BURST = 24;

  /** Codes for BURST new addresses, asked through process 1. */
  async function codes(prefix: string): Promise<Array<{ email: string; code: string }>> {
    return Promise.all(
      Array.from({ length: BURST }, async (_, i) => {
        const email = `${prefix}-${i}@example.com`;
        return { email, code: await world.requestCode(1, email) };
      }),
    );
  }

  /** Every acknowledged login still refreshes, on the other process. */
  async function expectSessionsKept(acknowledged: AuthResult[]): Promise<void> {
    for (const login of acknowledged) {
      const refreshed = await world.refresh(1, login.refresh_token);
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.user?.id).toBe(login.user.id);
    }
  }

  it('SIGKILL loses no acknowledged session and leaves no half-written row', async () => {
    const logins = await codes('killed');
    let outstanding = BURST;
    let outstandingAtKill = 0;
    let killed: Promise<number | null> | undefined;
    const results = await Promise.allSettled(
      logins.map(async ({ email, code }) => {
        try {
          const answer = await world.authenticate(0, email, code);
          if (!killed) {
            outstandingAtKill = outstanding - 1;
            killed = world.processes[0].signal('SIGKILL');
          }
          return answer;
        } finally {
          outstanding -= 1;
        }
      }),
    );
    expect(await killed).toBeNull();
    expect(outstandingAtKill).toBeGreaterThan(0);
    const acknowledged = results
      .filter((r): r is PromiseFulfilledResult<Answer<AuthResult>> => r.status === 'fulfilled')
      .filter((r) => r.value.status === 200)
      .map((r) => r.value.body);
    expect(acknowledged.length).toBeGreaterThan(0);
    await expectSessionsKept(acknowledged);

    const db = world.open();
    try {
      expect(await integrity(db, world.database.kind)).toBe('ok');
      expect(await halfWrittenRows(db)).toEqual([]);
    } finally {
      await db.destroy();
    }
    // Whoever got no answer logs in through the other process.
    const answered = new Set(
      acknowledged.map((login) => (login.user.linked_accounts[0] as { address?: string }).address),
    );
    for (const { email } of logins.filter((login) => !answered.has(login.email))) {
      expect((await world.login(1, email)).user.linked_accounts[0]).toMatchObject({ address: email });
    }
    await world.processes[0].start();
  }, 60_000);

  it('SIGTERM lets every request in flight finish and exits 0; what it did not take retries elsewhere', async () => {
    const logins = await codes('stopped');
    const process = world.processes[0];
    const logged = process.output.length;
    let answered = 0;
    const burst = logins.map(({ email, code }) =>
      world.authenticate(0, email, code).finally(() => {
        answered += 1;
      }),
    );
    const lines = () =>
      process.output
        .slice(logged)
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { reqId?: string; msg?: string; res?: { statusCode: number } });
    while (!lines().some((line) => line.msg === 'incoming request')) {
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    const exitCode = process.signal('SIGTERM');
    expect(answered).toBeLessThan(BURST);
    const results = await Promise.allSettled(burst);
    expect(await exitCode).toBe(0);

    // Every request the server took was answered in full, none with an error.
    const taken = lines().filter((line) => line.msg === 'incoming request');
    const completed = lines().filter((line) => line.msg === 'request completed');
    expect(taken.length).toBeGreaterThan(0);
    expect(completed.map((line) => line.reqId).sort()).toEqual(taken.map((line) => line.reqId).sort());
    for (const line of completed) expect([200, 503]).toContain(line.res?.statusCode);
    // Every login answered works; any other is retried with the same code on the other process.
    const kept: AuthResult[] = [];
    for (const [i, result] of results.entries()) {
      if (result.status === 'fulfilled' && result.value.status === 200) kept.push(result.value.body);
      else {
        const { email, code } = logins[i] as { email: string; code: string };
        const retried = await world.authenticate(1, email, code);
        expect(retried.status).toBe(200);
        kept.push(retried.body);
      }
    }
    await expectSessionsKept(kept);
    await process.start();
  }, 60_000);
});
