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
 * Migrations of the security review (issue 11), after 0006: dialect-neutral like the others
 * (Kysely's schema builder, queries for data), never edited once published.
 */
export const SECURITY_MIGRATIONS: Record<string, Migration> = {
  '0007_linked_accounts_verified_email': {
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
  },
  '0008_refresh_token_grace_siblings': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('refresh_tokens')
        .addColumn('grace_siblings', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('refresh_tokens').dropColumn('grace_siblings').execute();
    },
  },
  '0009_code_lockouts': {
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
  },
};
