import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0005: the embedded wallets' stored shares and the server's transport key the frame
 * seals them to. Dialect-neutral, never edited once published.
 */
export const embeddedWalletsMigration: Migration = {
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
};
