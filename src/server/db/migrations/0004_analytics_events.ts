import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0004: the client analytics events, as posted (services/analytics.ts). Dialect-neutral,
 * never edited once published.
 */
export const analyticsEventsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('analytics_events')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('event_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('client_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('analytics_events_app_idx')
      .on('analytics_events')
      .columns(['app_id', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('analytics_events').ifExists().execute();
  },
};
