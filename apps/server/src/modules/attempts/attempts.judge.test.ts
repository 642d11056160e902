/** Taking with the REAL sandboxed judge: deadline refusals, auto-end judging the last saved code, hidden data. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCodingTest, createSignedInUser } from '../../../test/factories';
import { useRealJudge, useSignedIn, useTestApp } from '../../../test/support';
import { submissions } from '../../db/schema';
import { waitForJudged } from '../submissions/submissions.service';
import { endExpiredAttempts } from './attempts.finish';

const MARK = 'HIDDEN-7Q2';
const SUM_OK = 'a, b = map(int, input().split())\nprint(a + b)\n';
// Echoes input to stdout and stderr: none of a hidden case's data may reach the candidate.
const ECHO = 'import sys\nd = sys.stdin.read()\nprint(d)\nsys.stderr.write(d)\n';

const t = useTestApp();
useRealJudge(t, { concurrency: 1 });
const employer = useSignedIn(t, { role: 'employer' });

async function setup(duration = 10, hidden = { input: '40 2\n', output: '42\n' }) {
  const { test, problems } = await buildCodingTest(t.deps.db, {
    employer,
    name: 'Coding test',
    duration,
    problems: [{ title: 'Sum', marks: 20, examples: [{ input: '1 2\n', output: '3\n' }], testCases: [hidden] }],
  });
  const cand = await createSignedInUser(t.app);
  const started = (await t.as(cand).request('POST', `/api/attempts/${test.id}/start`)).json();
  return {
    test,
    problem: problems[0]!,
    cand,
    deadline: new Date(started.attempt.deadlineAt),
    attemptId: started.attempt.id as string,
  };
}

describe('taking with the real judge', () => {
  it('refuses a run and a submit one second after the deadline', async () => {
    const { test, cand, deadline } = await setup(5);
    const body = { language: 'python', code: SUM_OK, testId: test.id, questionNumber: 0 };
    t.clock.set(new Date(+deadline - 2000));
    expect((await t.as(cand).request('POST', '/api/submissions/run', body)).statusCode).toBe(200);
    t.clock.set(new Date(+deadline + 1000));
    const submit = await t.as(cand).request('POST', '/api/submissions', body);
    expect(submit.statusCode).toBe(403);
    expect(submit.json().code).toBe('DEADLINE_PASSED');
    expect((await t.as(cand).request('POST', '/api/submissions/run', body)).json().code).toBe('DEADLINE_PASSED');
    t.clock.set(new Date());
  });

  it('ends the attempt at the deadline and judges the last saved code with no browser left', async () => {
    const { test, problem, cand, deadline, attemptId } = await setup();
    await t.as(cand).request('PUT', `/api/attempts/${test.id}/drafts`, {
      questionId: problem.id,
      language: 'python',
      code: 'print(0)',
    });
    await t.as(cand).request('PUT', `/api/attempts/${test.id}/drafts`, {
      questionId: problem.id,
      language: 'python',
      code: SUM_OK,
    });
    t.clock.set(new Date(+deadline + 1000));
    await endExpiredAttempts(t.deps);
    const [row] = await t.deps.db.select().from(submissions).where(eq(submissions.attemptId, attemptId));
    expect(row).toMatchObject({ code: SUM_OK, language: 'python', questionNumber: 0 });
    const judged = await waitForJudged(t.deps, row!.id, 20_000);
    expect(judged).toMatchObject({ status: 'judged', passedCount: 2, totalCount: 2, score: 20 });
    const take = await t.as(cand).request('GET', `/api/attempts/take/${test.id}`);
    expect(take.json()).toMatchObject({ window: { state: 'ended' }, attempt: { endReason: 'timeout' } });
    t.clock.set(new Date());
  });

  it('never sends hidden case data to the candidate, in any response', async () => {
    const { test, cand } = await setup(10, { input: `${MARK} 40 2\n`, output: `${MARK} 42\n` });
    const body = { language: 'python', code: ECHO, testId: test.id, questionNumber: 0 };
    const responses = [
      await t.as(cand).request('POST', '/api/submissions/run', body),
      await t.as(cand).request('POST', '/api/submissions', body),
      await t.as(cand).request('GET', `/api/submissions/all?testId=${test.id}`),
      await t.as(cand).request('GET', `/api/attempts/${test.id}/submissions`),
      await t.as(cand).request('GET', `/api/attempts/take/${test.id}`),
      await t.as(cand).request('POST', `/api/attempts/${test.id}/end`),
    ];
    for (const r of responses) {
      expect(r.statusCode).toBe(200);
      expect(r.body).not.toContain(MARK);
    }
    const mine = responses[3]!.json();
    expect(mine[0].results).toHaveLength(2);
    expect(mine[0].results[1]).toMatchObject({ hidden: true, passed: false });
    expect(mine[0].results[0]).toMatchObject({ input: '1 2\n', expectedOutput: '3\n' });
  });
});
