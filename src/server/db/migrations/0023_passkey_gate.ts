import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0023 (services/passkeys/passkey-challenges.ts): when the captcha in front of a passkey
 * login or sign-up was passed, kept on its challenge, so the visitor's next try within the
 * challenge lifetime names the previous challenge instead of spending a new captcha. Dialect-neutral.
 */
export const passkeyGateMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('passkey_challenges').addColumn('gate_passed_at', 'bigint').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('passkey_challenges').dropColumn('gate_passed_at').execute();
  },
};
