import type { Kysely, Migration } from 'kysely';

/** The columns the backfill below writes, as they were when it was written. */
interface SessionsBefore0013 {
  sessions: { created_at: number; auth_time: number | null };
}

/**
 * Migration 0013 (device-bound shares): the wallets' registered device keys, the
 * single-use challenges their proofs sign, and the time of each session's interactive login
 * (`auth_time`, kept through refreshes and forks; sessions from before count from their creation).
 * Dialect-neutral, like every migration.
 */
export const walletDevicesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('wallet_devices')
      .addColumn('id', 'varchar(64)', (c) => c.notNull())
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('address', 'varchar(42)', (c) => c.notNull())
      .addColumn('public_jwk', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint')
      .addColumn('revoked_at', 'bigint')
      .addPrimaryKeyConstraint('wallet_devices_pk', ['app_id', 'user_id', 'id'])
      .execute();
    await db.schema
      .createTable('wallet_challenges')
      .addColumn('challenge_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('session_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('wallet_challenges_expires_idx')
      .on('wallet_challenges')
      .column('expires_at')
      .execute();
    await db.schema.alterTable('sessions').addColumn('auth_time', 'bigint').execute();
    const typed = db as unknown as Kysely<SessionsBefore0013>;
    await typed
      .updateTable('sessions')
      .set((eb) => ({ auth_time: eb.ref('created_at') }))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('sessions').dropColumn('auth_time').execute();
    await db.schema.dropTable('wallet_challenges').ifExists().execute();
    await db.schema.dropTable('wallet_devices').ifExists().execute();
  },
};
