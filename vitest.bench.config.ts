import { defineConfig } from 'vitest/config';

/** `npm run bench:server`: the provider's hot path against a bare ES256 route (test/bench), not part of `npm test`. */
export default defineConfig({
  test: {
    include: ['test/bench/server.bench.ts'],
    environment: 'node',
    // The table goes straight to the terminal.
    disableConsoleIntercept: true,
    fileParallelism: false,
  },
});
