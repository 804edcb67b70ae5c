import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0010 (two-step verification, services/mfa/mfa.ts): the users' MFA methods, their current
 * verification challenge and the proofs verifications yield. Dialect-neutral, like every migration.
 */
export const mfaMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('mfa_methods')
      .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('type', 'varchar(8)', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('last_step', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('verified_at', 'bigint')
      .addPrimaryKeyConstraint('mfa_methods_pk', ['user_id', 'type'])
      .execute();

    await db.schema
      .createTable('mfa_challenges')
      .addColumn('user_id', 'varchar(32)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('method', 'varchar(8)', (c) => c.notNull())
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('closed_at', 'bigint')
      .addColumn('locked_until', 'bigint')
      .addColumn('lock_reason', 'varchar(64)')
      .execute();

    await db.schema
      .createTable('mfa_proofs')
      .addColumn('proof_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('session_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('mfa_proofs_expires_idx').on('mfa_proofs').column('expires_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('mfa_proofs').ifExists().execute();
    await db.schema.dropTable('mfa_challenges').ifExists().execute();
    await db.schema.dropTable('mfa_methods').ifExists().execute();
  },
};
