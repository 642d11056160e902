/**
 * Written questions in coding tests (issue 25), and regrading after the result went out. The author saves a coding
 * test's written questions with its problems (the batch's `questions`); the candidate answers them on the coding
 * page (saved like aptitude answers, back after a reload) without seeing the rubric; the result awaits grading
 * until a reviewer grades them through the same grades route; then the score is the code part plus the grades, and
 * pass/fail and the result webhook follow. A grade that changes a released result sends `attempt.regraded`.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestAs, problemBody } from '../../../test/fixtures/authoring';
import { seedSubmission } from '../../../test/fixtures/review';
import { useTeam, useTestApp } from '../../../test/support';
import { attempts, tests, webhookDeliveries } from '../../db/schema';
import { scanAttemptEvents } from '../webhooks/webhooks.events';

const t = useTestApp();
const team = useTeam(t);
const RUBRIC = 'RUBRIC-CODING-77: names the complexity and one edge case';
const written = (over: Record<string, unknown> = {}) => ({
  kind: 'text',
  questionText: 'Explain the complexity of your solution.',
  rubric: RUBRIC,
  marks: 10,
  ...over,
});

async function codingTestWithWritten() {
  const test = await createTestAs(t.app, team.owner, { testType: 'CODING', totalMarks: 35, passingMarks: 30 });
  const saved = await t.as(team.owner).post(`/api/tests/${test.id}/questions/batch`, {
    version: test.version,
    problems: [problemBody('cw')],
    questions: [written()],
    recomputeTotal: true,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const body = saved.json();
  expect(body.test.totalMarks).toBe(35);
  expect(body.questions).toMatchObject([{ kind: 'text', rubric: RUBRIC, marks: 10 }]);
  await t.deps.db.update(tests).set({ proctoring: false }).where(eq(tests.id, test.id));
  return { testId: test.id, problem: body.problems[0], writtenId: body.questions[0].id as string, body };
}

describe('written questions in a coding test', () => {
  it('the builder keeps them beside the problems and refuses anything but written questions', async () => {
    const { testId, writtenId, body } = await codingTestWithWritten();
    const choice = await t.as(team.owner).post(`/api/tests/${testId}/questions/batch`, {
      version: body.test.version,
      problems: body.problems,
      questions: [written({ id: writtenId }), { questionText: 'Pick one', options: ['a', 'b'], correctAnswer: 0 }],
    });
    expect(choice.statusCode).toBe(400);
    expect(choice.json().message).toBe('Written question 2: a coding test holds written questions only (kind "text")');
    const blank = await t.as(team.owner).post(`/api/tests/${testId}/questions/batch`, {
      version: body.test.version,
      problems: body.problems,
      questions: [written({ questionText: ' ' })],
    });
    expect(blank.json().message).toBe('Written question 1: Question text is required');

    // a save without `questions` (today's builders) keeps them; one with an edit changes the same row
    const again = await t.as(team.owner).post(`/api/tests/${testId}/questions/batch`, {
      version: body.test.version,
      problems: body.problems,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().questions.map((q: { id: string }) => q.id)).toEqual([writtenId]);
    const edited = await t.as(team.owner).post(`/api/tests/${testId}/questions/batch`, {
      version: again.json().test.version,
      problems: body.problems,
      questions: [written({ id: writtenId, marks: 5 }), written({ id: 'temp-2', questionText: 'Any trade-off?' })],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().questions).toMatchObject([{ id: writtenId, marks: 5 }, { questionText: 'Any trade-off?' }]);

    // another company's question id is not taken over
    const rival = await t.signIn({ role: 'employer' });
    const theirs = await createTestAs(t.app, rival, { testType: 'CODING' });
    const stolen = await t.as(rival).post(`/api/tests/${theirs.id}/questions/batch`, {
      problems: [problemBody('rv')],
      questions: [written({ id: writtenId })],
    });
    expect(stolen.statusCode).toBe(404);
    const read = (await t.as(team.owner).get(`/api/tests/${testId}/questions`)).json();
    expect(read.questions.map((q: { marks: number }) => q.marks)).toEqual([5, 10]);
    // the total counts the problem (25) and the written questions (5 + 10)
    const total = await t.as(team.owner).post(`/api/tests/${testId}/recompute-total`, {});
    expect(total.json()).toMatchObject({ totalMarks: 40 });
  });

  it('is answered on the coding page, awaits grading, is graded, and a regrade after release is announced', async () => {
    t.deps.config.webhookAllowPrivate = true;
    const hook = await t.as(team.owner).post('/api/companies/webhooks', {
      url: 'http://127.0.0.1:9/hooks',
      events: ['attempt.completed', 'attempt.regraded'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const { testId, problem, writtenId } = await codingTestWithWritten();

    const cand = await t.signIn();
    const started = await t.as(cand).post(`/api/attempts/${testId}/start`);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().problems).toHaveLength(1);
    expect(started.json().questions).toMatchObject([{ id: writtenId, kind: 'text', marks: 10 }]);
    expect(started.body).not.toContain('RUBRIC-CODING-77');
    const put = (questionId: string, answer: unknown) =>
      t.as(cand).request('PUT', `/api/attempts/${testId}/answers`, { questionId, answer });
    const answer = 'Linear time: one pass; the empty input is the edge case.';
    expect((await put(writtenId, 'Linear')).statusCode).toBe(200);
    expect((await put(writtenId, answer)).statusCode).toBe(200);
    // a problem is not an answerable question
    expect((await put(problem.id, 'text')).json()).toMatchObject({ code: 'QUESTION_NOT_FOUND' });
    const take = (await t.as(cand).get(`/api/attempts/take/${testId}`)).json();
    expect(take.answers).toEqual({ [writtenId]: answer }); // back after a reload
    expect(JSON.stringify(take)).not.toContain('RUBRIC-CODING-77');

    const [attempt] = await t.deps.db.select().from(attempts).where(eq(attempts.testId, testId));
    await seedSubmission(t.deps.db, {
      testId,
      userId: cand.id,
      attemptId: attempt!.id,
      problem,
      questionNumber: 0,
      passed: 2,
      total: 2,
    });
    const ended = await t.as(cand).post(`/api/attempts/${testId}/end`);
    expect(ended.json().attempt).toMatchObject({ score: null, awaitingGrading: true });

    const deps = { ...t.deps, publicUrl: 'https://assessly.example' };
    const deliveries = (event: string) =>
      t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.event, event));
    await scanAttemptEvents(deps);
    expect(await deliveries('attempt.completed')).toEqual([]);

    const results = (await t.as(team.reviewer).get(`/api/review/tests/${testId}/results`)).json();
    expect(results.rows[0]).toMatchObject({ score: 25, maxScore: 35, passed: null, awaitingGrading: true });
    const report = (await t.as(team.reviewer).get(`/api/review/attempts/${attempt!.id}/report`)).json();
    expect(report).toMatchObject({ score: 25, maxScore: 35, passed: null, awaitingGrading: true });
    expect(report.problems.map((p: { questionNumber: number }) => p.questionNumber)).toEqual([0, 1]);
    expect(report.problems[0]).toMatchObject({ questionId: problem.id, score: 25 });
    expect(report.problems[1]).toMatchObject({
      questionId: writtenId,
      marks: 10,
      written: { answer, rubric: RUBRIC, grade: null },
    });
    const needing = (await t.as(team.reviewer).get('/api/review/dashboard?needsGrading=true')).json();
    expect(needing.tests.map((x: { id: string }) => x.id)).toEqual([testId]);

    const grade = (who: { cookie: string }, body: object) =>
      t.as(who).request('PUT', `/api/review/attempts/${attempt!.id}/grades`, body);
    expect((await grade(cand, { questionId: writtenId, score: 3 })).statusCode).toBe(403);
    expect((await grade(team.reviewer, { questionId: problem.id, score: 3 })).statusCode).toBe(404);
    expect((await grade(team.reviewer, { questionId: writtenId, score: 11 })).statusCode).toBe(400);
    const first = await grade(team.reviewer, { questionId: writtenId, score: 6, comment: 'Complexity only' });
    expect(first.statusCode, first.body).toBe(200);
    // the code part (25) plus the grade, out of problems and written marks
    expect(first.json()).toMatchObject({ attemptScore: 31, maxScore: 35, awaitingGrading: false, passed: true });
    // the first grade completes the result: that is attempt.completed's job, not a regrade
    expect(await deliveries('attempt.regraded')).toEqual([]);
    await scanAttemptEvents(deps);
    const [completed] = await deliveries('attempt.completed');
    expect(JSON.parse(completed!.body).data).toMatchObject({ score: 31, maxScore: 35, result: 'passed' });
    expect((await t.as(team.owner).get(`/api/review/tests/${testId}/results.csv`)).body).toMatch(/,31,35,.*,Pass,/);
    // the per-question figures list the written question after the problem, with its grade
    const figures = (await t.as(team.owner).get(`/api/review/tests/${testId}/figures`)).json();
    expect(figures.questions).toMatchObject([
      { id: problem.id, attempted: 1, averageScore: 25 },
      { id: writtenId, attempted: 1, averageScore: 6, maxScore: 10 },
    ]);
    // the dashboard's average counts the graded written part as one item beside the submission (100% and 60%)
    const dash = (await t.as(team.owner).get('/api/review/dashboard')).json();
    expect(dash.stats.averageScore).toBe(80);

    // graded again after the result went out: the new score and result everywhere, and one attempt.regraded
    const second = await grade(team.admin, { questionId: writtenId, score: 2, comment: 'Edge case is wrong' });
    expect(second.json()).toMatchObject({ attemptScore: 27, maxScore: 35, passed: false });
    const regraded = await deliveries('attempt.regraded');
    expect(regraded).toHaveLength(1);
    expect(JSON.parse(regraded[0]!.body)).toMatchObject({
      event: 'attempt.regraded',
      data: {
        attemptId: attempt!.id,
        testId,
        candidate: { id: cand.id, email: cand.email },
        previousScore: 31,
        previousResult: 'passed',
        score: 27,
        maxScore: 35,
        result: 'failed',
        gradedBy: team.admin.email,
        reportUrl: `${t.deps.config.publicUrl}/admin/reports/${attempt!.id}`,
      },
    });
    // the same grade again changes nothing and announces nothing
    expect((await grade(team.admin, { questionId: writtenId, score: 2 })).statusCode).toBe(200);
    expect(await deliveries('attempt.regraded')).toHaveLength(1);
    // attempt.completed is not sent twice
    await scanAttemptEvents(deps);
    expect(await deliveries('attempt.completed')).toHaveLength(1);

    const after = (await t.as(team.owner).get(`/api/review/tests/${testId}/results`)).json();
    expect(after.rows[0]).toMatchObject({ score: 27, passed: false, awaitingGrading: false });
    const mine = (await t.as(cand).get('/api/me/tests')).json();
    expect(mine.find((m: { testId: string }) => m.testId === testId)).toMatchObject({ score: 27, maxScore: 35 });
    const rows = await t.deps.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.event, 'attempt.regraded'), eq(webhookDeliveries.status, 'pending')));
    expect(rows).toHaveLength(1);
  });
});
