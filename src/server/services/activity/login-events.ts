/**
 * The login_events counts (migration 0027): logins by method, codes sent by channel and refused
 * login requests by error code, per app and UTC hour. The console's Activity section sums them.
 *
 * Counted in memory and written every FLUSH_MS as one upsert, never a write per request: a login
 * spends no round trip or commit on them, and a flood of refused requests (many are refused
 * before any rate limit, e.g. a malformed address) cannot make the database write at its pace;
 * the keys are few (an app's methods and the error catalogue's codes). Each process adds its own
 * counts, so several processes sum up. A process that dies loses its last FLUSH_MS of counts.
 */
import type { LOGIN_EVENT_KINDS } from '../../../protocol/console-activity.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../clock.js';

/** Kept as long as the analytics events they are read beside, then swept. */
const LOGIN_EVENTS_RETENTION_MS = 90 * 24 * 60 * 60_000;
/** A stored detail is cut to its column's width (an error code or a method is far shorter). */
const DETAIL_MAX_LENGTH = 64;
const HOUR_MS = 60 * 60_000;
const FLUSH_MS = 5_000;

export type LoginEventKind = (typeof LOGIN_EVENT_KINDS)[keyof typeof LOGIN_EVENT_KINDS];

interface Pending {
  app_id: string;
  kind: LoginEventKind;
  detail: string;
  created_at: number;
  count: number;
}

export class LoginActivity {
  private pending = new Map<string, Pending>();
  private flushing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly now: Clock,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /** Counts one event of the app in the current UTC hour; written at the next flush. */
  count(appId: string, kind: LoginEventKind, detail: string): void {
    const hour = Math.floor(this.now() / HOUR_MS) * HOUR_MS;
    const cut = detail.slice(0, DETAIL_MAX_LENGTH);
    const key = JSON.stringify([appId, kind, cut, hour]);
    const row = this.pending.get(key);
    if (row) row.count += 1;
    else this.pending.set(key, { app_id: appId, kind, detail: cut, created_at: hour, count: 1 });
    this.timer ??= setTimeout(() => void this.flush().catch(this.onError), FLUSH_MS).unref();
  }

  /** Writes what is counted so far (the Activity report calls it first, so it shows this process's latest). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const rows = [...this.pending.values()];
    this.pending = new Map();
    // One after another: two flushes never update the same rows at once.
    this.flushing = this.flushing
      .catch(() => {})
      .then(() => (rows.length > 0 ? this.write(rows) : undefined));
    return this.flushing;
  }

  private async write(rows: Pending[]): Promise<void> {
    await this.db
      .insertInto('login_events')
      .values(rows)
      .onConflict((conflict) =>
        conflict.columns(['app_id', 'kind', 'detail', 'created_at']).doUpdateSet((eb) => ({
          count: eb('login_events.count', '+', eb.ref('excluded.count')).$castTo<number>(),
        })),
      )
      .execute();
  }
}

/** Drops the hours past the retention period (the housekeeping sweep). */
export async function sweepLoginEvents(db: Db, now: number): Promise<void> {
  await db
    .deleteFrom('login_events')
    .where('created_at', '<', now - LOGIN_EVENTS_RETENTION_MS)
    .execute();
}
