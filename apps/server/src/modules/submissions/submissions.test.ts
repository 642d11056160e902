/** Run and submit through the API with the REAL sandboxed judge (Python), plus access rules. */
import { LANGUAGE_IDS } from '@assessly/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { healthDetails } from '../../../test/build-test-app';
import { buildCodingTest, createSignedInUser, SUM_PROBLEM, startCodingAttempt } from '../../../test/factories';
import { useRealJudge, useStartedCodingTest, useTestApp } from '../../../test/support';
import { submissions } from '../../db/schema';

const SUM_OK = 'a, b = map(int, input().split())\nprint(a + b)\n';
// Right on the example (1 2 -> 3), wrong on the hidden case (40 2 -> 42).
const SUM_HALF = 'a, b = map(int, input().split())\nprint(3 if a == 1 else 0)\n';
// Echoes its input to both streams: none of it may reach a candidate for a hidden case.
const ECHO = 'import sys\nd = sys.stdin.read()\nprint(d)\nsys.stderr.write(d)\nsys.exit(int(d.split()[0]) % 256)\n';

const t = useTestApp();
const real = useRealJudge(t, { concurrency: 2 });
const { employer, candidate, test: sumTest } = useStartedCodingTest(t, { name: 'Coding test' });

const body = (code: string, over: Record<string, unknown> = {}) => ({
  language: 'python',
  code,
  testId: sumTest.id,
  questionNumber: 0,
  ...over,
});

describe('GET /api/languages and health', () => {
  it('lists the twelve languages with availability, and health shows isolation and the queue', async () => {
    const res = await t.as(null).get('/api/languages');
    expect(res.statusCode).toBe(200);
    const langs = res.json() as { id: string; available: boolean }[];
    expect(langs.map((l) => l.id).sort()).toEqual([...LANGUAGE_IDS].sort());
    expect(langs.find((l) => l.id === 'python')?.available).toBe(true);
    const health = await healthDetails(t.app);
    expect(health.judge.isolation.sandbox).toBe(real.judge.isolation().sandbox);
    expect(health.judge.queue).toMatchObject({ running: expect.any(Number), waiting: expect.any(Number) });
    expect(['ok', 'degraded']).toContain(health.judge.state);
    expect(health.judge.mode).toBe(t.deps.database.mode === 'postgres' ? 'pg-boss' : 'embedded');
  });
});

