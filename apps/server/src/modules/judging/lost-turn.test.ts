/**
 * A dead worker's lost turn (issue 28, found by `bench:drive --topology … --kill worker-2@7`): in PostgreSQL
 * mode a pg-boss job is a turn that claims the fairest waiting submission, one job per submission. A worker
 * killed mid-judge takes its job with it (active until pg-boss expires it, 15 min), so the deployment has one
 * turn fewer than claims to make: the worker that takes the dead claim over gives a turn back, and the last
 * queued submission does not wait for the minute-long queued sweep. Real pg-boss on the PostgreSQL server
 * (TEST_DATABASE_URL, default local); the judge is a fake (the subject is the queue, not the sandbox).
 */
import { eq, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCodingTest, SUM_PROBLEM, startCodingAttempt, uniqueEmail } from '../../../test/factories';
import { acceptingJudge } from '../../../test/fixtures/judging';
import { until, usePostgresDatabase } from '../../../test/support';
import { submissions, users } from '../../db/schema';
import { systemClock } from '../../lib/clock';
import { createSubmission } from '../submissions/submissions.service';
import { claimFairest } from './fair-claim';
import { createFairScheduler } from './fair-scheduler';
import { createPgBossQueue, JUDGE_QUEUE, type PgBossQueue } from './pg-boss-queue';

/** The file's own database on the PostgreSQL server, whatever the run's mode. */
const server = usePostgresDatabase();

const silent = { error() {}, warn() {}, info() {} };

const queues: PgBossQueue[] = [];
let dead: PgBoss | null = null;

afterAll(async () => {
  await Promise.all(queues.map((q) => q.stop().catch(() => {})));
  await dead?.stop({ graceful: false }).catch(() => {});
});

/** Accepts every case at once and counts what it judged, per submission code. */
function countingJudge() {
  const judged: string[] = [];
  return { judge: acceptingJudge((req) => void judged.push(req.code)), judged };
}

async function candidate(testId: string) {
  const [user] = await server.database.db
    .insert(users)
    .values({ email: uniqueEmail('turn'), passwordHash: 'x', firstName: 'Lost', lastName: 'Turn', role: 'candidate' })
    .returning();
  const attempt = await startCodingAttempt({ db: server.database.db, clock: systemClock }, user!.id, testId);
  return { user: user!, attempt };
}

describe('a worker killed mid-judge in PostgreSQL mode', () => {
  it('costs no turn: the worker that takes its claim over gives one back, so the last queued submission is judged', async () => {
    const { test } = await buildCodingTest(server.database.db, { problems: [SUM_PROBLEM], duration: 60 });
    const fake = countingJudge();
    const deps = { db: server.database.db, clock: systemClock, judge: fake.judge };
    // An API process: enqueues, judges nothing.
    const api = createPgBossQueue({
      url: server.database.url!,
      deps,
      scheduler: createFairScheduler({ concurrency: 1 }),
      workers: false,
      concurrency: 1,
      log: silent,
      onDone: () => {},
    });
    queues.push(api);
    await api.start();
    const a = await candidate(test.id);
    const b = await candidate(test.id);
    const rows = [];
    for (const [who, code] of [
      [a, 'first'],
      [b, 'second'],
    ] as const) {
      const row = await createSubmission(
        { db: server.database.db, clock: systemClock },
        { user: who.user, attempt: who.attempt, test, questionNumber: 0, language: 'python', code },
      );
      await api.enqueue(row.id, row.userId);
      rows.push(row);
      // a's is the older: the next is created on a later millisecond (within one, the scheduler takes the lower id)
      await until(async () => Date.now() > row.createdAt.getTime(), 1000, { everyMs: 1 });
    }

    // The worker that dies: it takes a turn (pg-boss job, now active) and claims the fairest submission (a's),
    // then is killed before a verdict; its heartbeat stops, so the claim goes stale.
    dead = new PgBoss({ connectionString: server.database.url!, schedule: false, supervise: false });
    await dead.start();
    const [turn] = await dead.fetch(JUDGE_QUEUE);
    expect(turn).toBeTruthy();
    const claimed = await claimFairest(deps);
    expect(claimed?.id).toBe(rows[0]!.id);
    await server.database.db
      .update(submissions)
      .set({ claimedAt: sql`now() - interval '11 seconds'` })
      .where(eq(submissions.id, claimed!.id));

    // One live worker and no recovery sweep (that is the judging service's, every 5 s / queued rows every
    // minute): the one remaining job must be enough for both.
    const worker = createPgBossQueue({
      url: server.database.url!,
      deps,
      scheduler: createFairScheduler({ concurrency: 1 }),
      workers: true,
      concurrency: 1,
      log: silent,
      onDone: () => {},
    });
    queues.push(worker);
    await worker.start();
    const statuses = async () =>
      (
        await server.database.query<{ code: string; status: string; attempts: number }>(
          'SELECT code, status, judge_attempts AS attempts FROM submissions ORDER BY created_at, id',
        )
      ).map((r) => `${r.code}: ${r.status} after ${r.attempts} claim(s)`);
    await until(async () => (await statuses()).every((s) => s.includes('judged')), 60_000, {
      state: () => fake.judged.join(', '),
    });
    expect(await statuses()).toEqual(['first: judged after 2 claim(s)', 'second: judged after 1 claim(s)']);
    // each judged once by the live worker (the dead one never reached the judge)
    expect(fake.judged.sort()).toEqual(['first', 'second']);
  });
});
