import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0026: the console's webhook delivery log (services/console/console-webhooks.ts): each
 * delivery keeps the status code of its last answer (null before any, or when none came), and an
 * app's deliveries are read newest first by (app_id, created_at, id). Dialect-neutral, never
 * edited once published.
 */
export const webhookLogMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('webhook_deliveries').addColumn('last_status', 'integer').execute();
    await db.schema
      .createIndex('webhook_deliveries_app_idx')
      .on('webhook_deliveries')
      .columns(['app_id', 'created_at', 'id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('webhook_deliveries_app_idx').ifExists().execute();
    await db.schema.alterTable('webhook_deliveries').dropColumn('last_status').execute();
  },
};
