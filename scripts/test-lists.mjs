// Which test files run where, shared by vitest.config.ts and scripts/test.mjs.

/**
 * Server test files the PostgreSQL phase of `npm test` leaves out: their subject is the sandbox's or the face
 * models' answer, or they open no database at all, so running them on a second database repeats the same
 * compiles, sandboxed programs and model inference and tests no other code path (or they use the PostgreSQL
 * server in both phases anyway). Everything else under
 * apps/server runs on both databases. A file joins this list only for that reason.
 */
export const ONE_DATABASE_ENOUGH = [
  // the sandbox's verdicts and the function-problem harnesses, compiled and run for real
  'apps/server/src/modules/judging/judging.truth.test.ts',
  'apps/server/src/modules/judging/hidden-every-language.test.ts',
  'apps/server/src/modules/coding-problems/function-problems.test.ts',
  'apps/server/src/modules/submissions/added-languages.test.ts',
  'apps/server/src/modules/starter/starter-judge.test.ts',
  'apps/server/src/modules/coding-problems/starter-sql.test.ts',
  // the face models' answers and the face service's own HTTP surface
  'apps/server/src/modules/face/face.api.test.ts',
  'apps/server/src/modules/face/face-service.test.ts',
  'apps/server/src/modules/face/face-client.child.test.ts',
  'apps/server/src/modules/face/face-client.spread.test.ts',
  // always on the PostgreSQL server, whatever the phase's database (the rule's subject is the shared database)
  'apps/server/src/modules/face/face-call-leases.test.ts',
  'apps/server/src/modules/submissions/stream-slots.test.ts',
  // always on PGlite on disk, whatever the phase's database (the subject is the embedded database's restart)
  'apps/server/src/modules/webhooks/webhooks.restart.test.ts',
  // no database
  'apps/server/src/config.test.ts',
  'apps/server/src/import-cycles.test.ts',
  'apps/server/src/lib/passwords.test.ts',
  'apps/server/src/lib/route-schema.test.ts',
  'apps/server/src/modules/judging/fair-scheduler.test.ts',
  'apps/server/src/modules/judging/projection.test.ts',
  'apps/server/src/modules/review/similarity-common.test.ts',
  'apps/server/src/modules/review/similarity.test.ts',
  'apps/server/src/modules/webhooks/url-guard.test.ts',
];
