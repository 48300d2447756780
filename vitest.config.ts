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
    // Memory tests measure live heap after collecting garbage.
    execArgv: ['--expose-gc'],
    reporters: ['default', 'json'],
    outputFile: { json: '.data/test-results.json' },
  },
});
