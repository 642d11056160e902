import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCodingTest, createSignedInUser, HIDDEN_MARKER } from '../../../test/factories';
import { seedAptitudeTest } from '../../../test/fixtures/taking';
import { useSignedIn, useTestApp } from '../../../test/support';
import { attempts, proctoringEvents, submissions } from '../../db/schema';
import { endExpiredAttempts } from './attempts.finish';

const t = useTestApp();
const employer = useSignedIn(t, { role: 'employer' });

describe('GET /api/attempts/take/{testId} and POST start', () => {
  it('shows the start state without questions, then the problems after starting, never hidden data', async () => {
    const { test, problems } = await buildCodingTest(t.deps.db, { employer });
    const cand = await createSignedInUser(t.app);
    const before = await t.as(cand).request('GET', `/api/attempts/take/${test.id}`);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      window: { state: 'available' },
      attempt: null,
      problems: [],
      test: { questionCount: 2 },
    });
    const started = await t.as(cand).request('POST', `/api/attempts/${test.id}/start`);
    expect(started.statusCode).toBe(200);
    const body = started.json();
    expect(body.problems.map((p: { id: string }) => p.id)).toEqual(problems.map((p) => p.id));
    expect(body.problems[0]).toMatchObject({
      title: 'Problem 1',
      marks: 10,
      examples: [{ input: '1 2', output: '3' }],
    });
    expect(new Date(body.attempt.deadlineAt).getTime() - new Date(body.attempt.startedAt).getTime()).toBe(30 * 60_000);
    expect(started.body).not.toContain(HIDDEN_MARKER);
    expect(started.body).not.toContain('testCases');
    expect((await t.as(cand).request('GET', `/api/attempts/take/${test.id}`)).body).not.toContain(HIDDEN_MARKER);
  });

  it('answers 401 without a session and 404 for an unknown test', async () => {
    const cand = await createSignedInUser(t.app);
    expect((await t.as(null).get(`/api/attempts/take/${crypto.randomUUID()}`)).statusCode).toBe(401);
    expect((await t.as(cand).request('GET', `/api/attempts/take/${crypto.randomUUID()}`)).json().code).toBe(
      'TEST_NOT_FOUND',
    );
  });

  it('refuses to start outside the window', async () => {
    const cand = await createSignedInUser(t.app);
    const past = await buildCodingTest(t.deps.db, {
      employer,
      startTime: new Date(Date.now() - 7_200_000),
      endTime: new Date(Date.now() - 3_600_000),
    });
    const take = await t.as(cand).request('GET', `/api/attempts/take/${past.test.id}`);
    expect(take.json().window).toMatchObject({ state: 'out-of-window', endTime: past.test.endTime!.toISOString() });
    const start = await t.as(cand).request('POST', `/api/attempts/${past.test.id}/start`);
    expect(start.statusCode).toBe(403);
    expect(start.json().code).toBe('WINDOW_CLOSED');
    const future = await buildCodingTest(t.deps.db, { employer, startTime: new Date(Date.now() + 3_600_000) });
    expect((await t.as(cand).request('POST', `/api/attempts/${future.test.id}/start`)).json().code).toBe(
      'WINDOW_CLOSED',
    );
  });

  it('caps the deadline at the window end', async () => {
    const cand = await createSignedInUser(t.app);
    const endTime = new Date(Date.now() + 10 * 60_000);
    const { test } = await buildCodingTest(t.deps.db, { employer, endTime, duration: 60 });
    const body = (await t.as(cand).request('POST', `/api/attempts/${test.id}/start`)).json();
    expect(body.attempt.deadlineAt).toBe(endTime.toISOString());
  });
});

