import type { Kysely, Migration } from 'kysely';

/** The columns the backfill below reads and writes, as they were when it was written. */
interface LinkedAccountsBefore0007 {
  linked_accounts: { id: string; type: string; data: string; verified_email: string | null };
}

/**
 * Social accounts whose email the old code stored only once their provider had verified it (GitHub
 * lets only a verified address be public); Spotify's was stored unverified and stays untrusted.
 */
const VERIFIED_BEFORE_0007 = [
  'google_oauth',
  'linkedin_oauth',
  'apple_oauth',
  'discord_oauth',
  'github_oauth',
];

/**
 * Migration 0007: the email a social account proves, when its provider verified it (the
 * allowlist and account linking trust only that one), backfilled from what the old code stored.
 * Dialect-neutral (Kysely's schema builder, queries for data), never edited once published.
 */
export const linkedAccountsVerifiedEmailMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('linked_accounts').addColumn('verified_email', 'varchar(320)').execute();
    const typed = db as unknown as Kysely<LinkedAccountsBefore0007>;
    const rows = await typed
      .selectFrom('linked_accounts')
      .select(['id', 'data'])
      .where('type', 'in', VERIFIED_BEFORE_0007)
      .execute();
    for (const row of rows) {
      const email = (JSON.parse(row.data) as { email?: unknown }).email;
      if (typeof email !== 'string' || !email.includes('@')) continue;
      await typed
        .updateTable('linked_accounts')
        .set({ verified_email: email.toLowerCase() })
        .where('id', '=', row.id)
        .execute();
    }
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('linked_accounts').dropColumn('verified_email').execute();
  },
};
