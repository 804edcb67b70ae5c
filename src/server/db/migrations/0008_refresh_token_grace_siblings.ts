import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0008: how many tokens were minted from a refresh token after it was spent, within the
 * grace window. Dialect-neutral, never edited once published.
 */
export const refreshTokenGraceSiblingsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('refresh_tokens')
      .addColumn('grace_siblings', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('refresh_tokens').dropColumn('grace_siblings').execute();
  },
};
