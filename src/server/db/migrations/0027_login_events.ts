import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0027: what the console's Activity section counts and nothing recorded before. A row
 * per login (its method, written in the login's transaction), per code sent by email or SMS (its
 * channel) and per refused login request (its error code), read by (app_id, created_at); and the
 * same index for new embedded wallets, so a range's scan reads only its rows (new users and
 * webhook deliveries have theirs from 0025 and 0026). Dialect-neutral, never edited once published.
 */
export const loginEventsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('login_events')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('detail', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
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
