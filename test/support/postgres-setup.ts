import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/database.js';
import { migrate } from '../../src/server/db/migrate.js';
import { PostgresCluster } from './postgres.js';
import { TEMPLATE_DATABASE } from './test-database.js';

/**
 * Global setup of the `integration-pg` project: one throwaway cluster for the whole run, with a
 * template database already migrated, from which every test server gets a database of its own.
 * When the cluster cannot start, every PostgreSQL test fails with the reason (nothing is skipped).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let cluster: PostgresCluster | undefined;
  try {
    cluster = await PostgresCluster.start();
    const url = await cluster.createDatabase(TEMPLATE_DATABASE);
    const db = openDatabase({ kind: 'postgres', url }, 2);
    try {
      await migrate(db);
    } finally {
      await db.destroy();
    }
    project.provide('postgres', { adminUrl: cluster.url() });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const message = `The PostgreSQL half of the integration tests could not start its cluster: ${reason}`;
    process.stderr.write(`\n${message}\n\n`);
    project.provide('postgres', { error: message });
    await cluster?.stop();
    cluster = undefined;
  }
  return async () => {
    await cluster?.stop();
  };
}
