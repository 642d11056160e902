import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and API tests of every workspace. End-to-end browser tests have their own config (vitest.e2e.config.ts).
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One worker per core (vitest's default leaves one core idle): API tests wait on PGlite, the sandbox and
    // child processes, so two files at once fill two cores.
    maxWorkers: Math.max(2, availableParallelism()),
    // Migrates one PGlite snapshot (and a PostgreSQL template database) per run; API test files copy it.
    globalSetup: ['apps/server/test/global-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          // Files in a worker share loaded modules (Fastify, Drizzle, the face models) and the worker's
          // PGlite instances (test/test-databases.ts empties one for each file). No test here stubs globals
          // or mocks modules; such a test belongs in a project that isolates.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/*.test.ts'],
        },
      },
    ],
  },
});
