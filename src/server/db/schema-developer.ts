/** Tables of the server-to-server API and webhooks (migrations 0015–0016, db/migrations-developer.ts). */
import type { ColumnType } from 'kysely';

/** As in schema.ts (not imported from there: schema.ts includes these tables). */
type Millis = ColumnType<number | string | bigint, number, number>;

/** An app's secret for the server-to-server API: only its SHA-256 is kept (services/app-api-secret.ts). */
export interface AppApiSecretsTable {
  app_id: string;
  /** SHA-256 of the secret, hex. */
  secret_hash: string;
  created_at: Millis;
}

export interface DeveloperTables {
  app_api_secrets: AppApiSecretsTable;
}
