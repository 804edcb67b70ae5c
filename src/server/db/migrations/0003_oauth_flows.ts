import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0003: the OAuth logins between init and authenticate (services/oauth). Dialect-neutral,
 * never edited once published.
 */
export const oauthFlowsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('oauth_flows')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('provider', 'varchar(16)', (c) => c.notNull())
      .addColumn('idp_state_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('code_challenge', 'varchar(128)', (c) => c.notNull())
      .addColumn('redirect_to', 'text', (c) => c.notNull())
      .addColumn('secrets', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'varchar(64)', (c) => c.unique())
      .addColumn('result', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .execute();
    await db.schema.createIndex('oauth_flows_expires_idx').on('oauth_flows').column('expires_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('oauth_flows').ifExists().execute();
  },
};
