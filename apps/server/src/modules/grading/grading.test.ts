/**
 * Written answers (issue 25): a candidate writes an answer (autosaved like any answer, at most 10,000 characters)
 * without ever seeing the rubric; the result awaits grading — no pass/fail, no result webhook, no status mail,
 * no score for the candidate — until a reviewer grades every written answer; then the score and pass/fail follow
 * in the report, the results, the CSV, the candidate's list and the webhook.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTeam, useTestApp } from '../../../test/support';
import { attempts, auditLog, tests, webhookDeliveries } from '../../db/schema';
import { STATUS_UNDO_MS, sendDueStatusEmails } from '../review/status-mail';
import { scanAttemptEvents } from '../webhooks/webhooks.events';

const t = useTestApp();
const team = useTeam(t);
const RUBRIC = 'RUBRIC-SECRET-41: names the trade-off between consistency and availability';

async function writtenTest() {
  const owner = team.owner;
  const created = await t.as(owner).post('/api/tests/create', {
    testName: 'Written round',
    testType: 'APTITUDE',
    duration: 30,
    totalMarks: 12,
    passingMarks: 8,
  });
  expect(created.statusCode, created.body).toBeLessThan(300);
  const testId = created.json().id as string;
  const add = (body: object) => t.as(owner).post('/api/aptitude-questions/add', { testId, ...body });
  const choice = await add({ questionText: 'Two plus two?', options: ['3', '4'], correctAnswer: 1, marks: 4 });
  const written = await add({
    kind: 'text',
    questionText: 'Explain the CAP theorem in your own words.',
    rubric: RUBRIC,
    marks: 6,
  });
  expect(written.statusCode, written.body).toBe(201);
  expect(written.json()).toMatchObject({ kind: 'text', rubric: RUBRIC, options: [], marks: 6 });
  const skipped = await add({ kind: 'text', questionText: 'Anything else?', rubric: 'optional', marks: 2 });
  const ids = [choice.json().id, written.json().id, skipped.json().id] as string[];
  await t.deps.db.update(tests).set({ questionIds: ids, access: 'link' }).where(eq(tests.id, testId));
  return { testId, choiceId: ids[0]!, writtenId: ids[1]!, skippedId: ids[2]! };
}

describe('written answers', () => {
  it('refuses options-less choice questions and keeps a written question free of options', async () => {
    const created = await t.as(team.owner).post('/api/tests/create', {
      testName: 'Checks',
      testType: 'APTITUDE',
      duration: 10,
      totalMarks: 5,
      passingMarks: 1,
    });
    const testId = created.json().id;
    const noOptions = await t.as(team.owner).post('/api/aptitude-questions/add', {
      testId,
      questionText: 'Pick one',
      correctAnswer: 0,
    });
    expect(noOptions.statusCode).toBe(400);
    expect(noOptions.json().fields).toEqual({ options: 'A question needs at least 2 options' });
    const longRubric = await t.as(team.owner).post('/api/aptitude-questions/add', {
      testId,
      kind: 'text',
      questionText: 'Explain',
      rubric: 'x'.repeat(10_001),
    });
    expect(longRubric.statusCode).toBe(400);
  });

  it('awaits grading until every written answer is graded; then score, pass/fail, CSV and webhook follow', async () => {
    t.deps.config.webhookAllowPrivate = true;
    const hook = await t.as(team.owner).post('/api/companies/webhooks', {
      url: 'http://127.0.0.1:9/hooks',
      events: ['attempt.completed'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const { testId, choiceId, writtenId, skippedId } = await writtenTest();

    const cand = await t.signIn();
    const started = await t.as(cand).post(`/api/attempts/${testId}/start`);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().questions.map((q: { kind?: string }) => q.kind)).toEqual([undefined, 'text', 'text']);
    expect(started.body).not.toContain('RUBRIC-SECRET-41');
    const put = (questionId: string, answer: unknown) =>
      t.as(cand).request('PUT', `/api/attempts/${testId}/answers`, { questionId, answer });
    expect((await put(choiceId, 1)).statusCode).toBe(200);
    const answer = 'Under a partition a system keeps either consistency or availability.';
    expect((await put(writtenId, 'Under a partition')).statusCode).toBe(200);
    expect((await put(writtenId, answer)).statusCode).toBe(200); // autosave: the latest text replaces the last
    expect((await put(writtenId, 'x'.repeat(10_001))).statusCode).toBe(400);
    expect((await put(writtenId, 3)).json()).toMatchObject({ message: 'This question takes a written answer' });
    expect((await put(choiceId, 'four')).statusCode).toBe(400);
    expect((await put(skippedId, '   ')).statusCode).toBe(200); // blank: no answer
    const take = (await t.as(cand).get(`/api/attempts/take/${testId}`)).json();
    expect(take.answers).toEqual({ [choiceId]: 1, [writtenId]: answer });
    expect(JSON.stringify(take)).not.toContain('RUBRIC-SECRET-41');

    const [attempt] = await t.deps.db.select().from(attempts).where(eq(attempts.testId, testId));
    const grade = (who: { cookie: string } | null, body: object) =>
      (who ? t.as(who) : t.as(null as never)).request('PUT', `/api/review/attempts/${attempt!.id}/grades`, body);
    // still taking: nothing to grade yet
    expect((await grade(team.reviewer, { questionId: writtenId, score: 3 })).statusCode).toBe(409);

    const ended = await t.as(cand).post(`/api/attempts/${testId}/end`);
    expect(ended.json().attempt).toMatchObject({ score: null, maxScore: 12, awaitingGrading: true });
    // a status decided before grading is not mailed while the result is pending
    expect(
      (await t.as(team.owner).put(`/api/review/attempts/${attempt!.id}/status`, { status: 'shortlisted' })).statusCode,
    ).toBe(200);
    t.clock.advance(STATUS_UNDO_MS + 1000);
    expect(await sendDueStatusEmails(t.deps)).toBe(0);

    const deps = { ...t.deps, publicUrl: 'https://assessly.example' };
    const completedDeliveries = async () =>
      t.deps.db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.subject, attempt!.id), eq(webhookDeliveries.event, 'attempt.completed')));
    await scanAttemptEvents(deps);
    expect(await completedDeliveries()).toEqual([]);

    const results = (await t.as(team.reviewer).get(`/api/review/tests/${testId}/results`)).json();
    expect(results.rows[0]).toMatchObject({ score: 4, maxScore: 12, passed: null, awaitingGrading: true });
    const csv = (await t.as(team.reviewer).get(`/api/review/tests/${testId}/results.csv`)).body;
    expect(csv).toContain('Awaiting grading');
    const report = (await t.as(team.reviewer).get(`/api/review/attempts/${attempt!.id}/report`)).json();
    expect(report).toMatchObject({ passed: null, awaitingGrading: true });
    expect(report.problems[1]).toMatchObject({
      questionId: writtenId,
      marks: 6,
      score: 0,
      written: { answer, rubric: RUBRIC, grade: null },
    });
    expect(report.problems[2].written).toMatchObject({ answer: null, grade: null });
    const needing = (await t.as(team.reviewer).get('/api/review/dashboard?needsGrading=true')).json();
    expect(needing.tests.map((x: { id: string; needsGrading: number }) => [x.id, x.needsGrading])).toEqual([
      [testId, 1],
    ]);
    expect(needing.totalTests).toBe(1);
    const mine = (await t.as(cand).get('/api/me/tests')).json();
    expect(mine.find((m: { testId: string }) => m.testId === testId)).toMatchObject({
      score: null,
      state: 'completed',
    });

    // who may grade, and what
    expect((await grade(null, { questionId: writtenId, score: 3 })).statusCode).toBe(401);
    expect((await grade(cand, { questionId: writtenId, score: 3 })).statusCode).toBe(403);
    const rival = await t.signIn({ role: 'employer' });
    expect((await grade(rival, { questionId: writtenId, score: 3 })).statusCode).toBe(404);
    const tooMuch = await grade(team.reviewer, { questionId: writtenId, score: 6.5 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fields).toEqual({ score: 'Score must be between 0 and 6' });
    expect((await grade(team.reviewer, { questionId: writtenId, score: -1 })).statusCode).toBe(400);
    expect((await grade(team.reviewer, { questionId: choiceId, score: 1 })).statusCode).toBe(404);
    expect((await grade(team.reviewer, { questionId: skippedId, score: 1 })).statusCode).toBe(409);

    // the reviewer's own role grades; the score and pass/fail follow everywhere
    const first = await grade(team.reviewer, { questionId: writtenId, score: 3, comment: 'Names only one side' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ attemptScore: 7, maxScore: 12, awaitingGrading: false, passed: false });
    const regraded = await grade(team.admin, { questionId: writtenId, score: 4.5, comment: 'Both sides, briefly' });
    expect(regraded.json()).toMatchObject({ attemptScore: 8.5, awaitingGrading: false, passed: true });

    const after = (await t.as(team.owner).get(`/api/review/tests/${testId}/results`)).json();
    expect(after.rows[0]).toMatchObject({ score: 8.5, passed: true, awaitingGrading: false });
    expect((await t.as(team.owner).get(`/api/review/tests/${testId}/results.csv`)).body).toMatch(/,8\.5,12,.*,Pass,/);
    const graded = (await t.as(team.owner).get(`/api/review/attempts/${attempt!.id}/report`)).json();
    expect(graded).toMatchObject({ score: 8.5, passed: true, awaitingGrading: false });
    expect(graded.problems[1]).toMatchObject({
      score: 4.5,
      written: { grade: { score: 4.5, comment: 'Both sides, briefly', gradedBy: team.admin.email } },
    });
    expect((await t.as(cand).get(`/api/attempts/take/${testId}`)).json().attempt).toMatchObject({ score: 8.5 });
    const mineAfter = (await t.as(cand).get('/api/me/tests')).json();
    expect(mineAfter.find((m: { testId: string }) => m.testId === testId)).toMatchObject({ score: 8.5, maxScore: 12 });
    expect(JSON.stringify(mineAfter)).not.toContain('RUBRIC-SECRET-41');

    expect((await t.as(team.owner).get('/api/review/dashboard?needsGrading=true')).json().tests).toEqual([]);
    // the per-question figures (and their CSV) count the written answer with its grade
    const figures = (await t.as(team.owner).get(`/api/review/tests/${testId}/figures`)).json();
    expect(figures.questions.map((q: { attempted: number; averageScore: number | null }) => q)).toMatchObject([
      { attempted: 1, averageScore: 4, passRate: 100 },
      { attempted: 1, averageScore: 4.5, passRate: 0 },
      { attempted: 0, averageScore: null },
    ]);

    await scanAttemptEvents(deps);
    const [delivery] = await completedDeliveries();
    expect(JSON.parse(delivery!.body).data).toMatchObject({ score: 8.5, maxScore: 12, result: 'passed' });
    expect(await sendDueStatusEmails(t.deps)).toBe(1);

    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'review.grade'), eq(auditLog.targetId, attempt!.id)));
    expect(audits.map((a) => [a.actorId, a.detail.score])).toEqual([
      [team.reviewer.id, 3],
      [team.admin.id, 4.5],
    ]);
  });
});
