import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0009: the escalating lockout of one code destination (services/login/code-lockout.ts).
 * Dialect-neutral, never edited once published.
 */
export const codeLockoutsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('code_lockouts')
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('channel', 'varchar(16)', (c) => c.notNull())
      .addColumn('destination', 'varchar(320)', (c) => c.notNull())
      .addColumn('wrong_codes', 'integer', (c) => c.notNull())
      .addColumn('last_wrong_at', 'bigint', (c) => c.notNull())
      .addColumn('locked_until', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('code_lockouts_pk', ['app_id', 'channel', 'destination'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('code_lockouts').ifExists().execute();
  },
};
