import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0002: server-only settings of an app (captcha secret, …), encrypted under the server
 * secret. Dialect-neutral, never edited once published.
 */
export const appSecretsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('app_secrets')
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('app_secrets_pk', ['app_id', 'name'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('app_secrets').ifExists().execute();
  },
};
