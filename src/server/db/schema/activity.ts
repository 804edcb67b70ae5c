/** What the console's Activity section counts that no other table records (migration 0027). */
import type { Millis } from './columns.js';

/** A login (detail: its method), a code sent (its channel) or a refused login request (its code). */
export interface LoginEventsTable {
  id: string;
  app_id: string;
  /** LOGIN_EVENT_KINDS (protocol/console-activity.ts). */
  kind: string;
  detail: string;
  created_at: Millis;
}

export interface ActivityTables {
  login_events: LoginEventsTable;
}
