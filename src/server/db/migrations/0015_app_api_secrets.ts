import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0015: the apps' server-to-server API secrets, stored hashed
 * (services/apps/app-api-secret.ts). Dialect-neutral, never edited once published.
 */
export const appApiSecretsMigration: Migration = {
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
};
