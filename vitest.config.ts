import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // graphql 16 ships CJS (index.js) and ESM (index.mjs) without an exports map: Node loads the
    // CJS copy for Pothos and Yoga, so our own imports must get the same one (one realm).
    alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }],
  },
  test: {
    include: ['{ledger,projections,api,web,bench}/**/*.spec.{ts,tsx}'],
    globalSetup: ['vitest.global-setup.ts'],
    exclude: ['**/node_modules/**', 'web/dist/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    /*
     * Vitest's default is one file at a time on 2 cores (CPUs - 1), but most files spend their
     * time waiting: on a spawned API, Postgres or Chromium. One per CPU, and at least two.
     */
    maxWorkers: Math.max(2, os.availableParallelism()),
    // Memory tests measure live heap after collecting garbage.
    execArgv: ['--expose-gc'],
    reporters: ['default', 'json'],
    outputFile: { json: '.data/test-results.json' },
  },
});
