import { defineConfig } from 'vitest/config';

// End-to-end flows in a real headless Chromium against the real server (apps/web/e2e/*.e2e.ts).
export default defineConfig({
  test: {
    include: ['apps/web/e2e/**/*.e2e.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