describe('POST /api/submissions/run', () => {
  it('runs the visible examples and answers the results array with passed', async () => {
    const res = await t.as(candidate).post('/api/submissions/run', body(SUM_OK));
    expect(res.statusCode).toBe(200);
    const items = res.json();
    expect(Array.isArray(items)).toBe(true);
    expect(items).toHaveLength(1); // the hidden case is not run
    expect(items[0]).toMatchObject({
      passed: true,
      verdict: 'Accepted',
      input: '1 2\n',
      expectedOutput: '3\n',
      output: '3\n',
      actualOutput: '3\n',
    });
    expect(await t.deps.db.select().from(submissions)).toHaveLength(0); // nothing stored
  });

  it('runs only the custom input when stdin is given (nothing compared)', async () => {
    const res = await t.as(candidate).post('/api/submissions/run', body(SUM_OK, { stdin: '5 6\n' }));
    expect(res.json()).toEqual([
      expect.objectContaining({ passed: true, input: '5 6\n', expectedOutput: null, output: '11\n' }),
    ]);
  });

  it('puts a compile error into every item', async () => {
    const items = (await t.as(candidate).post('/api/submissions/run', body('print(1'))).json();
    expect(items[0]).toMatchObject({ passed: false, verdict: 'Compilation Error' });
    expect(items[0].output).toMatch(/SyntaxError/);
  });

  it('lets the managing employer run without an attempt; another employer is refused (no attempt)', async () => {
    expect((await t.as(employer).post('/api/submissions/run', body(SUM_OK))).json()[0].passed).toBe(true);
    const other = await createSignedInUser(t.app, { role: 'employer' });
    const res = await t.as(other).post('/api/submissions/run', body(SUM_OK));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ATTEMPT_NOT_STARTED');
  });

  it('validates the payload and the question number', async () => {
    const bad = await t.as(candidate).post('/api/submissions/run', body(SUM_OK, { language: 'cobol' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.language).toBe('Choose a supported language');
    const missing = await t.as(candidate).post('/api/submissions/run', body(SUM_OK, { questionNumber: 7 }));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('PROBLEM_NOT_FOUND');
    const anon = await t.as(null).post('/api/submissions/run', body(SUM_OK));
    expect(anon.statusCode).toBe(401);
  });
});

describe('POST /api/submissions', () => {
  it('stores, judges every case and answers the results array; hidden cases carry no data', async () => {
    const res = await t.as(candidate).post('/api/submissions', body(SUM_OK));
    expect(res.statusCode).toBe(200);
    const items = res.json();
    expect(items.map((i: { passed: boolean }) => i.passed)).toEqual([true, true]);
    expect(items[0]).toMatchObject({ hidden: false, input: '1 2\n', expectedOutput: '3\n', output: '3\n' });
    expect(Object.keys(items[1]).sort()).toEqual(['hidden', 'index', 'passed', 'verdict']);
    const id = res.headers['x-submission-id'] as string;
    const [row] = await t.deps.db.select().from(submissions).where(eq(submissions.id, id));
    expect(row).toMatchObject({
      status: 'judged',
      verdict: 'Accepted',
      passedCount: 2,
      totalCount: 2,
      score: 20,
      maxScore: 20,
      userId: candidate.id,
    });
    expect(row!.attemptId).toBeTruthy();
  });

  it('scores marks x passed/total: 1 of 2 cases is half marks, verdict Wrong Answer', async () => {
    const res = await t.as(candidate).post('/api/submissions', body(SUM_HALF));
    expect(res.json().map((i: { passed: boolean }) => i.passed)).toEqual([true, false]);
    const sub = (await t.as(candidate).get(`/api/submissions/${res.headers['x-submission-id']}`)).json();
    expect(sub).toMatchObject({
      status: 'judged',
      verdict: 'Wrong Answer',
      passedCount: 1,
      totalCount: 2,
      score: 10,
      maxScore: 20,
    });
  });

  it('stores a compile error with the compiler message and no score', async () => {
    const res = await t.as(candidate).post('/api/submissions', body('def f(:\n'));
    expect(res.statusCode).toBe(200);
    expect(
      res.json().every((i: { verdict: string; passed: boolean }) => i.verdict === 'Compilation Error' && !i.passed),
    ).toBe(true);
    const sub = (await t.as(candidate).get(`/api/submissions/${res.headers['x-submission-id']}`)).json();
    expect(sub).toMatchObject({ verdict: 'Compilation Error', score: 0, passedCount: 0 });
    expect(sub.compileOutput).toMatch(/SyntaxError/);
  });

  it('ignores a userId in the body: the session decides', async () => {
    const other = await createSignedInUser(t.app);
    const res = await t.as(candidate).post('/api/submissions', body(SUM_OK, { userId: other.id }));
    const [row] = await t.deps.db
      .select()
      .from(submissions)
      .where(eq(submissions.id, res.headers['x-submission-id'] as string));
    expect(row!.userId).toBe(candidate.id);
  });

  it('never sends hidden input, expected output, output, stderr or exit code to the candidate', async () => {
    const secret = { input: '73917 81643\n', output: '155560\n' };
    const { test } = await buildCodingTest(t.deps.db, {
      employer,
      name: 'Coding test',
      duration: 60,
      problems: [{ examples: [{ input: '1 2\n', output: '3\n' }], testCases: [secret] }],
    });
    await startCodingAttempt(t.deps, candidate.id, test.id);
    const res = await t.as(candidate).post('/api/submissions', body(ECHO, { testId: test.id }));
    const id = res.headers['x-submission-id'] as string;
    const texts = [
      res.body,
      (await t.as(candidate).get(`/api/submissions/${id}`)).body,
      (await t.as(candidate).get(`/api/submissions/all?testId=${test.id}`)).body,
    ];
    for (const text of texts) {
      expect(text).not.toMatch(/73917|81643|155560/);
      expect(text).not.toContain('"exitCode":189'); // 73917 % 256: the exit code would leak the input
    }
    // The visible example's echo is there, so the checks above are not vacuous.
    expect(res.json()[0]).toMatchObject({ output: '1 2\n\n', stderr: '1 2\n', exitCode: 1 });
  });

  it('refuses without an attempt, and after the deadline', async () => {
    const late = await createSignedInUser(t.app);
    const none = await t.as(late).post('/api/submissions', body(SUM_OK));
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('ATTEMPT_NOT_STARTED');

    const { test } = await buildCodingTest(t.deps.db, {
      employer,
      name: 'Coding test',
      duration: 5,
      problems: [SUM_PROBLEM],
    });
    await startCodingAttempt(t.deps, late.id, test.id);
    t.clock.advance(6 * 60_000);
    try {
      const res = await t.as(late).post('/api/submissions', body(SUM_OK, { testId: test.id }));
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('DEADLINE_PASSED');
      const run = await t.as(late).post('/api/submissions/run', body(SUM_OK, { testId: test.id }));
      expect(run.json().code).toBe('DEADLINE_PASSED');
    } finally {
      t.clock.advance(-6 * 60_000);
    }
  });
});

describe('GET /api/submissions/all and /api/submissions/{id}', () => {
  it('scopes the list: own submissions for a candidate, managed tests for an employer', async () => {
    const mine = (await t.as(candidate).get(`/api/submissions/all?testId=${sumTest.id}`)).json();
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((s: { userId: string }) => s.userId === candidate.id)).toBe(true);

    const other = await createSignedInUser(t.app);
    expect((await t.as(other).get('/api/submissions/all')).json()).toEqual([]);
    expect((await t.as(other).get(`/api/submissions/${mine[0].id}`)).statusCode).toBe(404);

    const stranger = await createSignedInUser(t.app, { role: 'employer' });
    expect((await t.as(stranger).get('/api/submissions/all')).json()).toEqual([]);
    expect((await t.as(stranger).get(`/api/submissions/${mine[0].id}`)).statusCode).toBe(404);

    const managed = (await t.as(employer).get(`/api/submissions/all?testId=${sumTest.id}`)).json();
    expect(managed.map((s: { id: string }) => s.id)).toEqual(
      expect.arrayContaining(mine.map((s: { id: string }) => s.id)),
    );
    const one = await t.as(employer).get(`/api/submissions/${mine[0].id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().code).toBe(mine[0].code);
  });
});
