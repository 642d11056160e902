/**
 * The dashboard's figures equal what the database holds (issue 26): an aptitude test's finished attempts are its
 * submissions, a candidate who started without submitting is still a candidate, previews never count.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCodingTest } from '../../../test/factories';
import { seedAttempt, seedSubmission } from '../../../test/fixtures/review';
import { seedAptitudeTest } from '../../../test/fixtures/taking';
import { madeBeforeAll, useSignedIn, useTestApp } from '../../../test/support';
import { attempts } from '../../db/schema';

const t = useTestApp();
const employer = useSignedIn(t, { role: 'employer' });
const ada = useSignedIn(t);
const ben = useSignedIn(t);
const cy = useSignedIn(t);

const seeded = madeBeforeAll(async () => {
  const db = t.deps.db;
  // Aptitude: Ada finished with 3 of 5 marks; Ben started and has not finished; the employer previewed it.
  const aptitude = await seedAptitudeTest(db, employer.id);
  const adaAttempt = await seedAttempt(db, aptitude.test.id, ada.id);
  await db.update(attempts).set({ score: 3, maxScore: 5 }).where(eq(attempts.id, adaAttempt.id));
  await seedAttempt(db, aptitude.test.id, ben.id, { endedAt: null, minutes: 600 });
  const preview = await seedAttempt(db, aptitude.test.id, employer.id);
  await db.update(attempts).set({ score: 5, maxScore: 5, isPreview: true }).where(eq(attempts.id, preview.id));

  // Coding: three took it (Cy without a submission); Ada 2/4 then 4/4, Ben 1/4; a preview submission 4/4.
  const coding = await buildCodingTest(db, { employer, marks: [10] });
  const problem = coding.problems[0]!;
  const [a1, a2] = [await seedAttempt(db, coding.test.id, ada.id), await seedAttempt(db, coding.test.id, ben.id)];
  await seedAttempt(db, coding.test.id, cy.id);
  const base = { testId: coding.test.id, problem, questionNumber: 0 };
  await seedSubmission(db, { ...base, userId: ada.id, attemptId: a1.id, passed: 2, total: 4 });
  await seedSubmission(db, { ...base, userId: ada.id, attemptId: a1.id, passed: 4, total: 4 });
  await seedSubmission(db, { ...base, userId: ben.id, attemptId: a2.id, passed: 1, total: 4 });
  const p = await seedAttempt(db, coding.test.id, employer.id);
  await db.update(attempts).set({ isPreview: true }).where(eq(attempts.id, p.id));
  await seedSubmission(db, { ...base, userId: employer.id, attemptId: p.id, passed: 4, total: 4 });
  return { aptitude, coding };
});

describe('dashboard figures (dashboard-figures.ts)', () => {
  it("counts an aptitude test's finished attempts as submissions and everyone who started as a candidate", async () => {
    const body = (await t.as(employer).get('/api/review/dashboard')).json();
    const aptitude = body.tests.find((x: { id: string }) => x.id === seeded.aptitude.test.id);
    expect(aptitude).toMatchObject({ submissionCount: 1, candidateCount: 2, averageScore: 60 });
  });

  it('counts a coding candidate without a submission, and leaves previews out', async () => {
    const body = (await t.as(employer).get('/api/review/dashboard')).json();
    const coding = body.tests.find((x: { id: string }) => x.id === seeded.coding.test.id);
    // 50%, 100%, 25% → 58.3
    expect(coding).toMatchObject({ submissionCount: 3, candidateCount: 3, averageScore: 58.3 });
  });

  it('sums both kinds in the stat cards: 4 submissions, the mean of 60, 50, 100 and 25', async () => {
    const body = (await t.as(employer).get('/api/review/dashboard')).json();
    expect(body.stats).toEqual({ totalTests: 2, activeTests: 2, totalSubmissions: 4, averageScore: 58.8 });
  });
});
