import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0025: the console's list of an app's users, newest first a page at a time (keyset on
 * created_at and id), reads this index instead of sorting every user of the app. Searches by an
 * account use linked_accounts' unique (app_id, type, subject). Dialect-neutral, never edited once
 * published.
 */
export const consoleUsersMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('users_app_created_idx')
      .on('users')
      .columns(['app_id', 'created_at', 'id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('users_app_created_idx').ifExists().execute();
  },
};
