/** The provider's own bookkeeping: rate limits, analytics events, archived widget builds. */
import type { Count, Millis } from './columns.js';

export interface RateLimitBucketsTable {
  key: string;
  window_start: Millis;
  count: Count;
}

/** Client analytics events (§7), as posted; see services/analytics.ts. */
export interface AnalyticsEventsTable {
  id: string;
  app_id: string;
  event_name: string;
  client_id: string;
  /** JSON object, at most ANALYTICS_PAYLOAD_MAX_BYTES. */
  payload: string;
  created_at: Millis;
}

/** Widget modules of the builds served lately (http/widget-archive.ts), by `<version>/…` path. */
export interface WidgetArchiveTable {
  path: string;
  body: string;
  built_at: Millis;
}

export interface OperationTables {
  rate_limit_buckets: RateLimitBucketsTable;
  analytics_events: AnalyticsEventsTable;
  widget_archive: WidgetArchiveTable;
}
