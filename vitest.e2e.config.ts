import { defineConfig } from 'vitest/config';
import { slowFirst } from './vitest.sequencer.ts';

// End-to-end flows in a real headless Chromium against the real server (the e2e workspace: e2e/*.e2e.ts).
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // Each file has its own server (own in-memory database, port and judge); the files of a worker share one face
    // service and one Chromium (harness.ts; each file closes its contexts). Files run side by side: most of an e2e
    // test is waiting on the page, a deadline or a heartbeat.
    fileParallelism: true,
    maxWorkers: 3,
    // Files of a worker share loaded modules (the server, Drizzle, playwright-core); each still starts its own
    // server and browser (harness.ts), and test-databases.ts empties the worker's PGlite instance for each file.
    isolate: false,
    // No retry: a test that fails fails the run (a flaky test is a bug: wait on the condition, not the clock).
    retry: 0,
    pool: 'forks',
    sequence: {
      sequencer: slowFirst([
        'e2e/truthful-screens.e2e.ts',
        'e2e/proctoring.e2e.ts',
        'e2e/candidate-sync.e2e.ts',
        'e2e/candidate-page.e2e.ts',
        'e2e/candidate-deadline.e2e.ts',
        'e2e/taking.e2e.ts',
        'e2e/foundation.e2e.ts',
      ]),
    },
    // Each harness server loads the run's migrated PGlite snapshot instead of migrating again.
    // Each file's CPU for npm test's summary when TEST_CPU_LOG is set (vitest.cpu-per-file.ts).
    setupFiles: ['vitest.cpu-per-file.ts'],
    globalSetup: ['apps/server/test/global-setup.ts'],
  },
});
