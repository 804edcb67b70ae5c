import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0020 (services/mfa/mfa-challenges.ts): the user's wrong MFA codes across challenges and
 * the time of the last one, for the escalating lockout (code-lockout.ts). Kept on the challenge
 * row, so every process sharing the database counts them. Dialect-neutral.
 */
export const mfaLockoutMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('mfa_challenges')
      .addColumn('wrong_codes', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('mfa_challenges').addColumn('last_wrong_at', 'bigint').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('mfa_challenges').dropColumn('last_wrong_at').execute();
    await db.schema.alterTable('mfa_challenges').dropColumn('wrong_codes').execute();
  },
};
