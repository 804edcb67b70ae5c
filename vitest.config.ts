import { defineConfig } from 'vitest/config';
import { preactAliases } from './vite.shared.js';

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
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
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
