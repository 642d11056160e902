/** Per-test figures against seeded data: funnel, distribution with percentiles, per-question figures, CSV. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCodingTest } from '../../../test/factories';
import { seedAttempt, seedSubmission } from '../../../test/fixtures/review';
import { seedAptitudeTest } from '../../../test/fixtures/taking';
import { madeBeforeAll, useSignedIn, useTestApp } from '../../../test/support';
import { attempts, invitations } from '../../db/schema';
import { distributionOf, percentile } from './test-figures';

const t = useTestApp();
const employer = useSignedIn(t, { role: 'employer' });
const rival = useSignedIn(t, { role: 'employer' });
const [ada, ben, cy] = [useSignedIn(t), useSignedIn(t), useSignedIn(t)];

const seeded = madeBeforeAll(async () => {
  const db = t.deps.db;
  const coding = await buildCodingTest(db, { employer, marks: [10, 20] });
  const [p1, p2] = coding.problems as [(typeof coding.problems)[0], (typeof coding.problems)[0]];
  await db
    .insert(invitations)
    .values(
      ['a', 'b', 'c', 'd'].map((x) => ({ testId: coding.test.id, email: `${x}@example.test`, tokenHash: `h-${x}` })),
    );
  const a1 = await seedAttempt(db, coding.test.id, ada.id);
  const a2 = await seedAttempt(db, coding.test.id, ben.id);
  await seedAttempt(db, coding.test.id, cy.id, { endedAt: null, minutes: 600 });
  const base = { testId: coding.test.id, questionNumber: 0 };
  // Ada: p1 4/4 (10), p2 2/4 (10) → 20/30; Ben: p1 1/4 (2.5) → 2.5/30.
  await seedSubmission(db, { ...base, userId: ada.id, attemptId: a1.id, problem: p1, passed: 4, total: 4 });
  await seedSubmission(db, {
    ...base,
    userId: ada.id,
    attemptId: a1.id,
    problem: p2,
    passed: 2,
    total: 4,
    questionNumber: 1,
  });
  await seedSubmission(db, { ...base, userId: ben.id, attemptId: a2.id, problem: p1, passed: 1, total: 4 });

  // Aptitude: Ada answers q1 right and q2 wrong (option 1); Ben answers q1 wrong (option 0), q2 wrong (option 1).
  const aptitude = await seedAptitudeTest(db, employer.id);
  const [q1, q2] = aptitude.questions as [(typeof aptitude.questions)[0], (typeof aptitude.questions)[0]];
  const x1 = await seedAttempt(db, aptitude.test.id, ada.id);
  const x2 = await seedAttempt(db, aptitude.test.id, ben.id);
  await db
    .update(attempts)
    .set({ answers: { [q1.id]: 1, [q2.id]: 1 }, score: 5, maxScore: 10 })
    .where(eq(attempts.id, x1.id));
  await db
    .update(attempts)
    .set({ answers: { [q1.id]: 0, [q2.id]: 1 }, score: 0, maxScore: 10 })
    .where(eq(attempts.id, x2.id));
  return { coding, aptitude };
});

describe('GET /api/review/tests/:testId/figures', () => {
  it('is for employers of the test only: 401, 403, 404 for another company', async () => {
    const url = () => `/api/review/tests/${seeded.coding.test.id}/figures`;
    expect((await t.as(null).get(url())).statusCode).toBe(401);
    expect((await t.as(ada).get(url())).statusCode).toBe(403);
    expect((await t.as(rival).get(url())).statusCode).toBe(404);
  });

  it('gives the funnel, the completed scores in bands with percentiles, and each problem', async () => {
    const res = await t.as(employer).get(`/api/review/tests/${seeded.coding.test.id}/figures`);
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json();
    expect(f.funnel).toEqual({ invited: 4, started: 3, completed: 2 });
    // Completed: Ada 66.7%, Ben 8.3% (Cy is still in the test).
    expect(f.distribution.count).toBe(2);
    expect(f.distribution.bands[0].count).toBe(1);
    expect(f.distribution.bands[6].count).toBe(1);
    expect(f.distribution.percentiles.p50).toBeCloseTo(8.3, 1);
    expect(f.distribution.percentiles.p90).toBeCloseTo(66.7, 1);
    expect(f.questions).toEqual([
      expect.objectContaining({ title: 'Problem 1', maxScore: 10, attempted: 2, averageScore: 6.3, passRate: 50 }),
      expect.objectContaining({ title: 'Problem 2', maxScore: 20, attempted: 1, averageScore: 10, passRate: 0 }),
    ]);
  });

  it('names the most common wrong answer of each multiple-choice question', async () => {
    const f = (await t.as(employer).get(`/api/review/tests/${seeded.aptitude.test.id}/figures`)).json();
    expect(f.questions[0]).toMatchObject({ attempted: 2, passRate: 50, averageScore: 2.5 });
    expect(f.questions[0].commonWrongAnswer).toEqual({ option: '3', count: 1 });
    expect(f.questions[1]).toMatchObject({
      attempted: 2,
      passRate: 0,
      commonWrongAnswer: { option: 'Rome', count: 2 },
    });
    expect(f.questions[2]).toMatchObject({ attempted: 0, passRate: null, commonWrongAnswer: null });
  });

  it('downloads the same figures as CSV', async () => {
    const res = await t.as(employer).get(`/api/review/tests/${seeded.coding.test.id}/figures.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body).toContain('Funnel,Invited,4');
    expect(res.body).toContain('Question,Problem 1,2,6.3,50');
  });
});

describe('distribution helpers', () => {
  it('uses nearest-rank percentiles and puts 100% in the top band', () => {
    expect(percentile([10, 20, 30, 40], 50)).toBe(20);
    expect(percentile([10, 20, 30, 40], 75)).toBe(30);
    const d = distributionOf([100, 95, 0]);
    expect(d.bands[9]!.count).toBe(2);
    expect(d.bands[0]!.count).toBe(1);
    expect(distributionOf([]).percentiles).toBeNull();
  });
});
