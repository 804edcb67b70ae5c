import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Migration 0021 (services/sessions/signing-keys.ts): when a signing key starts to sign. `keys rotate`
 * publishes a key first and lets it sign only once every backend's cached JWKS has it; the keys
 * that exist already sign from their creation, as before. Dialect-neutral.
 */
export const keyActivationMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('signing_keys')
      .addColumn('signs_from', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`UPDATE signing_keys SET signs_from = created_at`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('signing_keys').dropColumn('signs_from').execute();
  },
};
