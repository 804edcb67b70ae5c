/**
 * The login_events rows (migration 0027): a login with its method, a code sent by email or SMS,
 * a refused login request with its error code. The console's Activity section counts them.
 */
import type { LOGIN_EVENT_KINDS } from '../../../protocol/console-activity.js';
import type { Db } from '../../db/database.js';
import { randomId } from '../crypto.js';

const EVENT_ID_LENGTH = 24;
/** Kept as long as the analytics events they are read beside, then swept. */
const LOGIN_EVENTS_RETENTION_MS = 90 * 24 * 60 * 60_000;
/** A stored detail is cut to its column's width (an error code or a method is far shorter). */
const DETAIL_MAX_LENGTH = 64;

export type LoginEventKind = (typeof LOGIN_EVENT_KINDS)[keyof typeof LOGIN_EVENT_KINDS];

/** One row, written in `db` (a login's transaction, or the database). */
export async function recordLoginEvent(
  db: Db,
  appId: string,
  kind: LoginEventKind,
  detail: string,
  at: number,
): Promise<void> {
  await db
    .insertInto('login_events')
    .values({
      id: randomId(EVENT_ID_LENGTH),
      app_id: appId,
      kind,
      detail: detail.slice(0, DETAIL_MAX_LENGTH),
      created_at: at,
    })
    .execute();
}

/** Drops the rows past the retention period (the housekeeping sweep). */
export async function sweepLoginEvents(db: Db, now: number): Promise<void> {
  await db
    .deleteFrom('login_events')
    .where('created_at', '<', now - LOGIN_EVENTS_RETENTION_MS)
    .execute();
}
