import { defineConfig } from 'vitest/config';

// End-to-end flows in a real headless Chromium against the real server (the e2e workspace: e2e/*.e2e.ts).
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
    // Each harness server loads the run's migrated PGlite snapshot instead of migrating again.
    globalSetup: ['apps/server/test/global-setup.ts'],
  },
});
