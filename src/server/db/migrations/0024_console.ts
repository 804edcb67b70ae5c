import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0024: the operator console's people and their ways in (services/console/): operators
 * (apart from every app's users), their sessions, the single-use sign-in links of `gatehouse
 * console link`, their emailed codes, and the audit log of every change. Tokens and codes are kept
 * as HMACs only. Dialect-neutral, never edited once published.
 */
export const consoleMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('console_operators')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('removed_at', 'bigint')
      .execute();
    await db.schema
      .createTable('console_sessions')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('operator_id', 'varchar(32)', (c) =>
        c.notNull().references('console_operators.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('console_sessions_operator_idx')
      .on('console_sessions')
      .column('operator_id')
      .execute();
    await createLinksAndCodes(db);
    await createAuditLog(db);
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['console_audit', 'console_codes', 'console_links', 'console_sessions'])
      await db.schema.dropTable(table).ifExists().execute();
    await db.schema.dropTable('console_operators').ifExists().execute();
  },
};

async function createLinksAndCodes(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('console_links')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('operator_id', 'varchar(32)', (c) =>
      c.notNull().references('console_operators.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  // One live code per operator address, with the escalating lockout of login codes on the same row.
  await db.schema
    .createTable('console_codes')
    .addColumn('email', 'varchar(320)', (c) => c.primaryKey())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('wrong_codes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_wrong_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

async function createAuditLog(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('console_audit')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    // An operator's id, or 'cli' for a change made with the gatehouse command.
    .addColumn('actor', 'varchar(32)', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target', 'varchar(400)', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('console_audit_at_idx').on('console_audit').columns(['at', 'id']).execute();
}
