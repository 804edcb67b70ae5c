/**
 * The console's Activity section, on SQLite and PostgreSQL: refused without a session, a bad range
 * refused with a clear message, and with logins, codes, refusals, analytics events, wallets and
 * webhook deliveries made at known times (the provider's clock moved by hand), each series counts
 * them in the right UTC hour or day, and none of another app's.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_API_PATHS as PATHS } from '../../src/protocol/console.js';
import type { ActivityWire } from '../../src/protocol/console-activity.js';
import { onPostgres } from '../support/test-database.js';
import { type Harness, PUBLIC_URL, runCliCaptured, startHarness } from './harness.js';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

let h: Harness;
let cookie: string;
/** The provider's clock when the rows below are made (it only moves while one is made earlier). */
let noon: number;

beforeAll(async () => {
  h = await startHarness({ console: true });
  noon = h.clock.now();
  const env = { ...h.database.env, GATEHOUSE_PUBLIC_URL: PUBLIC_URL, GATEHOUSE_CONSOLE: 'true' };
  const link = new URL((await runCliCaptured(env, ['console', 'link'])).stdout.trim());
  const signedIn = await h.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
  cookie = String(signedIn.headers['set-cookie']).split(';')[0] as string;
  await seed();
});
afterAll(() => h?.close());

const activityPath = (id: string, range?: string) =>
  `${PATHS.apps}/${id}/activity${range === undefined ? '' : `?range=${range}`}`;

function read(range?: string, id = h.appId, headers: Record<string, string> = { cookie }) {
  return h.inject({
    method: 'GET',
    url: activityPath(id, range),
    headers: { origin: PUBLIC_URL, ...headers },
  });
}

async function activity(range: string): Promise<ActivityWire> {
  const response = await read(range);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ActivityWire>();
}

/** The start of the UTC hour of `time`: login_events count per hour. */
const hourOf = (time: number) => Math.floor(time / HOUR) * HOUR;

/** Runs `step` with the provider's clock at `at`, then puts it back at noon. */
async function at(time: number, step: () => Promise<unknown>): Promise<void> {
  h.clock.advance(time - h.clock.now());
  await step();
  h.clock.advance(noon - h.clock.now());
}

const modalOpen = () =>
  h.post('/api/v1/analytics_events', {
    event_name: 'modal_open',
    client_id: 'client-1',
    payload: { clientTimestamp: new Date(h.clock.now()).toISOString() },
  });

async function webhook(id: string, created: number, outcome: 'delivered' | 'failed' | 'pending') {
  await h.server.gatehouse.db
    .insertInto('webhook_deliveries')
    .values({
      id,
      app_id: h.appId,
      event_type: 'user.created',
      payload: '{}',
      attempts: 1,
      next_attempt_at: created,
      locked_until: null,
      delivered_at: outcome === 'delivered' ? created + 1000 : null,
      failed_at: outcome === 'failed' ? created + 1000 : null,
      created_at: created,
    })
    .execute();
}

/**
 * Now: ada logs in twice (one new user, two codes), a wrong code is refused, two modal
 * opens, one wallet. A day earlier (the UTC day before): bob logs in by email; a Google login recorded. 10 days ago:
 * cy logs in. Another app: one login, not counted.
 */
async function seed(): Promise<void> {
  const ada = await h.login('ada@example.com');
  await h.login('ada@example.com');
  const wrong = await h.post('/api/v1/passwordless/authenticate', {
    email: 'ada@example.com',
    code: '000000',
  });
  expect(wrong.json()).toMatchObject({ code: 'invalid_credentials' });
  await modalOpen();
  await modalOpen();
  await h.server.gatehouse.db
    .insertInto('embedded_wallets')
    .values({
      user_id: ada.user.id,
      app_id: h.appId,
      address: `0x${'a'.repeat(40)}`,
      recovery_method: 'automatic',
      auth_share: 'x',
      recovery: 'x',
      created_at: noon,
      updated_at: noon,
    })
    .execute();
  const yesterday = noon - DAY;
  await at(yesterday, () => h.login('bob@example.com'));
  await h.server.gatehouse.db
    .insertInto('login_events')
    .values({
      app_id: h.appId,
      kind: 'login',
      detail: 'google_oauth',
      created_at: hourOf(yesterday),
      count: 1,
    })
    .execute();
  await at(noon - 10 * DAY, () => h.login('cy@example.com'));
  await webhook('wh-1', noon - HOUR, 'delivered');
  await webhook('wh-2', noon - HOUR, 'delivered');
  await webhook('wh-3', noon - 2 * DAY, 'failed');
  await webhook('wh-4', noon, 'pending');
  await webhook('wh-old', noon - 40 * DAY, 'failed');
  const other = await h.server.gatehouse.apps.create('Other', []);
  await h.server.gatehouse.db
    .insertInto('login_events')
    .values({ app_id: other.id, kind: 'login', detail: 'email', created_at: hourOf(noon), count: 1 })
    .execute();
}

