/**
 * Back-pressure that is honest with candidates (issue 16): a full queue answers Retry-After from what it
 * holds and how fast it drains, and code sent close to the deadline is stored anyway (it could not be sent
 * again in time). A fake judge held open stands in at the edge so the queue stays full.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachJudging } from '../../../test/build-test-app';
import type { SignedInUser } from '../../../test/factories';
import { acceptingJudge } from '../../../test/fixtures/judging';
import { useStartedCodingTest, useTestApp } from '../../../test/support';
import { attempts, submissions } from '../../db/schema';

const gates: (() => void)[] = [];
// Each judging stays open until the test releases it.
const heldJudge = acceptingJudge(() => new Promise<void>((r) => gates.push(r)));

const t = useTestApp();
const { candidates, test: sumTest } = useStartedCodingTest(t, { candidates: 2 });
const [early, late] = candidates as [SignedInUser, SignedInUser];
const submit = (user: SignedInUser) =>
  t.as(user).post('/api/submissions', { language: 'python', code: 'print(3)', testId: sumTest.id, questionNumber: 0 });

beforeAll(async () => {
  await attachJudging(t, heldJudge, { backlogLimit: 1, concurrency: 1, submitWaitMs: 50 });
});
afterAll(async () => {
  for (const g of gates.splice(0)) g();
  await t.deps.judging?.stop();
});

describe('a full queue', () => {
  it('answers 503 with a Retry-After of the queue over its drain rate when there is time to retry', async () => {
    expect((await submit(early)).statusCode).toBe(202);
    const res = await submit(late);
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('JUDGE_BUSY');
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('stores code sent seconds before the deadline instead of refusing it, and reports its place', async () => {
    const soon = new Date(t.clock.now().getTime() + 3000);
    await t.deps.db.update(attempts).set({ deadlineAt: soon }).where(eq(attempts.userId, late.id));
    const res = await submit(late);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ status: 'queued', place: expect.any(Number) });
    const rows = await t.deps.db.select().from(submissions).where(eq(submissions.userId, late.id));
    expect(rows).toHaveLength(1);
  });
});
