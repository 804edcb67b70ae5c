import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0019 (step-up, services/step-up/step-up.ts): the tickets a change of the account or a new
 * device waits on until a factor approves it, and on linked accounts and MFA methods whether they
 * are trusted at once (`stepped_up`: the account the user signed up with, or one added under a
 * step-up; others wait GATEHOUSE_LINK_COOLDOWN). Of the rows from before, only the signup accounts
 * (linked in the very transaction that made the user) are. Dialect-neutral.
 */

/** The columns the backfill below reads and writes, as they were when it was written. */
interface Before0019 {
  users: { id: string; created_at: number };
  linked_accounts: { user_id: string; first_verified_at: number; stepped_up: number };
}
export const stepUpMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('step_up_tickets')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('session_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('action', 'varchar(16)', (c) => c.notNull())
      .addColumn('target', 'text', (c) => c.notNull())
      .addColumn('account', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('approved_at', 'bigint')
      .addColumn('approved_with', 'varchar(16)')
      .addColumn('approval_mac', 'varchar(64)')
      .addColumn('consumed_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('step_up_tickets_session_idx')
      .on('step_up_tickets')
      .columns(['session_id', 'action'])
      .execute();
    await db.schema
      .createIndex('step_up_tickets_expires_idx')
      .on('step_up_tickets')
      .column('expires_at')
      .execute();
    await db.schema
      .alterTable('linked_accounts')
      .addColumn('stepped_up', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    const typed = db as unknown as Kysely<Before0019>;
    await typed
      .updateTable('linked_accounts')
      .set({ stepped_up: 1 })
      .where((eb) =>
        eb(
          'first_verified_at',
          '=',
          eb
            .selectFrom('users')
            .select('users.created_at')
            .whereRef('users.id', '=', 'linked_accounts.user_id'),
        ),
      )
      .execute();
    await db.schema
      .alterTable('mfa_methods')
      .addColumn('stepped_up', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('mfa_methods').dropColumn('stepped_up').execute();
    await db.schema.alterTable('linked_accounts').dropColumn('stepped_up').execute();
    await db.schema.dropTable('step_up_tickets').ifExists().execute();
  },
};
