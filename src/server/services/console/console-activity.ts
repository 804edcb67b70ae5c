/**
 * The console's Activity section: one app's logins by method, new users, the login funnel,
 * refused login requests by error code and webhook deliveries by outcome, over a range of UTC
 * hours or days. Each table is read by one aggregate over its (app_id, created_at) index.
 */
import { sql } from 'kysely';
import {
  ACTIVITY_BUCKETS,
  type ActivityRange,
  type ActivityWire,
  LOGIN_EVENT_KINDS,
} from '../../../protocol/console-activity.js';
import { ANALYTICS_EVENTS } from '../../../protocol/constants.js';
import { type Db, toNumber } from '../../db/database.js';

interface Span {
  appId: string;
  from: number;
  to: number;
  size: number;
}

type Count = number | string | bigint;

/** `created_at` rounded down to its bucket's start (integer division on both databases). */
const bucketOf = (size: number) => sql<Count>`(created_at / ${sql.lit(size)}) * ${sql.lit(size)}`;

/** login_events' hourly counts in the window, summed by kind, detail and bucket. */
function loginEventCounts(db: Db, w: Span) {
  return db
    .selectFrom('login_events')
    .select(['kind', 'detail', bucketOf(w.size).as('bucket'), sql<Count>`sum(count)`.as('n')])
    .where('app_id', '=', w.appId)
    .where('created_at', '>=', w.from)
    .where('created_at', '<', w.to)
    .groupBy(['kind', 'detail', sql`bucket`])
    .execute();
}

function newUserCounts(db: Db, w: Span) {
  return db
    .selectFrom('users')
    .select([bucketOf(w.size).as('bucket'), sql<Count>`count(*)`.as('n')])
    .where('app_id', '=', w.appId)
    .where('created_at', '>=', w.from)
    .where('created_at', '<', w.to)
    .groupBy(sql`bucket`)
    .execute();
}

async function countOf(
  db: Db,
  table: 'analytics_events' | 'embedded_wallets',
  w: Span,
  eventName?: string,
): Promise<number> {
  let query = db
    .selectFrom(table)
    .select(sql<Count>`count(*)`.as('n'))
    .where('app_id', '=', w.appId)
    .where('created_at', '>=', w.from)
    .where('created_at', '<', w.to);
  if (eventName !== undefined) query = query.where(sql.ref('event_name'), '=', eventName);
  return toNumber((await query.executeTakeFirstOrThrow()).n);
}

async function webhookOutcomes(db: Db, w: Span): Promise<ActivityWire['webhooks']> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select([
      sql<Count>`count(*)`.as('total'),
      sql<Count>`coalesce(sum(case when delivered_at is not null then 1 else 0 end), 0)`.as('delivered'),
      sql<Count>`coalesce(sum(case when delivered_at is null and failed_at is not null then 1 else 0 end), 0)`.as(
        'failed',
      ),
    ])
    .where('app_id', '=', w.appId)
    .where('created_at', '>=', w.from)
    .where('created_at', '<', w.to)
    .executeTakeFirstOrThrow();
  const [total, delivered, failed] = [row.total, row.delivered, row.failed].map(toNumber) as [
    number,
    number,
    number,
  ];
  return { delivered, failed, pending: total - delivered - failed };
}

type Rows = Array<{ bucket: Count; n: Count }>;

/** Counts by bucket start (ms), as an array in the buckets' order. */
function spread(rows: Rows, starts: number[]): number[] {
  const counts = new Map(rows.map((row) => [toNumber(row.bucket), toNumber(row.n)]));
  return starts.map((start) => counts.get(start) ?? 0);
}

/** Logins by method (most first), codes sent, and refusals by code (most first). */
function loginSeries(rows: Awaited<ReturnType<typeof loginEventCounts>>, starts: number[]) {
  const byMethod = new Map<string, Rows>();
  const errors = new Map<string, number>();
  let codesSent = 0;
  for (const row of rows) {
    const n = toNumber(row.n);
    if (row.kind === LOGIN_EVENT_KINDS.login)
      byMethod.set(row.detail, [...(byMethod.get(row.detail) ?? []), row]);
    else if (row.kind === LOGIN_EVENT_KINDS.codeSent) codesSent += n;
    else if (row.kind === LOGIN_EVENT_KINDS.error) errors.set(row.detail, (errors.get(row.detail) ?? 0) + n);
  }
  const total = (counts: number[]) => counts.reduce((sum, n) => sum + n, 0);
  const logins = [...byMethod]
    .map(([method, methodRows]) => ({ method, counts: spread(methodRows, starts) }))
    .sort((a, b) => total(b.counts) - total(a.counts) || a.method.localeCompare(b.method));
  const errorRows = [...errors]
    .map(([code, count]) => ({ code, count }))
    .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
  return { logins, codesSent, errors: errorRows };
}

/** The range's window: whole UTC hours or days, the current one last. */
function activityWindow(appId: string, range: ActivityRange, now: number): Span & { starts: number[] } {
  const { size, count } = ACTIVITY_BUCKETS[range];
  const to = (Math.floor(now / size) + 1) * size;
  const from = to - count * size;
  const starts = Array.from({ length: count }, (_, i) => from + i * size);
  return { appId, from, to, size, starts };
}

/** Every series of the Activity section for one app (which must exist) and range. */
export async function activityReport(
  db: Db,
  appId: string,
  range: ActivityRange,
  now: number,
): Promise<ActivityWire> {
  const w = activityWindow(appId, range, now);
  const [events, users, modalOpened, walletCreated, webhooks] = await Promise.all([
    loginEventCounts(db, w),
    newUserCounts(db, w),
    countOf(db, 'analytics_events', w, ANALYTICS_EVENTS.modalOpen),
    countOf(db, 'embedded_wallets', w),
    webhookOutcomes(db, w),
  ]);
  const { logins, codesSent, errors } = loginSeries(events, w.starts);
  const loggedIn = logins.reduce((sum, series) => sum + series.counts.reduce((a, n) => a + n, 0), 0);
  return {
    range,
    bucket: w.size === ACTIVITY_BUCKETS['24h'].size ? 'hour' : 'day',
    buckets: w.starts.map((start) => start / 1000),
    logins,
    new_users: spread(users, w.starts),
    funnel: {
      modal_opened: modalOpened,
      code_sent: codesSent,
      logged_in: loggedIn,
      wallet_created: walletCreated,
    },
    errors,
    webhooks,
  };
}
