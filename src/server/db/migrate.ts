import { type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './database.js';
import { MIGRATIONS } from './migrations/index.js';

/** Runs the migrations of ./migrations with Kysely's Migrator, and tells which are applied. */

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Applies the pending migrations; returns the names applied now. */
export async function migrate(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(
      `Database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}

/**
 * The migrations this code knows that the database has not applied (readiness): empty when the
 * database is up to date. Throws when the database cannot be reached.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrations = await new Migrator({ db, provider }).getMigrations();
  return migrations.filter((migration) => migration.executedAt === undefined).map((m) => m.name);
}

/** Every migration this code knows, in order, and whether the database has applied it. */
export async function migrationStatus(db: Db): Promise<Array<{ name: string; applied: boolean }>> {
  const migrations = await new Migrator({ db, provider }).getMigrations();
  return migrations.map((migration) => ({
    name: migration.name,
    applied: migration.executedAt !== undefined,
  }));
}