describe('drafts, deadline and ending', () => {
  it('saves drafts per problem and language and restores them with the chosen language', async () => {
    const { test, problems } = await buildCodingTest(t.deps.db, { employer });
    const cand = await createSignedInUser(t.app);
    await t.as(cand).request('POST', `/api/attempts/${test.id}/start`);
    const q = problems[0]!.id;
    expect(
      (
        await t.as(cand).request('PUT', `/api/attempts/${test.id}/drafts`, {
          questionId: q,
          language: 'python',
          code: 'print(1)',
        })
      ).statusCode,
    ).toBe(200);
    await t
      .as(cand)
      .request('PUT', `/api/attempts/${test.id}/drafts`, { questionId: q, language: 'python', code: 'print(2)' });
    await t.as(cand).request('PUT', `/api/attempts/${test.id}/drafts`, {
      questionId: q,
      language: 'cpp',
      code: 'int main(){}',
    });
    const take = (await t.as(cand).request('GET', `/api/attempts/take/${test.id}`)).json();
    expect(take.drafts.find((d: { language: string }) => d.language === 'python').code).toBe('print(2)');
    expect(take.drafts).toHaveLength(2);
    expect(take.languages[q]).toBe('cpp');
    const big = await t.as(cand).request('PUT', `/api/attempts/${test.id}/drafts`, {
      questionId: q,
      language: 'python',
      code: 'x'.repeat(70_000),
    });
    expect(big.statusCode).toBe(400);
    const foreign = await t.as(cand).request('PUT', `/api/attempts/${test.id}/drafts`, {
      questionId: crypto.randomUUID(),
      language: 'python',
      code: '1',
    });
    expect(foreign.json().code).toBe('PROBLEM_NOT_FOUND');
  });

  it('refuses drafts one second after the deadline, and before the start', async () => {
    const { test, problems } = await buildCodingTest(t.deps.db, { employer, duration: 5 });
    const cand = await createSignedInUser(t.app);
    const draft = { questionId: problems[0]!.id, language: 'python', code: 'print(3)' };
    expect((await t.as(cand).request('PUT', `/api/attempts/${test.id}/drafts`, draft)).json().code).toBe(
      'ATTEMPT_NOT_STARTED',
    );
    const started = (await t.as(cand).request('POST', `/api/attempts/${test.id}/start`)).json();
    t.clock.set(new Date(new Date(started.attempt.deadlineAt).getTime() - 1000));
    expect((await t.as(cand).request('PUT', `/api/attempts/${test.id}/drafts`, draft)).statusCode).toBe(200);
    t.clock.set(new Date(new Date(started.attempt.deadlineAt).getTime() + 1000));
    const late = await t.as(cand).request('PUT', `/api/attempts/${test.id}/drafts`, draft);
    expect(late.statusCode).toBe(403);
    expect(late.json().code).toBe('DEADLINE_PASSED');
    expect((await t.as(cand).request('GET', `/api/attempts/take/${test.id}`)).json().window.state).toBe('ended');
    t.clock.set(new Date());
  });

  it('auto-ends at the deadline and submits the last saved code of each problem once', async () => {
    const { test, problems } = await buildCodingTest(t.deps.db, { employer, duration: 10 });
    const cand = await createSignedInUser(t.app);
    const started = (await t.as(cand).request('POST', `/api/attempts/${test.id}/start`)).json();
    const [p1, p2] = problems;
    await t.as(cand).request('PUT', `/api/attempts/${test.id}/drafts`, {
      questionId: p1!.id,
      language: 'python',
      code: 'print(sum(map(int,input().split())))',
    });
    await t.as(cand).request('PUT', `/api/attempts/${test.id}/drafts`, {
      questionId: p2!.id,
      language: 'python',
      code: '# write here',
    });
    t.clock.set(new Date(new Date(started.attempt.deadlineAt).getTime() + 1000));
    expect(await endExpiredAttempts(t.deps)).toBeGreaterThanOrEqual(1);
    const [row] = await t.deps.db.select().from(attempts).where(eq(attempts.id, started.attempt.id));
    expect(row).toMatchObject({ endReason: 'timeout', endedAt: new Date(started.attempt.deadlineAt) });
    expect(row!.finalizedAt).not.toBeNull();
    const subs = await t.deps.db.select().from(submissions).where(eq(submissions.attemptId, started.attempt.id));
    // p2's draft is only the starter code, so only p1 is submitted.
    expect(subs.map((s) => [s.questionId, s.questionNumber, s.language, s.code])).toEqual([
      [p1!.id, 0, 'python', 'print(sum(map(int,input().split())))'],
    ]);
    await endExpiredAttempts(t.deps);
    await t.as(cand).request('POST', `/api/attempts/${test.id}/end`);
    expect(
      await t.deps.db.select().from(submissions).where(eq(submissions.attemptId, started.attempt.id)),
    ).toHaveLength(1);
    t.clock.set(new Date());
  });

  it('ends manually (idempotent), refuses re-entry and work after the end', async () => {
    const { test, problems } = await buildCodingTest(t.deps.db, { employer });
    const cand = await createSignedInUser(t.app);
    await t.as(cand).request('POST', `/api/attempts/${test.id}/start`);
    const draft = { questionId: problems[1]!.id, language: 'cpp', code: 'int main(){return 0;}' };
    await t.as(cand).request('PUT', `/api/attempts/${test.id}/drafts`, draft);
    const ended = await t.as(cand).request('POST', `/api/attempts/${test.id}/end`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ window: { state: 'ended' }, attempt: { endReason: 'manual' } });
    const again = await t.as(cand).request('POST', `/api/attempts/${test.id}/end`);
    expect(again.json().attempt.endedAt).toBe(ended.json().attempt.endedAt);
    const restart = await t.as(cand).request('POST', `/api/attempts/${test.id}/start`);
    expect(restart.statusCode).toBe(409);
    expect(restart.json().code).toBe('ATTEMPT_ENDED');
    expect((await t.as(cand).request('PUT', `/api/attempts/${test.id}/drafts`, draft)).json().code).toBe(
      'ATTEMPT_ENDED',
    );
    const subs = await t.deps.db.select().from(submissions).where(eq(submissions.testId, test.id));
    expect(subs.map((s) => [s.questionNumber, s.language])).toEqual([[1, 'cpp']]);
  });

  it("never shows one candidate another's drafts, attempt or submissions", async () => {
    const { test, problems } = await buildCodingTest(t.deps.db, { employer });
    const a = await createSignedInUser(t.app);
    const b = await createSignedInUser(t.app);
    await t.as(a).request('POST', `/api/attempts/${test.id}/start`);
    await t.as(a).request('PUT', `/api/attempts/${test.id}/drafts`, {
      questionId: problems[0]!.id,
      language: 'java',
      code: 'SECRET-CODE-OF-A',
    });
    await t.as(a).request('POST', `/api/attempts/${test.id}/end`);
    const bTake = await t.as(b).request('GET', `/api/attempts/take/${test.id}`);
    expect(bTake.json().attempt).toBeNull();
    expect(bTake.body).not.toContain('SECRET-CODE-OF-A');
    expect((await t.as(b).request('GET', `/api/attempts/${test.id}/submissions`)).json()).toEqual([]);
    const aSubs = (await t.as(a).request('GET', `/api/attempts/${test.id}/submissions`)).json();
    expect(aSubs).toHaveLength(1);
    expect((await t.as(b).request('POST', `/api/attempts/${test.id}/events`, { kind: 'tab_hidden' })).json().code).toBe(
      'ATTEMPT_NOT_STARTED',
    );
  });

  it('shows hidden cases of own submissions as pass/fail and verdict only', async () => {
    const { test, problems } = await buildCodingTest(t.deps.db, { employer });
    const cand = await createSignedInUser(t.app);
    await t.deps.db.insert(submissions).values({
      testId: test.id,
      userId: cand.id,
      questionId: problems[0]!.id,
      questionNumber: 0,
      language: 'python',
      code: 'print(3)',
      status: 'judged',
      results: [
        { passed: true, input: '1 2', expectedOutput: '3', output: '3', verdict: 'Accepted', timeMs: 12 },
        {
          passed: false,
          hidden: true,
          input: HIDDEN_MARKER,
          expectedOutput: HIDDEN_MARKER,
          output: HIDDEN_MARKER,
          verdict: 'Wrong Answer',
        },
      ],
      passedCount: 1,
      totalCount: 2,
    });
    const res = await t.as(cand).request('GET', `/api/attempts/${test.id}/submissions`);
    expect(res.body).not.toContain(HIDDEN_MARKER);
    expect(res.json()[0].results).toEqual([
      {
        index: 0,
        passed: true,
        input: '1 2',
        expectedOutput: '3',
        output: '3',
        actualOutput: '3',
        verdict: 'Accepted',
        timeMs: 12,
      },
      { index: 1, passed: false, hidden: true, verdict: 'Wrong Answer' },
    ]);
  });
});

