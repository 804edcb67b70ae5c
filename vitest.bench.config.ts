import { defineConfig } from 'vitest/config';

/**
 * `npm run bench:server` (the provider's hot path against a bare ES256 route) and `npm run bench:modal`
 * (the login modal against an HTML dialog): test/bench, not part of `npm test`.
 */
export default defineConfig({
  test: {
    include: ['test/bench/*.bench.ts'],
    testTimeout: 600_000,
    hookTimeout: 120_000,
    environment: 'node',
    // The table goes straight to the terminal.
    disableConsoleIntercept: true,
    fileParallelism: false,
  },
});
