/** What the console's Activity section counts that no other table records (migration 0027). */
import type { Count, Millis } from './columns.js';

/** Per app and UTC hour: logins (detail: the method), codes sent (the channel), refusals (the code). */
export interface LoginEventsTable {
  app_id: string;
  /** LOGIN_EVENT_KINDS (protocol/console-activity.ts). */
  kind: string;
  detail: string;
  /** The hour's start. */
  created_at: Millis;
  count: Count;
}

export interface ActivityTables {
  login_events: LoginEventsTable;
}