describe('aptitude answers and scoring', () => {
  it('saves answers and flags, scores at the end against the stored answers, never sends them', async () => {
    const { test, questions } = await seedAptitudeTest(t.deps.db, employer.id);
    const cand = await createSignedInUser(t.app);
    const started = await t.as(cand).request('POST', `/api/attempts/${test.id}/start`);
    expect(started.json().questions.map((q: { options: string[] }) => q.options.length)).toEqual([3, 2, 4]);
    expect(started.body).not.toContain('correctAnswer');
    expect(started.body).not.toContain(HIDDEN_MARKER);
    const [q1, q2, q3] = questions;
    const put = (body: object) => t.as(cand).request('PUT', `/api/attempts/${test.id}/answers`, body);
    expect((await put({ questionId: q1!.id, answer: 1 })).statusCode).toBe(200);
    await put({ questionId: q2!.id, answer: 1, flagged: true }); // wrong
    await put({ questionId: q3!.id, answer: 1 });
    await put({ questionId: q3!.id, answer: null }); // cleared again
    expect((await put({ questionId: q1!.id, answer: 7 })).statusCode).toBe(400);
    const take = (await t.as(cand).request('GET', `/api/attempts/take/${test.id}`)).json();
    expect(take.answers).toEqual({ [q1!.id]: 1, [q2!.id]: 1 });
    expect(take.flagged).toEqual([q2!.id]);
    await put({ questionId: q2!.id, answer: 1, flagged: false });
    const ended = await t.as(cand).request('POST', `/api/attempts/${test.id}/end`);
    expect(ended.json().attempt).toMatchObject({ score: 5, maxScore: 10 });
    expect(ended.json().flagged).toEqual([]);
    expect(ended.body).not.toContain(HIDDEN_MARKER);
    expect((await put({ questionId: q3!.id, answer: 1 })).json().code).toBe('ATTEMPT_ENDED');
  });

  it('scores an aptitude attempt ended by the server at its deadline', async () => {
    const { test, questions } = await seedAptitudeTest(t.deps.db, employer.id, { duration: 1 });
    const cand = await createSignedInUser(t.app);
    const started = (await t.as(cand).request('POST', `/api/attempts/${test.id}/start`)).json();
    await t.as(cand).request('PUT', `/api/attempts/${test.id}/answers`, { questionId: questions[2]!.id, answer: 1 });
    t.clock.advance(61_000);
    const late = await t.as(cand).request('PUT', `/api/attempts/${test.id}/answers`, {
      questionId: questions[0]!.id,
      answer: 1,
    });
    expect(late.json().code).toBe('DEADLINE_PASSED');
    await endExpiredAttempts(t.deps);
    const [row] = await t.deps.db.select().from(attempts).where(eq(attempts.id, started.attempt.id));
    expect(row).toMatchObject({ score: 2, maxScore: 10, endReason: 'timeout' });
    t.clock.set(new Date());
  });
});

