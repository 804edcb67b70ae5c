/**
 * Migration 0001: the apps, their signing keys, users and their accounts, one-time codes, sessions
 * and rate limits. Its statements come in three parts so each reads in one sitting. A published
 * migration: never change what these create.
 */
import type { Kysely, Migration } from 'kysely';

export const initialMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await createAppTables(db);
    await createUserTables(db);
    await createSessionTables(db);
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      'rate_limit_buckets',
      'refresh_tokens',
      'sessions',
      'one_time_codes',
      'linked_accounts',
      'users',
      'signing_keys',
      'app_origins',
      'apps',
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};

async function createAppTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('apps')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('app_origins')
    .addColumn('app_id', 'varchar(32)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('origin', 'varchar(512)', (c) => c.notNull())
    .addPrimaryKeyConstraint('app_origins_pk', ['app_id', 'origin'])
    .execute();
  await db.schema.createIndex('app_origins_origin_idx').on('app_origins').column('origin').execute();

  await db.schema
    .createTable('signing_keys')
    .addColumn('kid', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('private_jwk', 'text', (c) => c.notNull())
    .addColumn('public_jwk', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('app_id', 'varchar(32)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('has_accepted_terms', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('users_app_idx').on('users').column('app_id').execute();
}

async function createUserTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('linked_accounts')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('subject', 'varchar(512)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('first_verified_at', 'bigint', (c) => c.notNull())
    .addColumn('latest_verified_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('linked_accounts_subject_unique', ['app_id', 'type', 'subject'])
    .execute();
  await db.schema.createIndex('linked_accounts_user_idx').on('linked_accounts').column('user_id').execute();

  await db.schema
    .createTable('one_time_codes')
    .addColumn('app_id', 'varchar(32)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('destination', 'varchar(320)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('one_time_codes_pk', ['app_id', 'channel', 'destination'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
}

async function createSessionTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('session_id', 'varchar(64)', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('replaced_by', 'varchar(64)')
    .execute();
  await db.schema
    .createIndex('refresh_tokens_session_idx')
    .on('refresh_tokens')
    .column('session_id')
    .execute();

  await db.schema
    .createTable('rate_limit_buckets')
    .addColumn('key', 'varchar(400)', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_buckets_pk', ['key', 'window_start'])
    .execute();
}
