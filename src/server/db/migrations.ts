import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './database.js';
import { walletDevicesMigration } from './device-migration.js';
import { farcasterMigration } from './farcaster-schema.js';
import { keyActivationMigration } from './key-activation-migration.js';
import { mfaLockoutMigration } from './mfa-lockout-migration.js';
import { mfaMigration } from './mfa-migration.js';
import { DEVELOPER_MIGRATIONS } from './migrations-developer.js';
import { createAppTables, createSessionTables, createUserTables } from './migrations-initial.js';
import { OPERATIONS_MIGRATIONS } from './migrations-operations.js';
import { SECURITY_MIGRATIONS } from './migrations-security.js';
import { stepUpMigration } from './step-up-migration.js';

/**
 * One set of dialect-neutral migrations, written with Kysely's schema builder only: text and
 * bigint columns, integer 0/1 for booleans, JSON as text. Never edit a published migration; add
 * the next one.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_initial': {
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
  },
  '0002_app_secrets': {
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
  },
  '0003_oauth_flows': {
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
  },
  '0004_analytics_events': {
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
  },
  '0005_embedded_wallets': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('wallet_transport_keys')
        .addColumn('kid', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('private_jwk', 'text', (c) => c.notNull())
        .addColumn('public_jwk', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('embedded_wallets')
        .addColumn('user_id', 'varchar(32)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('app_id', 'varchar(32)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('address', 'varchar(42)', (c) => c.notNull())
        .addColumn('recovery_method', 'varchar(16)', (c) => c.notNull())
        .addColumn('auth_share', 'text', (c) => c.notNull())
        .addColumn('recovery', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('embedded_wallets_address_unique', ['app_id', 'address'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('embedded_wallets').ifExists().execute();
      await db.schema.dropTable('wallet_transport_keys').ifExists().execute();
    },
  },
  '0006_siwe_nonces': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('siwe_nonces')
        .addColumn('nonce_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('app_id', 'varchar(32)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('address', 'varchar(42)', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('consumed_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('siwe_nonces_expires_idx').on('siwe_nonces').column('expires_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('siwe_nonces').ifExists().execute();
    },
  },
  ...SECURITY_MIGRATIONS,
  '0010_mfa': mfaMigration,
  '0011_fiat_on_ramp_purchases': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('fiat_on_ramp_purchases')
        .addColumn('external_transaction_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('app_id', 'varchar(32)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('provider', 'varchar(32)', (c) => c.notNull())
        .addColumn('address', 'varchar(42)', (c) => c.notNull())
        .addColumn('use_sandbox', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('fiat_on_ramp_purchases_user_idx')
        .on('fiat_on_ramp_purchases')
        .columns(['app_id', 'user_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('fiat_on_ramp_purchases').ifExists().execute();
    },
  },
  '0012_farcaster': farcasterMigration,
  '0013_wallet_devices': walletDevicesMigration,
  ...OPERATIONS_MIGRATIONS,
  ...DEVELOPER_MIGRATIONS,
  '0019_step_up': stepUpMigration,
  '0020_mfa_lockout': mfaLockoutMigration,
  '0021_key_activation': keyActivationMigration,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Applies the pending migrations; returns the names applied now. */
export async function migrate(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(
      `Database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}

/**
 * The migrations this code knows that the database has not applied (readiness): empty when the
 * database is up to date. Throws when the database cannot be reached.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrations = await new Migrator({ db, provider }).getMigrations();
  return migrations.filter((migration) => migration.executedAt === undefined).map((m) => m.name);
}

/** Every migration this code knows, in order, and whether the database has applied it. */
export async function migrationStatus(db: Db): Promise<Array<{ name: string; applied: boolean }>> {
  const migrations = await new Migrator({ db, provider }).getMigrations();
  return migrations.map((migration) => ({
    name: migration.name,
    applied: migration.executedAt !== undefined,
  }));
}
