import { defineConfig } from 'vitest/config';

// Unit and API tests of every workspace. End-to-end browser tests have their own config (vitest.e2e.config.ts).
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/web/build/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Migrates one PGlite snapshot (and a PostgreSQL template database) per run; API test files copy it.
    globalSetup: ['apps/server/test/global-setup.ts'],
  },
});