describe('POST /api/attempts/{testId}/events', () => {
  it('records single and batched events of the own attempt and caps a flood', async () => {
    const { test } = await buildCodingTest(t.deps.db, { employer });
    const cand = await createSignedInUser(t.app);
    const started = (await t.as(cand).request('POST', `/api/attempts/${test.id}/start`)).json();
    const one = await t.as(cand).request('POST', `/api/attempts/${test.id}/events`, {
      kind: 'paste_attempt',
      detail: 'ctrl+v',
    });
    expect(one.json()).toEqual({ recorded: 1, dropped: 0 });
    const batch = Array.from({ length: 50 }, (_, i) => ({ kind: i % 2 ? 'tab_hidden' : 'tab_visible' }));
    expect(
      (await t.as(cand).request('POST', `/api/attempts/${test.id}/events`, { events: batch })).json().recorded,
    ).toBe(50);
    const rows = await t.deps.db
      .select()
      .from(proctoringEvents)
      .where(eq(proctoringEvents.attemptId, started.attempt.id));
    expect(rows).toHaveLength(51);
    expect(rows.find((r) => r.kind === 'paste_attempt')?.detail).toBe('ctrl+v');
    expect(
      (await t.as(cand).request('POST', `/api/attempts/${test.id}/events`, { kind: 'DROP TABLE' })).statusCode,
    ).toBe(400);
    let last = { recorded: 0, dropped: 0 };
    for (let i = 0; i < 20; i++)
      last = (await t.as(cand).request('POST', `/api/attempts/${test.id}/events`, { events: batch })).json();
    expect(last).toEqual({ recorded: 0, dropped: 50 });
    const count = await t.deps.db
      .select()
      .from(proctoringEvents)
      .where(eq(proctoringEvents.attemptId, started.attempt.id));
    expect(count).toHaveLength(1000);
  });

  it('limits event requests per session, not per address', async () => {
    const { test } = await buildCodingTest(t.deps.db, { employer });
    const a = await createSignedInUser(t.app);
    const b = await createSignedInUser(t.app);
    await t.as(a).request('POST', `/api/attempts/${test.id}/start`);
    await t.as(b).request('POST', `/api/attempts/${test.id}/start`);
    const codes: number[] = [];
    for (let i = 0; i < 61; i++)
      codes.push(
        (await t.as(a).request('POST', `/api/attempts/${test.id}/events`, { kind: 'window_blur' })).statusCode,
      );
    expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true);
    expect(codes[60]).toBe(429);
    expect((await t.as(b).request('POST', `/api/attempts/${test.id}/events`, { kind: 'window_blur' })).statusCode).toBe(
      200,
    );
  });
});

