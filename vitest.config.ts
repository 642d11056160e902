import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
// @ts-expect-error: a plain .mjs module shared with scripts/test.mjs, without type declarations
import { ONE_DATABASE_ENOUGH } from './scripts/test-lists.mjs';
import { slowFirst } from './vitest.sequencer.ts';

const ALONE = [
  'packages/judge/src/priority.test.ts',
  'packages/judge/src/correctness.test.ts',
  'apps/server/src/modules/submissions/drive.test.ts',
];

// Files that start and kill processes that choose their database themselves (a server process on PGlite; worker
// processes on the PostgreSQL server; PGlite from scratch): project `processes`, run once whatever
// TEST_DATABASE_URL says, after the browser tests and ahead of the niced ones (their start-up limits assume
// processes that are not starved of CPU).
const PROCESSES = [
  'apps/server/src/api-crash.test.ts',
  'apps/server/src/modules/judging/pg-recovery.test.ts',
  'apps/server/src/db/migrate.test.ts',
  'apps/server/src/cross-process.test.ts',
  'apps/server/src/face-topology.test.ts',
  // two judge processes in PID namespaces of their own (unshare), each sweeping the shared cgroup tree
  'packages/judge/src/shared-host.test.ts',
];

// Unit and API tests of every workspace. End-to-end browser tests have their own config (vitest.e2e.config.ts).
export default defineConfig({
  test: {
    // Hang guards, not speed checks: in npm test these files run at a lower CPU priority beside the browser tests,
    // and on a slow machine a CPU-heavy test (face models, compilers, PGlite from scratch) takes minutes there.
    // A test sets its own timeout only when it must be longer.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    pool: 'forks',
    sequence: {
      // the longest files of the last runs' summaries: started first, they do not end the phase alone
      sequencer: slowFirst([
        'apps/server/src/modules/submissions/added-languages.test.ts',
        'packages/face/src/face-gate.test.ts',
        'packages/face/src/face-engine.test.ts',
        // issue 41: the accuracy floor enrols all 198 faces-dev photos (~22 CPU s)
        'packages/face/src/face-pairs.test.ts',
        'packages/judge/src/languages.test.ts',
        'apps/server/src/modules/judging/judging.truth.test.ts',
        'packages/judge/src/security.test.ts',
        'packages/judge/src/truth.test.ts',
        'apps/server/src/modules/face/face.api.test.ts',
      ]),
    },
    // One worker per core (vitest's default leaves one core idle): API tests wait on PGlite, the sandbox and
    // child processes, so two files at once fill two cores.
    maxWorkers: Math.max(2, availableParallelism()),
    // Migrates one PGlite snapshot (and a PostgreSQL template database) per run; API test files copy it.
    // Each file's CPU for npm test's summary when TEST_CPU_LOG is set (vitest.cpu-per-file.ts).
    setupFiles: ['vitest.cpu-per-file.ts'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          // npm test's PostgreSQL phase (TEST_ONE_DATABASE_DONE=1) leaves out the files whose subject is the
          // sandbox or the face models, or that open no database (scripts/test-lists.mjs): PGlite ran them.
          exclude: [
            ...ALONE,
            ...PROCESSES,
            ...(process.env.TEST_ONE_DATABASE_DONE ? (ONE_DATABASE_ENOUGH as string[]) : []),
            '**/node_modules/**',
          ],
          // Files in a worker share loaded modules (Fastify, Drizzle, the face models) and the worker's
          // PGlite instances (test/test-databases.ts empties one for each file). No test here stubs globals
          // or mocks modules; such a test belongs in a project that isolates.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // Tests whose subject is CPU time and waiting (judge priority, limits under contention, one flooding
          // candidate): run last, one file at a time, so another test file is not the contention they see.
          name: 'alone',
          include: ALONE,
          isolate: false,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          // Tests that start, kill and restart server and worker processes of their own and wait for them.
          name: 'processes',
          include: PROCESSES,
          isolate: false,
          // Two files at once: each mostly waits on the processes it started.
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
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
