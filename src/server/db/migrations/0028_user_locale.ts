import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0028: the language of a user's mails and SMS (services/messages), taken from their
 * logins: a nullable column, so every existing user keeps their row and has none until their next
 * login. Dialect-neutral, never edited once published.
 */
export const userLocaleMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('locale', 'varchar(35)').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('users').dropColumn('locale').execute();
  },
};
