import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/server/db/migrations/index.js';
import { type Harness, runCliCaptured, startHarness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const LAST_MIGRATION = Object.keys(MIGRATIONS).sort().at(-1) as string;

describe('GET /healthz and GET /readyz', () => {
  it('are both 200 on a migrated database, with no app id and no caching of readiness', async () => {
    h = await startHarness();
    const health = await h.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ ok: true });
    const ready = await h.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ok: true });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('readyz is 503 naming the migration a database lacks; healthz stays 200', async () => {
    h = await startHarness();
    const { db } = h.server.gatehouse;
    await MIGRATIONS[LAST_MIGRATION]?.down?.(db);
    await db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', LAST_MIGRATION as never)
      .execute();
    const ready = await h.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ ok: false, reason: `migrations pending: ${LAST_MIGRATION}` });
    expect((await h.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('readyz is 503 when the database cannot be reached, and the log says why', async () => {
    const lines: string[] = [];
    h = await startHarness({ logger: { level: 'error', stream: { write: (line) => lines.push(line) } } });
    await h.server.gatehouse.db.destroy();
    const ready = await h.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ ok: false, reason: 'the database cannot be reached' });
    expect((await h.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ ok: true });
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({ level: 50, msg: 'readiness: the database cannot be reached' }),
    );
  });
});

describe('logs', () => {
  it('log an unexpected 500 at level error, as JSON with its request id, without the tokens it carried', async () => {
    const lines: string[] = [];
    h = await startHarness({ logger: { level: 'error', stream: { write: (line) => lines.push(line) } } });
    const { token, refresh_token } = await h.login('ada@example.com');
    await h.server.gatehouse.db.destroy();
    const failed = await h.post('/api/v1/sessions', { refresh_token }, { authorization: `Bearer ${token}` });
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ code: 'internal_error', message: expect.any(String) });
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const error = logged.find((line) => line.msg === 'request failed');
    expect(error).toMatchObject({ level: 50, reqId: expect.any(String), err: expect.any(Object) });
    const text = lines.join('');
    for (const secret of [token, refresh_token]) expect(text).not.toContain(secret);
  });
});

describe('production mode (NODE_ENV=production)', () => {
  it('refuses to serve where codes would be printed: without SMTP, without Twilio', async () => {
    const twilio = {
      GATEHOUSE_TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
      GATEHOUSE_TWILIO_AUTH_TOKEN: 'a'.repeat(32),
      GATEHOUSE_TWILIO_FROM: '+15005550006',
    };
    const base = { NODE_ENV: 'production', GATEHOUSE_DATABASE_URL: ':memory:', GATEHOUSE_PORT: '0' };
    const cases: Array<[Record<string, string>, string]> = [
      [base, 'set GATEHOUSE_SMTP_URL and GATEHOUSE_TWILIO_ACCOUNT_SID'],
      [{ ...base, ...twilio }, 'set GATEHOUSE_SMTP_URL;'],
      [{ ...base, GATEHOUSE_SMTP_URL: 'smtp://127.0.0.1:2525' }, 'set GATEHOUSE_TWILIO_ACCOUNT_SID'],
    ];
    for (const [env, message] of cases) {
      const run = await runCliCaptured(env, ['serve']);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(message);
      expect(run.stderr).toContain('codes are never printed to the console in production');
      expect(run.stdout).toBe('');
    }
  });
});
