/**
 * Problem history with the REAL judge (issue 11): editing a problem that has submissions creates a new
 * version and leaves old submissions as they were; re-judging is explicit and logged and keeps the old
 * results; adding a problem to another test copies it unless it is linked on purpose; the model solution
 * check; the comparison mode.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/factories';
import { call, createTestAs } from '../../../test/fixtures/authoring';
import { useRealJudge, useSignedIn, useTestApp } from '../../../test/support';
import { testEnv } from '../../../test/test-databases';
import { submissions, tests, users } from '../../db/schema';
import { createSubmission, waitForJudged } from '../submissions/submissions.service';

const SUM = 'a, b = map(int, input().split())\nprint(a + b)\n';

const t = useTestApp();
useRealJudge(t, { concurrency: 1 });
const owner = useSignedIn(t, { role: 'employer' });
const rival = useSignedIn(t, { role: 'employer' });

function problem(over: Record<string, unknown> = {}) {
  return {
    title: 'Sum',
    description: 'Print a + b.',
    examples: [{ input: '1 2', output: '3' }],
    testCases: [{ input: '40 2', output: '42' }],
    constraints: ['small'],
    marks: 10,
    solution: SUM,
    solutionLanguage: 'python',
    ...over,
  };
}

async function codingTestWith(over: Record<string, unknown> = {}) {
  const test = await createTestAs(t.app, owner, { testType: 'CODING' });
  const saved = await call(t.app, 'POST', `/api/tests/${test.id}/questions/batch`, owner, {
    problems: [problem(over)],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { testId: test.id, problemId: saved.json().problems[0].id as string };
}

async function submitAs(testId: string, code = SUM) {
  const cand = await createSignedInUser(t.app);
  expect((await call(t.app, 'POST', `/api/attempts/${testId}/start`, cand)).statusCode).toBe(200);
  const res = await call(t.app, 'POST', '/api/submissions', cand, {
    language: 'python',
    code,
    testId,
    questionNumber: 0,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { cand, id: res.headers['x-submission-id'] as string };
}

const edit = (problemId: string, over: Record<string, unknown>) =>
  call(t.app, 'PUT', `/api/coding-tests/${problemId}`, owner, problem(over));

describe('problem versions', () => {
  it('editing a problem without submissions keeps version 1', async () => {
    const { problemId } = await codingTestWith();
    const res = await edit(problemId, { title: 'Sum (clearer)' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().version).toBe(1);
  });

  it('editing a problem with submissions creates a new version; the old submission is unchanged', async () => {
    const { testId, problemId } = await codingTestWith();
    const first = await submitAs(testId);
    const before = (await call(t.app, 'GET', `/api/submissions/${first.id}`, owner)).json();
    expect(before).toMatchObject({ verdict: 'Accepted', score: 10, problemVersion: 1 });

    const res = await edit(problemId, {
      title: 'Sum, harder',
      testCases: [{ input: '40 2', output: '43' }],
      marks: 20,
    });
    expect(res.json().version).toBe(2);

    const after = (await call(t.app, 'GET', `/api/submissions/${first.id}`, owner)).json();
    expect(after).toEqual(before);
    const mine = (await call(t.app, 'GET', `/api/submissions/${first.id}`, first.cand)).json();
    expect(mine).toMatchObject({ verdict: 'Accepted', score: 10, maxScore: 10, problemVersion: 1 });

    // a new submission is judged against version 2
    const second = await submitAs(testId);
    const judged = (await call(t.app, 'GET', `/api/submissions/${second.id}`, owner)).json();
    expect(judged).toMatchObject({ verdict: 'Wrong Answer', problemVersion: 2, maxScore: 20, score: 10 });
    expect(judged.results[1]).toMatchObject({ hidden: true, expectedOutput: '43' });

    const history = (await call(t.app, 'GET', `/api/coding-tests/${problemId}/history`, owner)).json();
    expect(history).toMatchObject({ version: 2, outdatedSubmissions: 1 });
    expect(history.versions.map((v: { version: number; title: string }) => [v.version, v.title])).toEqual([[1, 'Sum']]);
  });

  it('a submission stored before an edit and judged after it is judged against its own version', async () => {
    const { testId, problemId } = await codingTestWith();
    const first = await submitAs(testId); // version 1 now has a submission
    expect((await edit(problemId, { testCases: [{ input: '40 2', output: '43' }] })).json().version).toBe(2);
    // a row the queue had not reached when the edit landed (stored for version 1, still queued)
    const [row] = await t.deps.db
      .insert(submissions)
      .values({
        testId,
        userId: first.cand.id,
        questionId: problemId,
        questionNumber: 0,
        language: 'python',
        code: SUM,
        status: 'queued',
        maxScore: 10,
        problemVersion: 1,
        createdAt: t.clock.now(),
      })
      .returning();
    await t.deps.judging?.enqueue(row!.id, first.cand.id);
    const done = await waitForJudged(t.deps, row!.id, 30_000);
    expect(done).toMatchObject({ verdict: 'Accepted', problemVersion: 1, score: 10 });
  });

  // Issue 23: the race of a submission stored at the instant of an edit. The owner's edit arrives after the
  // submission read the problem and before it is stored. On PostgreSQL the edit must wait for the row lock
  // (the test waits until it does); on PGlite the database runs one transaction at a time.
  it('a submission stored while the problem is edited is judged against the exact version it stored', async () => {
    const { testId, problemId } = await codingTestWith();
    const cand = await createSignedInUser(t.app);
    const [test] = await t.deps.db.select().from(tests).where(eq(tests.id, testId));
    const [user] = await t.deps.db.select().from(users).where(eq(users.id, cand.id));
    let editing: Promise<Awaited<ReturnType<typeof edit>>> | null = null;
    const stored = await createSubmission(
      t.deps,
      { user: user!, attempt: null, test: test!, questionNumber: 0, language: 'python', code: SUM },
      async () => {
        // Started now (an injected request only runs once awaited).
        editing = Promise.resolve(edit(problemId, { testCases: [{ input: '40 2', output: '43' }], marks: 20 }));
        // Until the edit waits for the row lock or (without one) has gone through: the assertions below tell.
        if (testEnv.serverUrl) await untilSomeoneWaitsForALock(editing);
      },
    );
    expect(stored).toMatchObject({ problemVersion: 1, maxScore: 10, totalCount: 2 });
    const edited = await editing!;
    expect(edited.statusCode, edited.body).toBe(200);
    // The edit saw the submission, so the content it replaced is kept as version 1.
    expect(edited.json().version).toBe(2);
    const done = await waitForJudged(t.deps, stored.id, 60_000);
    expect(done).toMatchObject({ verdict: 'Accepted', problemVersion: 1, score: 10, passedCount: 2 });
    // and the next submission gets the new content under the new number
    const next = await submitAs(testId);
    const judged = (await call(t.app, 'GET', `/api/submissions/${next.id}`, owner)).json();
    expect(judged).toMatchObject({ verdict: 'Wrong Answer', problemVersion: 2, maxScore: 20 });
  });

  it('re-judging is explicit, logged, and keeps the old results readable', async () => {
    const { testId, problemId } = await codingTestWith();
    const sub = await submitAs(testId);
    await edit(problemId, { testCases: [{ input: '40 2', output: '43' }] });

    expect((await call(t.app, 'POST', `/api/coding-tests/${problemId}/rejudge`, sub.cand)).statusCode).toBe(403);
    expect((await call(t.app, 'POST', `/api/coding-tests/${problemId}/rejudge`, rival)).statusCode).toBe(404);
    const res = await call(t.app, 'POST', `/api/coding-tests/${problemId}/rejudge`, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ toVersion: 2, submissionCount: 1 });

    const row = await waitForJudged(t.deps, sub.id, 30_000);
    expect(row).toMatchObject({ verdict: 'Wrong Answer', problemVersion: 2, score: 5 });
    const full = (await call(t.app, 'GET', `/api/submissions/${sub.id}`, owner)).json();
    expect(full.judgeHistory).toHaveLength(1);
    expect(full.judgeHistory[0]).toMatchObject({ problemVersion: 1, verdict: 'Accepted', score: 10 });
    const mine = (await call(t.app, 'GET', `/api/submissions/${sub.id}`, sub.cand)).json();
    expect(mine).not.toHaveProperty('judgeHistory');
    const review = (await call(t.app, 'GET', `/api/review/tests/${testId}/submissions`, owner)).json();
    const item = review.items.find((i: { id: string }) => i.id === sub.id);
    expect(item).toMatchObject({ problemVersion: 2, verdict: 'Wrong Answer' });
    expect(item.judgeHistory[0]).toMatchObject({ problemVersion: 1, verdict: 'Accepted', passedCount: 2 });

    const history = (await call(t.app, 'GET', `/api/coding-tests/${problemId}/history`, owner)).json();
    expect(history.outdatedSubmissions).toBe(0);
    expect(history.rejudges).toHaveLength(1);
    expect(history.rejudges[0]).toMatchObject({ toVersion: 2, submissionCount: 1, requestedBy: owner.id });
    // nothing left to re-judge: a second call is logged with zero submissions and changes nothing
    expect((await call(t.app, 'POST', `/api/coding-tests/${problemId}/rejudge`, owner)).json().submissionCount).toBe(0);
  });
});

describe('adding a problem to another test', () => {
  it('copies it by default through PUT /api/tests/{id}/update-questions', async () => {
    const a = await codingTestWith();
    const b = await createTestAs(t.app, owner, { testType: 'CODING' });
    const res = await call(t.app, 'PUT', `/api/tests/${b.id}/update-questions`, owner, { questionIds: [a.problemId] });
    expect(res.statusCode, res.body).toBe(200);
    const copyId = res.json().questionIds[0];
    expect(copyId).not.toBe(a.problemId);
    const copy = (await call(t.app, 'GET', `/api/coding-tests/${copyId}`, owner)).json();
    expect(copy).toMatchObject({
      title: 'Sum',
      testId: b.id,
      version: 1,
      testCases: [{ input: '40 2', output: '42' }],
    });
    // editing the copy leaves the original alone
    await edit(copyId, { title: 'Sum in B' });
    expect((await call(t.app, 'GET', `/api/coding-tests/${a.problemId}`, owner)).json().title).toBe('Sum');
    // re-saving B's list keeps the copy (it is B's own now)
    const again = await call(t.app, 'PUT', `/api/tests/${b.id}/update-questions`, owner, { questionIds: [copyId] });
    expect(again.json().questionIds).toEqual([copyId]);
  });

  it('copies it when another test’s batch save lists it, leaving the original untouched', async () => {
    const a = await codingTestWith();
    const b = await createTestAs(t.app, owner, { testType: 'CODING' });
    const res = await call(t.app, 'POST', `/api/tests/${b.id}/questions/batch`, owner, {
      problems: [{ ...problem({ title: 'Sum edited in B' }), id: a.problemId }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().problems[0].id).not.toBe(a.problemId);
    expect((await call(t.app, 'GET', `/api/coding-tests/${a.problemId}`, owner)).json().title).toBe('Sum');
  });

  it('links it only when asked, and says where else it is used', async () => {
    const a = await codingTestWith();
    const b = await createTestAs(t.app, owner, { testType: 'CODING', testName: 'Linked test' });
    const res = await call(t.app, 'PUT', `/api/tests/${b.id}/update-questions`, owner, {
      questionIds: [a.problemId],
      linkIds: [a.problemId],
    });
    expect(res.json().questionIds).toEqual([a.problemId]);
    const usage = (await call(t.app, 'GET', `/api/coding-tests/${a.problemId}/usage`, owner)).json();
    expect(usage.tests.map((x: { id: string }) => x.id).sort()).toEqual([a.testId, b.id].sort());
    expect((await call(t.app, 'GET', `/api/coding-tests/${a.problemId}/usage`, rival)).statusCode).toBe(404);
  });
});

describe('POST /api/coding-tests/{id}/check', () => {
  it('judges the model solution against every case and remembers the result until an edit', async () => {
    const { problemId } = await codingTestWith({
      testCases: [
        { input: '40 2', output: '42' },
        { input: '5 5', output: '10' },
      ],
    });
    const res = await call(t.app, 'POST', `/api/coding-tests/${problemId}/check`, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ verdict: 'Accepted', passedCount: 3, totalCount: 3 });
    expect(res.json().results[1]).toMatchObject({ hidden: true, input: '40 2', passed: true });
    expect((await call(t.app, 'GET', `/api/coding-tests/${problemId}`, owner)).json().solutionCheck).toMatchObject({
      state: 'passed',
      passedCount: 3,
    });
    await edit(problemId, { testCases: [{ input: '40 2', output: '41' }] });
    expect((await call(t.app, 'GET', `/api/coding-tests/${problemId}`, owner)).json().solutionCheck.state).toBe(
      'unchecked',
    );
    const failed = (await call(t.app, 'POST', `/api/coding-tests/${problemId}/check`, owner)).json();
    expect(failed).toMatchObject({ verdict: 'Wrong Answer', passedCount: 1, totalCount: 2 });
    expect((await call(t.app, 'GET', `/api/coding-tests/${problemId}`, owner)).json().solutionCheck.state).toBe(
      'failed',
    );
  });

  it('refuses a problem without a model solution, candidates and other companies', async () => {
    const { testId, problemId } = await codingTestWith({ solution: '', solutionLanguage: null });
    const none = await call(t.app, 'POST', `/api/coding-tests/${problemId}/check`, owner);
    expect(none.statusCode).toBe(422);
    expect(none.json().code).toBe('NO_MODEL_SOLUTION');
    expect((await call(t.app, 'GET', `/api/coding-tests/${problemId}`, owner)).json().solutionCheck.state).toBe(
      'missing',
    );
    const { cand } = await submitAs(testId);
    expect((await call(t.app, 'POST', `/api/coding-tests/${problemId}/check`, cand)).statusCode).toBe(403);
    expect((await call(t.app, 'POST', `/api/coding-tests/${problemId}/check`, rival)).statusCode).toBe(404);
  });
});

describe('comparison mode', () => {
  it('is stored, used by the judge and shown to candidates', async () => {
    const { testId, problemId } = await codingTestWith({
      examples: [{ input: '1', output: 'YES' }],
      testCases: [{ input: '2', output: 'Yes' }],
      comparisonMode: 'case-insensitive',
      solution: 'print("yes")',
    });
    expect((await call(t.app, 'GET', `/api/coding-tests/${problemId}`, owner)).json().comparisonMode).toBe(
      'case-insensitive',
    );
    const sub = await submitAs(testId, 'input()\nprint("yes")\n');
    const mine = (await call(t.app, 'GET', `/api/submissions/${sub.id}`, sub.cand)).json();
    expect(mine.verdict).toBe('Accepted');
    const take = (await call(t.app, 'GET', `/api/attempts/take/${testId}`, sub.cand)).json();
    expect(JSON.stringify(take)).toContain('"comparisonMode":"case-insensitive"');
    const bad = await edit(problemId, { comparisonMode: 'fuzzy' });
    expect(bad.statusCode).toBe(400);
  });
});

/**
 * Waits (on the condition, not the clock) until a session of this database waits for a lock, or `orDone`
 * settles. Asked on another
 * connection: inside a transaction, pg_stat_activity is a snapshot taken at its first read.
 */
async function untilSomeoneWaitsForALock(orDone: Promise<unknown>) {
  let done = false;
  void orDone.finally(() => {
    done = true;
  });
  while (!done) {
    const rows = await t.deps.database.query(
      `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' LIMIT 1`,
    );
    if (rows.length > 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}
