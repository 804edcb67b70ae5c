import type { Kysely, Migration } from 'kysely';

/**
 * Migrations of issue 14 (the developer's side), after 0014: dialect-neutral, never edited once
 * published. 0015: the apps' server-to-server API secrets, stored hashed. 0016: the queue of
 * webhook deliveries.
 */
export const DEVELOPER_MIGRATIONS: Record<string, Migration> = {
  '0015_app_api_secrets': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('app_api_secrets')
        .addColumn('app_id', 'varchar(32)', (c) => c.primaryKey().references('apps.id').onDelete('cascade'))
        .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('app_api_secrets').ifExists().execute();
    },
  },
  '0016_webhook_deliveries': {
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
  },
};
