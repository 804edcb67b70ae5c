/**
 * The console's Activity section (`GET /api/v1/console/apps/:id/activity?range=`): one app's
 * logins by method, new users, the login funnel, refusals by error code and webhook deliveries by
 * outcome, over the last 24 hours (by hour) or 7 or 30 days (by UTC day).
 */
export const CONSOLE_ACTIVITY_PATH = '/api/v1/console/apps/:id/activity';

export const ACTIVITY_RANGES = ['24h', '7d', '30d'] as const;
export type ActivityRange = (typeof ACTIVITY_RANGES)[number];

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** Each range's bucket (ms) and how many buckets it spans, the current one last. */
export const ACTIVITY_BUCKETS: Record<ActivityRange, { size: number; count: number }> = {
  '24h': { size: HOUR_MS, count: 24 },
  '7d': { size: DAY_MS, count: 7 },
  '30d': { size: DAY_MS, count: 30 },
};

/** The kinds of login_events rows: a code sent (its channel), a login (its method), a refusal (its code). */
export const LOGIN_EVENT_KINDS = { codeSent: 'code_sent', login: 'login', error: 'error' } as const;

/** One login method's count in each bucket (the buckets' order). */
export interface ActivitySeries {
  method: string;
  counts: number[];
}

export interface ActivityWire {
  range: ActivityRange;
  bucket: 'hour' | 'day';
  /** Each bucket's start, unix seconds (UTC), oldest first. */
  buckets: number[];
  logins: ActivitySeries[];
  new_users: number[];
  funnel: { modal_opened: number; code_sent: number; logged_in: number; wallet_created: number };
  /** Refused login requests by error code, most first. */
  errors: Array<{ code: string; count: number }>;
  /** Webhook deliveries queued in the range, by where they are now. */
  webhooks: { delivered: number; failed: number; pending: number };
}