describe('crash recovery', () => {
  it('finalises an attempt that was ended but not finalised (a crash in between)', async () => {
    const { test, problems } = await buildCodingTest(t.deps.db, { employer });
    const cand = await createSignedInUser(t.app);
    const started = (await t.as(cand).request('POST', `/api/attempts/${test.id}/start`)).json();
    await t.as(cand).request('PUT', `/api/attempts/${test.id}/drafts`, {
      questionId: problems[0]!.id,
      language: 'java',
      code: 'class Main {}',
    });
    await t.deps.db
      .update(attempts)
      .set({ endedAt: t.clock.now(), endReason: 'manual' })
      .where(eq(attempts.id, started.attempt.id));
    await endExpiredAttempts(t.deps);
    expect(
      await t.deps.db.select().from(submissions).where(eq(submissions.attemptId, started.attempt.id)),
    ).toHaveLength(0);
    t.clock.advance(61_000);
    await endExpiredAttempts(t.deps);
    const subs = await t.deps.db.select().from(submissions).where(eq(submissions.attemptId, started.attempt.id));
    expect(subs.map((s) => s.code)).toEqual(['class Main {}']);
    const [row] = await t.deps.db.select().from(attempts).where(eq(attempts.id, started.attempt.id));
    expect(row!.finalizedAt).not.toBeNull();
    t.clock.set(new Date());
  });
});
