import { defineConfig } from 'vitest/config';
import { preactAliases } from './vite.shared.js';

/**
 * The integration files that run a second time on PostgreSQL (project integration-pg): those whose
 * server keeps state (the harness's). The others test SQLite files, configuration, HTTP framing or
 * pure functions, where the database makes no difference.
 */
const SQLITE_ONLY = [
  'assets',
  'chain',
  'cli',
  'config',
  // `npm start`: the demo runs on SQLite in a data directory of its own.
  'demo-restart',
  'file-modes',
  // SQLite's group commit (db/libsql-group.ts).
  'group-commit',
  'headers',
  'json-depth',
  'oauth-cli',
  // The npm package's types and server rendering: no provider at all.
  'package-types',
  // The data directory's layout: secret.key beside the SQLite file, the recovery key apart from it.
  'recovery-key',
  'siwe-message',
  'storage',
  'timeouts',
  'trust-proxy',
  'wallet-provider',
  // SQLite's WAL checkpoints on a worker thread (db/wal-checkpointer.ts).
  'wal-checkpointer',
  'walletconnect',
].map((name) => `test/integration/${name}.test.ts`);

export default defineConfig({
  resolve: { alias: preactAliases },
  test: {
    projects: [
      {
        resolve: { alias: preactAliases },
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['test/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'integration',
          sequence: { groupOrder: 0 },
          setupFiles: ['test/support/config-home.ts'],
          include: ['test/integration/**/*.test.ts'],
          exclude: ['test/integration/postgres.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration-pg',
          sequence: { groupOrder: 0 },
          setupFiles: ['test/support/config-home.ts'],
          include: ['test/integration/**/*.test.ts'],
          exclude: SQLITE_ONLY,
          // One throwaway cluster for the run (test/support/postgres.ts); a database per test server.
          globalSetup: ['test/support/postgres-setup.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          setupFiles: ['test/support/config-home.ts'],
          // Browser tests run after the others, so Chromium does not compete with timing-sensitive tests.
          sequence: { groupOrder: 1 },
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
