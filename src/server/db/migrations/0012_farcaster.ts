import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0012 (services/farcaster): the Sign In With Farcaster channels this provider opened at
 * the relay, and the signers apps asked users to approve. Dialect-neutral, never edited once
 * published.
 */
export const farcasterMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('farcaster_channels')
      .addColumn('channel_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('nonce_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('domain', 'varchar(512)', (c) => c.notNull())
      .addColumn('siwe_uri', 'varchar(512)', (c) => c.notNull())
      .addColumn('completion', 'text')
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('farcaster_channels_expires_idx')
      .on('farcaster_channels')
      .column('expires_at')
      .execute();

    await db.schema
      .createTable('farcaster_signers')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('public_key', 'varchar(66)', (c) => c.notNull())
      .addColumn('request_token', 'text', (c) => c.notNull())
      .addColumn('approval_url', 'text', (c) => c.notNull())
      .addColumn('deadline', 'bigint', (c) => c.notNull())
      .addColumn('status', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('farcaster_signers_key_unique', ['app_id', 'user_id', 'public_key'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('farcaster_signers').ifExists().execute();
    await db.schema.dropTable('farcaster_channels').ifExists().execute();
  },
};
