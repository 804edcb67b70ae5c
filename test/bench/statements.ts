import pg from 'pg';
import type { PostgresCluster } from '../support/postgres.js';
import { BenchProvider } from './providers.js';

/** What one email-code login (code sent, code checked, a new user) asks of PostgreSQL. */
export interface LoginStatements {
  /** Round trips to the server: queries sent (BEGIN and COMMIT included; one may hold two statements). */
  statements: number;
  /** Of them, the transactions' COMMITs. */
  commits: number;
  /** The statements, in order, for reading (`-- ` lines in the bench's output when asked). */
  texts: string[];
}

/**
 * Counts the statements of one login on a database of its own that logs every statement
 * (`log_statement = all`), after two logins that warm the provider's caches and connections up.
 */
export async function statementsPerLogin(
  cluster: PostgresCluster,
  env: Record<string, string>,
): Promise<LoginStatements> {
  const url = await cluster.createDatabase('statements');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`alter database statements set log_statement = 'all'`);
  await admin.end();
  const provider = new BenchProvider({ ...env, GATEHOUSE_DATABASE_URL: url });
  try {
    await provider.start();
    for (const email of ['warm-1@example.com', 'warm-2@example.com']) await provider.login(email);
    const from = cluster.output().length;
    await provider.login('counted@example.com');
    // The log is the server's stderr, read as it comes: give it a moment to arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const texts = cluster
      .output()
      .slice(from)
      .split('\n')
      .filter((line) => /LOG: {2}(statement|execute [^:]+):/.test(line))
      .map((line) => line.replace(/^.*LOG: {2}(statement|execute [^:]+): /, ''))
      // The webhook worker's poll runs on its own clock, not the login's.
      .filter((text) => !text.startsWith('select "id" from "webhook_deliveries"'));
    return { statements: texts.length, commits: texts.filter((text) => /^commit/i.test(text)).length, texts };
  } finally {
    await provider.stop();
  }
}
