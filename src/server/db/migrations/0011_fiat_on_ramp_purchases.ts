import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0011: the card purchases the provider signed a buy-widget URL for (services/funding/on-ramp.ts).
 * Dialect-neutral, never edited once published.
 */
export const fiatOnRampPurchasesMigration: Migration = {
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
};