const today = () => Math.floor(noon / DAY) * DAY;

describe('the Activity API', () => {
  it('is refused without a session, and for a range it does not know', async () => {
    const anonymous = await read('7d', h.appId, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'console_session_required' });
    const bad = await read('1y');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      code: 'invalid_data',
      message: "Invalid field 'range': must be one of 24h, 7d, 30d.",
    });
    const unknown = await read('7d', 'no-such-app');
    expect(unknown.json()).toMatchObject({ code: 'app_not_found' });
  });

  it('counts 7 days by UTC day: logins by method, new users, funnel, errors, webhooks', async () => {
    const week = await activity('7d');
    expect(week.bucket).toBe('day');
    expect(week.buckets).toEqual(Array.from({ length: 7 }, (_, i) => (today() - (6 - i) * DAY) / 1000));
    const day = (today: number, yesterday: number) => [0, 0, 0, 0, 0, yesterday, today];
    expect(week.logins).toEqual([
      { method: 'email', counts: day(2, 1) },
      { method: 'google_oauth', counts: day(0, 1) },
    ]);
    expect(week.new_users).toEqual(day(1, 1));
    expect(week.funnel).toEqual({ modal_opened: 2, code_sent: 3, logged_in: 4, wallet_created: 1 });
    expect(week.errors).toEqual([{ code: 'invalid_credentials', count: 1 }]);
    expect(week.webhooks).toEqual({ delivered: 2, failed: 1, pending: 1 });
    expect((await read()).json()).toEqual(week);
  });

  it('counts 24 hours by hour, and 30 days back to the older login', async () => {
    const hours = await activity('24h');
    expect(hours.bucket).toBe('hour');
    expect(hours.buckets).toHaveLength(24);
    expect(hours.buckets[23]).toBe((Math.floor(noon / HOUR) * HOUR) / 1000);
    expect(hours.logins).toEqual([{ method: 'email', counts: [...Array(23).fill(0), 2] }]);
    expect(hours.webhooks).toEqual({ delivered: 2, failed: 0, pending: 1 });

    const month = await activity('30d');
    expect(month.buckets).toHaveLength(30);
    expect(month.logins[0]?.counts[29 - 10]).toBe(1);
    expect(month.logins[0]?.counts.reduce((a, b) => a + b)).toBe(4);
    expect(month.new_users.reduce((a, b) => a + b)).toBe(3);
    expect(month.webhooks).toEqual({ delivered: 2, failed: 1, pending: 1 });
  });

  it.skipIf(onPostgres())('reads each table by its (app_id, created_at) index (SQLite plan)', async () => {
    const tables = ['login_events', 'users', 'analytics_events', 'embedded_wallets', 'webhook_deliveries'];
    for (const table of tables) {
      const plan = await sql<{ detail: string }>`explain query plan select count(*) from ${sql.table(table)}
        where app_id = ${h.appId} and created_at >= ${noon - DAY} and created_at < ${noon}`.execute(
        h.server.gatehouse.db,
      );
      const details = plan.rows.map((row) => row.detail).join('; ');
      expect(details, table).toMatch(
        /USING (COVERING )?INDEX \w+ \(app_id=\? AND created_at>\? AND created_at<\?\)/,
      );
    }
  });
});
