/**
 * The queue around the judge: back-pressure, waiting, recovery, claims. A small fake judge stands in at the
 * edge so the tests can hold a judging open or make the judge report a full queue.
 */
import { JudgeQueueFullError, type JudgeRequest, type JudgeResult, LANGUAGES } from '@assessly/judge';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { attachJudging, healthDetails } from '../../../test/build-test-app';
import { buildCodingTest, loadUser, SUM_PROBLEM, startCodingAttempt } from '../../../test/factories';
import { until, useStartedCodingTest, useTestApp } from '../../../test/support';
import { submissions } from '../../db/schema';
import { createSubmission, waitForJudged } from '../submissions/submissions.service';
import { judgeSubmission, STALE_RUNNING_MS } from './judge-submission';
import type { JudgeLike } from './judging.types';

function fakeJudge() {
  const gates: (() => void)[] = [];
  const state = { blocked: false, fullTimes: 0, calls: 0 };
  const judge: JudgeLike = {
    async judge(req: JudgeRequest): Promise<JudgeResult> {
      state.calls++;
      if (state.fullTimes > 0) {
        state.fullTimes--;
        throw new JudgeQueueFullError(1);
      }
      if (state.blocked) await new Promise<void>((r) => gates.push(r));
      const passed = req.code.includes('right');
      const cases = req.cases.map((c, index) => ({
        index,
        passed,
        verdict: passed ? ('Accepted' as const) : ('Wrong Answer' as const),
        timeMs: 1,
        wallMs: 1,
        memoryKb: 1,
        exitCode: 0,
        signal: null,
        output: passed ? (c.expectedOutput ?? '') : 'nope',
        stderr: '',
        message: null,
      }));
      return {
        verdict: cases[0]!.verdict,
        compileOutput: null,
        cases,
        compileMs: null,
        passedCount: passed ? cases.length : 0,
        totalCount: cases.length,
      };
    },
    languages: async () =>
      LANGUAGES.map((id) => ({
        id,
        name: id,
        version: '1',
        available: id !== 'java',
        message: id === 'java' ? 'Java is not installed here' : null,
      })),
    isolation: () => ({
      sandbox: 'none',
      memory: 'rlimit-as',
      pids: 'rlimit',
      uid: 1000,
      warnings: ['no sandbox: test fake'],
    }),
  };
  return {
    judge,
    state,
    block: () => {
      state.blocked = true;
    },
    release: () => {
      state.blocked = false;
      for (const g of gates.splice(0)) g();
    },
  };
}

const t = useTestApp();
const { employer, candidate, test: sumTest } = useStartedCodingTest(t, { name: 'Coding test' });
const payload = (code = 'right answer', over: Record<string, unknown> = {}) => ({
  language: 'python',
  code,
  testId: sumTest.id,
  questionNumber: 0,
  ...over,
});
const submit = (code?: string, over?: Record<string, unknown>) =>
  t.as(candidate).post('/api/submissions', payload(code, over));
const countRows = async () => (await t.deps.db.select().from(submissions)).length;
afterEach(async () => {
  await t.deps.judging?.stop();
  t.deps.judging = undefined;
});

describe('back-pressure', () => {
  it('answers 503 JUDGE_BUSY with Retry-After when the backlog is full, and stores nothing', async () => {
    const fake = fakeJudge();
    fake.block();
    await attachJudging(t, fake.judge, { backlogLimit: 1, concurrency: 1 });
    const before = await countRows();
    const first = submit();
    await until(async () => fake.state.calls === 1, 5000, { everyMs: 20 });
    const res = await submit();
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('JUDGE_BUSY');
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await countRows()).toBe(before + 1);
    fake.release();
    expect((await first).statusCode).toBe(200);
  });

  it('answers 429 when one user already has too many submissions waiting', async () => {
    const fake = fakeJudge();
    fake.block();
    await attachJudging(t, fake.judge, { perUserPending: 1, concurrency: 1 });
    const first = submit();
    await until(async () => fake.state.calls === 1, 5000, { everyMs: 20 });
    const res = await submit();
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('RATE_LIMITED');
    expect(res.headers['retry-after']).toBe('2');
    fake.release();
    expect((await first).statusCode).toBe(200);
  });

  it('answers 503 with Retry-After when the judge refuses a run', async () => {
    const fake = fakeJudge();
    fake.state.fullTimes = 1;
    await attachJudging(t, fake.judge);
    const res = await t.as(candidate).post('/api/submissions/run', payload());
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
  });

  it('requeues a stored submission the judge refused, then judges it', async () => {
    const fake = fakeJudge();
    fake.state.fullTimes = 1;
    await attachJudging(t, fake.judge);
    const res = await submit();
    expect(res.statusCode).toBe(200);
    expect(fake.state.calls).toBe(2);
    expect(res.json()[0].passed).toBe(true);
  });

  it('refuses an unavailable language with 422 and the judge message', async () => {
    await attachJudging(t, fakeJudge().judge);
    const res = await submit('x', { language: 'java' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'LANGUAGE_UNAVAILABLE', message: 'Java is not installed here' });
    const langs = (await t.as(null).get('/api/languages')).json();
    expect(langs.find((l: { id: string }) => l.id === 'java')).toMatchObject({
      available: false,
      message: 'Java is not installed here',
    });
    const health = await healthDetails(t.app);
    expect(health.judge).toMatchObject({ state: 'degraded', isolation: { sandbox: 'none' }, queue: { running: 0 } });
  });
});

