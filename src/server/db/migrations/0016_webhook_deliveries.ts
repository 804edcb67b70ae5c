import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0016: the durable queue of webhook deliveries (services/webhooks). Dialect-neutral,
 * never edited once published.
 */
export const webhookDeliveriesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('event_type', 'varchar(64)', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('locked_until', 'bigint')
      .addColumn('delivered_at', 'bigint')
      .addColumn('failed_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_due_idx')
      .on('webhook_deliveries')
      .columns(['delivered_at', 'failed_at', 'next_attempt_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('webhook_deliveries').ifExists().execute();
  },
};
