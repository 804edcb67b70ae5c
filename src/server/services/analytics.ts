import type { AnalyticsEventBody } from '../../protocol/api.js';
import type { Db } from '../db/database.js';
import { LoginActivity, sweepLoginEvents } from './activity/login-events.js';
import type { Clock } from './clock.js';
import { randomId } from './crypto.js';

const EVENT_ID_LENGTH = 25;
/** Events are kept this long, then swept. */
const ANALYTICS_RETENTION_MS = 90 * 24 * 60 * 60_000;

/** Client analytics events (§7 `analytics_events`): stored as sent, bounded in size by the route. */
export class AnalyticsService {
  /** The provider's own counts of logins, codes sent and refusals (the console's Activity). */
  readonly logins: LoginActivity;

  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {
    this.logins = new LoginActivity(db, now);
  }

  async record(appId: string, event: AnalyticsEventBody): Promise<void> {
    await this.db
      .insertInto('analytics_events')
      .values({
        id: randomId(EVENT_ID_LENGTH),
        app_id: appId,
        event_name: event.event_name,
        client_id: event.client_id,
        payload: JSON.stringify(event.payload),
        created_at: this.now(),
      })
      .execute();
  }

  /** The app's events, oldest first (for the operator and tests). */
  async list(appId: string): Promise<Array<AnalyticsEventBody & { created_at: number }>> {
    const rows = await this.db
      .selectFrom('analytics_events')
      .selectAll()
      .where('app_id', '=', appId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      event_name: row.event_name,
      client_id: row.client_id,
      payload: JSON.parse(row.payload) as AnalyticsEventBody['payload'],
      created_at: Number(row.created_at),
    }));
  }

  /** Drops events past the retention period, and the login events read beside them. */
  async sweep(): Promise<void> {
    await this.db
      .deleteFrom('analytics_events')
      .where('created_at', '<', this.now() - ANALYTICS_RETENTION_MS)
      .execute();
    await sweepLoginEvents(this.db, this.now());
  }
}
