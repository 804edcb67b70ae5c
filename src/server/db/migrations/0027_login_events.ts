import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0027: what the console's Activity section counts and nothing recorded before: per
 * app and UTC hour, logins by method, codes sent by channel (email, SMS) and refused login
 * requests by error code (services/activity/login-events.ts), read by (app_id, created_at); and the
 * same index for new embedded wallets, so a range's scan reads only its rows (new users and
 * webhook deliveries have theirs from 0025 and 0026). Dialect-neutral, never edited once published.
 */
export const loginEventsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('login_events')
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('detail', 'varchar(64)', (c) => c.notNull())
      // The UTC hour's start (ms): a row counts that hour's events of its kind and detail.
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('count', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('login_events_pkey', ['app_id', 'kind', 'detail', 'created_at'])
      .execute();
    await db.schema
      .createIndex('login_events_app_idx')
      .on('login_events')
      .columns(['app_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('embedded_wallets_app_created_idx')
      .on('embedded_wallets')
      .columns(['app_id', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('embedded_wallets_app_created_idx').ifExists().execute();
    await db.schema.dropTable('login_events').ifExists().execute();
  },
};
