/** Tables of the server-to-server API and webhooks (migrations 0015–0016, 0026). */
import type { ColumnType } from 'kysely';
import type { Millis, NullableMillis } from './columns.js';

/** An app's secret for the server-to-server API: only its SHA-256 is kept (services/apps/app-api-secret.ts). */
export interface AppApiSecretsTable {
  app_id: string;
  /** SHA-256 of the secret, hex. */
  secret_hash: string;
  created_at: Millis;
}

export interface DeveloperTables {
  app_api_secrets: AppApiSecretsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

/**
 * A webhook event waiting for (or done with) delivery to its app's `webhook.url`: the durable
 * queue of services/webhooks. A worker claims a row by setting `locked_until` (compare-and-set),
 * so two processes never send the same row at once.
 */
export interface WebhookDeliveriesTable {
  /** `msg_…`: the Standard Webhooks `webhook-id`, the same on every retry. */
  id: string;
  app_id: string;
  event_type: string;
  /** The JSON body sent, `{type, timestamp, data}`. */
  payload: string;
  attempts: ColumnType<number | string | bigint, number, number>;
  next_attempt_at: Millis;
  locked_until: NullableMillis;
  delivered_at: NullableMillis;
  /** Set when the last allowed attempt failed; the row is kept for the operator. */
  failed_at: NullableMillis;
  created_at: Millis;
  /** The status code of the last attempt's answer; null before one, or when none came (0026). */
  last_status: ColumnType<number | null, number | null | undefined, number | null>;
}
