import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by postgres-setup.ts in the integration-pg project: the cluster, or why it is missing. */
    postgres: { adminUrl: string } | { error: string } | undefined;
  }
}

/** The migrated database every PostgreSQL test database is copied from. */
export const TEMPLATE_DATABASE = 'gatehouse_template';

export interface TestDatabase {
  /** GATEHOUSE_DATABASE_URL of this database. */
  url: string;
  /** 'sqlite' in the integration project, 'postgres' in integration-pg. */
  kind: 'sqlite' | 'postgres';
  /** The server secret to give every process of this database (PostgreSQL needs one). */
  secret: string | undefined;
  /** GATEHOUSE_DATABASE_URL and GATEHOUSE_SECRET, for the CLI. */
  env: Record<string, string>;
}

/** Whether this test file runs in the PostgreSQL project. */
export function onPostgres(): boolean {
  return inject('postgres') !== undefined;
}

/**
 * A fresh database for one test server: an SQLite file in `dir`, or, in the integration-pg
 * project, a new database of the run's cluster (a copy of the migrated template; `empty`: not
 * migrated yet, as an operator's new database is).
 */
export async function testDatabase(
  dir: string,
  { file = 'gatehouse.db', empty = false } = {},
): Promise<TestDatabase> {
  const postgres = inject('postgres');
  if (postgres === undefined) {
    const url = join(dir, file);
    return { url, kind: 'sqlite', secret: undefined, env: { GATEHOUSE_DATABASE_URL: url } };
  }
  if ('error' in postgres) throw new Error(postgres.error);
  const name = `gh_${randomBytes(8).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgres.adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${empty ? 'template0' : TEMPLATE_DATABASE}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(postgres.adminUrl);
  url.pathname = `/${name}`;
  const secret = `test-secret-${randomBytes(16).toString('hex')}`;
  return {
    url: url.href,
    kind: 'postgres',
    secret,
    env: { GATEHOUSE_DATABASE_URL: url.href, GATEHOUSE_SECRET: secret },
  };
}
