/**
 * Run and Submit moments on the replay's timeline (issue 29): each Run of a candidate's code and each submission,
 * with its verdict, at its time into the attempt; judged by the real sandboxed judge.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useRealJudge, useStartedCodingTest, useTestApp } from '../../../test/support';
import { codeRuns } from '../../db/schema';

const t = useTestApp();
useRealJudge(t, { concurrency: 1 });
const { employer, candidate, test } = useStartedCodingTest(t, { name: 'Moments' });

const RIGHT = 'a, b = map(int, input().split())\nprint(a + b)\n';
const WRONG = 'print(0)\n';
const body = (code: string) => ({ language: 'python', code, testId: test.id, questionNumber: 0 });

describe('GET /api/review/attempts/:attemptId/playback moments', () => {
  it('puts each Run and Submit with its verdict on the timeline, in time order', async () => {
    const take = (await t.as(candidate).get(`/api/attempts/take/${test.id}`)).json();
    const attemptId: string = take.attempt.id;
    // Frozen, so the moments' spacing is exactly what the test moves the clock by.
    t.clock.freeze();
    const sinceStart = t.clock.now().getTime() - Date.parse(take.attempt.startedAt);
    const questionId: string = take.problems?.[0]?.id ?? take.questions?.[0]?.id;
    t.clock.advance(60_000);
    expect((await t.as(candidate).post('/api/submissions/run', body(WRONG))).statusCode).toBe(200);
    t.clock.advance(30_000);
    expect((await t.as(candidate).post('/api/submissions/run', body(RIGHT))).statusCode).toBe(200);
    t.clock.advance(30_000);
    const submitted = await t.as(candidate).post('/api/submissions', body(RIGHT));
    expect(submitted.statusCode, submitted.body).toBe(200);
    // The employer trying the problem is not a moment of the candidate's attempt.
    expect((await t.as(employer).post('/api/submissions/run', body(WRONG))).statusCode).toBe(200);

    const res = await t.as(employer).get(`/api/review/attempts/${attemptId}/playback`);
    expect(res.statusCode, res.body).toBe(200);
    const moments = res.json().moments as { at: number; kind: string; verdict: string; questionId: string }[];
    t.clock.unfreeze();
    expect(moments.map((m) => ({ ...m, at: m.at - sinceStart }))).toEqual([
      expect.objectContaining({ at: 60_000, kind: 'run', verdict: 'Wrong Answer', language: 'python', passed: 0 }),
      expect.objectContaining({ at: 90_000, kind: 'run', verdict: 'Accepted', language: 'python' }),
      expect.objectContaining({ at: 120_000, kind: 'submit', verdict: 'Accepted', language: 'python' }),
    ]);
    const run = moments[1] as unknown as { passed: number; total: number };
    expect(run.total).toBeGreaterThan(0);
    expect(run.passed).toBe(run.total);
    if (questionId) expect(new Set(moments.map((m) => m.questionId))).toEqual(new Set([questionId]));

    // The runs are the candidate's data: in their export, and gone with the erasure.
    const exported = (await t.as(candidate).get('/api/users/me/export')).json();
    expect(exported.codeRuns.map((r: { verdict: string }) => r.verdict)).toEqual(['Wrong Answer', 'Accepted']);
    const erased = await t.as(employer).request('DELETE', `/api/companies/candidates/${candidate.id}/data`);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await t.deps.db.select().from(codeRuns).where(eq(codeRuns.attemptId, attemptId))).toEqual([]);
  });
});
