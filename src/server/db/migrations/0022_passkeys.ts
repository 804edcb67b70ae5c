import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0022 (services/passkeys): the users' passkeys (WebAuthn credentials: public key,
 * counter, backup flags, transports), each tied to its `passkey` linked account (unlinking the
 * account deletes the passkey), and the single-use challenges of their ceremonies, stored hashed.
 * Dialect-neutral, never edited once published.
 */
export const passkeysMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('passkeys')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('account_id', 'varchar(32)', (c) =>
        c.notNull().references('linked_accounts.id').onDelete('cascade'),
      )
      .addColumn('credential_id', 'varchar(1400)', (c) => c.notNull())
      .addColumn('user_handle', 'varchar(128)', (c) => c.notNull())
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('counter', 'bigint', (c) => c.notNull())
      .addColumn('transports', 'text', (c) => c.notNull())
      .addColumn('device_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('backed_up', 'integer', (c) => c.notNull())
      .addColumn('aaguid', 'varchar(36)', (c) => c.notNull())
      .addColumn('authenticator_name', 'varchar(128)')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint')
      .addUniqueConstraint('passkeys_credential_unique', ['app_id', 'credential_id'])
      .execute();
    await db.schema.createIndex('passkeys_user_idx').on('passkeys').column('user_id').execute();
    await db.schema.createIndex('passkeys_account_idx').on('passkeys').column('account_id').execute();

    await db.schema
      .createTable('passkey_challenges')
      .addColumn('challenge_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
      .addColumn('user_id', 'varchar(32)', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('user_handle', 'varchar(128)')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('passkey_challenges_expires_idx')
      .on('passkey_challenges')
      .column('expires_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('passkey_challenges').ifExists().execute();
    await db.schema.dropTable('passkeys').ifExists().execute();
  },
};