describe('waiting', () => {
  it('answers 202 {id, status} when the verdict takes longer than the wait; the id can be polled', async () => {
    const fake = fakeJudge();
    fake.block();
    await attachJudging(t, fake.judge, { submitWaitMs: 100 });
    const res = await submit('wrong');
    expect(res.statusCode).toBe(202);
    expect(['queued', 'running']).toContain(res.json().status);
    const id = res.json().id as string;
    expect(res.headers['x-submission-id']).toBe(id);
    fake.release();
    const row = await waitForJudged(t.deps, id, 5000);
    expect(row).toMatchObject({ status: 'judged', verdict: 'Wrong Answer', score: 0 });
    const poll = await t.as(candidate).get(`/api/submissions/${id}`);
    expect(poll.json().status).toBe('judged');
  });

  it('createSubmission and waitForJudged work without a request (auto-submit at the deadline)', async () => {
    await attachJudging(t, fakeJudge().judge);
    const [attemptUser, test] = [
      await loadUser(t.deps, candidate.id),
      (await buildCodingTest(t.deps.db, { employer, name: 'Coding test', duration: 60, problems: [SUM_PROBLEM] })).test,
    ];
    const attempt = await startCodingAttempt(t.deps, candidate.id, test.id);
    t.clock.advance(2 * 60 * 60_000); // past the deadline: createSubmission itself does not check it
    try {
      const row = await createSubmission(t.deps, {
        user: attemptUser,
        attempt,
        test,
        questionNumber: 0,
        language: 'python',
        code: 'right',
      });
      expect(row.status).toBe('queued');
      const done = await waitForJudged(t.deps, row.id, 5000);
      expect(done).toMatchObject({ status: 'judged', passedCount: 2, score: 20, attemptId: attempt.id });
    } finally {
      t.clock.advance(-2 * 60 * 60_000);
    }
  });
});

describe('recovery and claims', () => {
  /** The candidate's submission row (status to add) on the problem of a new SUM_PROBLEM test, as the queue stores it. */
  async function rowOnNewProblem() {
    const [problemId] = (
      await buildCodingTest(t.deps.db, { employer, name: 'Coding test', duration: 60, problems: [SUM_PROBLEM] })
    ).test.questionIds;
    return {
      testId: sumTest.id,
      userId: candidate.id,
      questionId: problemId!,
      questionNumber: 0,
      language: 'python',
      code: 'right',
      maxScore: 20,
    };
  }

  it('judges rows left queued or running when the service starts', async () => {
    const base = await rowOnNewProblem();
    const [queued] = await t.deps.db
      .insert(submissions)
      .values({ ...base, status: 'queued' })
      .returning();
    const stale = new Date(t.clock.now().getTime() - STALE_RUNNING_MS - 1000);
    const [running] = await t.deps.db
      .insert(submissions)
      .values({ ...base, status: 'running', claimedAt: stale, judgeAttempts: 1 })
      .returning();
    const fake = fakeJudge();
    await attachJudging(t, fake.judge);
    for (const id of [queued!.id, running!.id]) {
      const row = await waitForJudged(t.deps, id, 8000);
      expect(row).toMatchObject({ status: 'judged', verdict: 'Accepted', passedCount: 2, totalCount: 2, score: 20 });
    }
  });

  it('judges a submission once even when it is delivered twice', async () => {
    const fake = fakeJudge();
    const [row] = await t.deps.db
      .insert(submissions)
      .values({ ...(await rowOnNewProblem()), status: 'queued' })
      .returning();
    const deps = { db: t.deps.db, clock: t.clock, judge: fake.judge };
    const outcomes = await Promise.all([judgeSubmission(deps, row!.id), judgeSubmission(deps, row!.id)]);
    expect(outcomes.sort()).toEqual(['judged', 'skipped']);
    expect(fake.state.calls).toBe(1);
    const [after] = await t.deps.db.select().from(submissions).where(eq(submissions.id, row!.id));
    expect(after).toMatchObject({ status: 'judged', judgeAttempts: 1 });
  });
});
