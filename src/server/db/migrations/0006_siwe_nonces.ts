import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0006: the Sign-In With Ethereum nonces, single use and stored hashed (services/login/siwe.ts).
 * Dialect-neutral, never edited once published.
 */
export const siweNoncesMigration: Migration = {
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
};
