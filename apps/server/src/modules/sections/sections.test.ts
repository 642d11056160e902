/**
 * One test, any mix of kinds (issue 46): the employer makes a coding test a list of sections (a coding problem,
 * a single-select, a multi-select and a written question), each with an optional time of its own; the candidate
 * takes them in order in one attempt, the server refusing work outside the current section or after its time;
 * the total, the results, the report and the CSV count every section's marks.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestAs, problemBody, questionBody } from '../../../test/fixtures/authoring';
import { seedSubmission } from '../../../test/fixtures/review';
import { useTeam, useTestApp } from '../../../test/support';
import { attempts, tests } from '../../db/schema';

const t = useTestApp();
const team = useTeam(t);

/** Questions made in an aptitude test of the same company, taken into the mixed test from there. */
async function bankQuestion(body: Record<string, unknown>): Promise<string> {
  const home = await createTestAs(t.app, team.owner, { testType: 'APTITUDE' });
  const res = await t.as(team.owner).post('/api/aptitude-questions/add', questionBody({ testId: home.id, ...body }));
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().id as string;
}

/** A coding test with one problem (25 marks), then three bank questions of 5 marks each put into sections. */
async function mixedTest() {
  const test = await createTestAs(t.app, team.owner, { testType: 'CODING', totalMarks: 100, passingMarks: 20 });
  const saved = await t.as(team.owner).post(`/api/tests/${test.id}/questions/batch`, {
    version: test.version,
    problems: [problemBody('mx')],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const problem = saved.json().problems[0];
  const single = await bankQuestion({ questionText: 'Which is prime?', options: ['4', '7', '9'], correctAnswer: 1 });
  const multi = await bankQuestion({
    questionText: 'Which are even?',
    options: ['2', '3', '4'],
    correctAnswer: 0,
    correctAnswers: [0, 2],
  });
  const written = await bankQuestion({
    kind: 'text',
    questionText: 'Explain your approach.',
    options: [],
    correctAnswer: 0,
    rubric: 'Names the complexity',
  });
  await t.deps.db.update(tests).set({ proctoring: false }).where(eq(tests.id, test.id));
  const sections = [
    { title: 'Code', kind: 'coding', itemIds: [problem.id] },
    { title: 'Pick one', kind: 'single', itemIds: [single], minutes: 10 },
    { title: 'Pick some', kind: 'multiple', itemIds: [multi] },
    { title: 'Write', kind: 'written', itemIds: [written], minutes: 5 },
  ];
  const version = saved.json().test.version;
  return { testId: test.id, version, problem, single, multi, written, sections };
}

describe('PUT /api/tests/{id}/sections', () => {
  it('sets the ordered sections, totals every section and refuses a wrong kind, a stranger item or an aptitude test', async () => {
    const m = await mixedTest();
    const put = (body: object, who = team.owner) => t.as(who).request('PUT', `/api/tests/${m.testId}/sections`, body);

    const wrongKind = await put({
      sections: [m.sections[0], { title: 'Pick one', kind: 'single', itemIds: [m.multi] }],
    });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().message).toBe('Section 2 holds single-select questions only');
    const twice = await put({ sections: [m.sections[0], m.sections[1], { ...m.sections[1], title: 'Again' }] });
    expect(twice.json().message).toBe('Each item can be in a test only once');
    const noCode = await put({ sections: [m.sections[1]] });
    expect(noCode.json().message).toBe(
      'A test with sections needs at least one coding problem; questions alone make an aptitude test',
    );
    const badTime = await put({ sections: [m.sections[0], { ...m.sections[1], minutes: 0 }] });
    expect(badTime.statusCode).toBe(400);
    // another company's question reads as not found, and the rival cannot touch this test
    const rival = await t.signIn({ role: 'employer' });
    const theirHome = await createTestAs(t.app, rival, { testType: 'APTITUDE' });
    const theirs = await t.as(rival).post('/api/aptitude-questions/add', questionBody({ testId: theirHome.id }));
    const stolen = await put({
      sections: [m.sections[0], { title: 'X', kind: 'single', itemIds: [theirs.json().id] }],
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toMatch(/^Section 2: item .* was not found$/);
    expect((await put({ sections: m.sections }, rival)).statusCode).toBe(404);
    const cand = await t.signIn();
    expect((await put({ sections: m.sections }, cand)).statusCode).toBe(403);
    const aptitude = await createTestAs(t.app, team.owner, { testType: 'APTITUDE' });
    const apt = await t.as(team.owner).request('PUT', `/api/tests/${aptitude.id}/sections`, { sections: [] });
    expect(apt.statusCode).toBe(400);
    // nothing changed by the refusals
    const [row] = await t.deps.db.select().from(tests).where(eq(tests.id, m.testId));
    expect(row!.sections).toBeNull();
    expect(row!.writtenQuestionIds).toEqual([]);

    const ok = await put({ sections: m.sections, version: m.version });
    expect(ok.statusCode, ok.body).toBe(200);
    const test = ok.json();
    // the total is the sum of every section's items: 25 + 5 + 5 + 5
    expect(test).toMatchObject({ totalMarks: 40, passingMarks: 20, questionIds: [m.problem.id] });
    expect(test.sections).toMatchObject([
      { title: 'Code', kind: 'coding', itemIds: [m.problem.id], minutes: null },
      { title: 'Pick one', kind: 'single', itemIds: [m.single], minutes: 10 },
      { title: 'Pick some', kind: 'multiple', itemIds: [m.multi], minutes: null },
      { title: 'Write', kind: 'written', itemIds: [m.written], minutes: 5 },
    ]);
    // a stale version is a conflict; the builder's later save keeps the choice questions
    expect((await put({ sections: m.sections, version: m.version })).statusCode).toBe(409);
    const rebuilt = await t.as(team.owner).post(`/api/tests/${m.testId}/questions/batch`, {
      version: test.version,
      problems: [m.problem],
    });
    expect(rebuilt.statusCode, rebuilt.body).toBe(200);
    const read = (await t.as(team.owner).get(`/api/tests/${m.testId}`)).json();
    expect(read.sections.map((s: { itemIds: string[] }) => s.itemIds)).toEqual([
      [m.problem.id],
      [m.single],
      [m.multi],
      [m.written],
    ]);
    expect(read.totalMarks).toBe(40);
  });
});

describe('taking a mixed test', () => {
  it('goes section by section, refuses work outside the current one or after its time, and totals every kind', async () => {
    const m = await mixedTest();
    const set = await t.as(team.owner).request('PUT', `/api/tests/${m.testId}/sections`, { sections: m.sections });
    expect(set.statusCode, set.body).toBe(200);
    const ids = set.json().sections.map((s: { id: string }) => s.id) as string[];
    const cand = await t.signIn();
    // the entry page learns the sections' titles, kinds, counts and minutes, not their items
    const entry = (await t.as(cand).get(`/api/attempts/take/${m.testId}`)).json();
    expect(entry.sections).toMatchObject([
      { title: 'Code', kind: 'coding', itemIds: [], itemCount: 1, minutes: null, state: 'upcoming' },
      { title: 'Pick one', kind: 'single', itemIds: [], itemCount: 1, minutes: 10 },
      { title: 'Pick some', kind: 'multiple', itemIds: [], itemCount: 1, minutes: null },
      { title: 'Write', kind: 'written', itemIds: [], itemCount: 1, minutes: 5 },
    ]);
    t.clock.freeze();
    const started = await t.as(cand).post(`/api/attempts/${m.testId}/start`);
    expect(started.statusCode, started.body).toBe(200);
    const body = started.json();
    expect(body.problems.map((p: { id: string }) => p.id)).toEqual([m.problem.id]);
    expect(body.questions.map((q: { id: string }) => q.id)).toEqual([m.single, m.multi, m.written]);
    expect(body.questions[1]).toMatchObject({ multiple: true });
    expect(body.questions[2]).toMatchObject({ kind: 'text' });
    expect(body.sections.map((s: { state: string }) => s.state)).toEqual([
      'current',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
    expect(started.body).not.toContain('Names the complexity');

    const answer = (questionId: string, value: unknown) =>
      t.as(cand).request('PUT', `/api/attempts/${m.testId}/answers`, { questionId, answer: value });
    const draft = () =>
      t.as(cand).request('PUT', `/api/attempts/${m.testId}/drafts`, {
        questionId: m.problem.id,
        language: 'python',
        code: 'print(sum(map(int, input().split())))',
      });
    const next = (sectionId: string) => t.as(cand).post(`/api/attempts/${m.testId}/sections/next`, { sectionId });

    // a later section is not open yet
    const early = await answer(m.single, 1);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'SECTION_CLOSED', message: 'This section has not started yet' });
    expect((await next(ids[2]!)).json().code).toBe('SECTION_CLOSED');
    expect((await draft()).statusCode).toBe(200);

    // on to the single-select section (10 minutes): the coding section is closed for good
    const second = (await next(ids[0]!)).json();
    expect(second.sections.map((s: { state: string }) => s.state)).toEqual(['done', 'current', 'upcoming', 'upcoming']);
    const budget = new Date(second.sections[1].deadlineAt).getTime() - new Date(second.sections[1].startedAt).getTime();
    expect(budget).toBe(10 * 60_000);
    const late = await draft();
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'SECTION_CLOSED', message: 'This section is over' });
    // leaving a section already left changes nothing
    expect((await next(ids[0]!)).json().sections[1].state).toBe('current');
    expect((await answer(m.single, 1)).statusCode).toBe(200);
    // its own time runs out: the answer is refused though the test's 60 minutes are not over
    t.clock.advance(10 * 60_000 + 1);
    const over = await answer(m.single, 0);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe("This section's time is over: move on to the next section");

    expect((await next(ids[1]!)).statusCode).toBe(200);
    expect((await answer(m.multi, [2, 0])).statusCode).toBe(200);
    expect((await next(ids[2]!)).statusCode).toBe(200);
    const text = 'One pass over the input: linear time.';
    expect((await answer(m.written, text)).statusCode).toBe(200);
    const take = (await t.as(cand).get(`/api/attempts/take/${m.testId}`)).json();
    expect(take.answers).toEqual({ [m.single]: 1, [m.multi]: [0, 2], [m.written]: text });
    t.clock.advance(5 * 60_000 + 1);
    expect((await answer(m.written, 'changed')).json().code).toBe('SECTION_CLOSED');

    const [attempt] = await t.deps.db.select().from(attempts).where(eq(attempts.testId, m.testId));
    await seedSubmission(t.deps.db, {
      testId: m.testId,
      userId: cand.id,
      attemptId: attempt!.id,
      problem: m.problem,
      questionNumber: 0,
      passed: 1,
      total: 2,
    });
    const ended = (await t.as(cand).post(`/api/attempts/${m.testId}/end`)).json();
    expect(ended.attempt).toMatchObject({ awaitingGrading: true, score: null });

    // code 12.5 of 25 + single 5 + multi 5; the written answer awaits its grade
    const results = (await t.as(team.reviewer).get(`/api/review/tests/${m.testId}/results`)).json();
    expect(results.rows[0]).toMatchObject({ score: 22.5, maxScore: 40, awaitingGrading: true });
    const grade = await t
      .as(team.reviewer)
      .request('PUT', `/api/review/attempts/${attempt!.id}/grades`, { questionId: m.written, score: 4 });
    expect(grade.statusCode, grade.body).toBe(200);
    const report = (await t.as(team.reviewer).get(`/api/review/attempts/${attempt!.id}/report`)).json();
    expect(report).toMatchObject({ score: 26.5, maxScore: 40, passed: true, awaitingGrading: false });
    expect(report.problems.map((p: { questionId: string }) => p.questionId)).toEqual([
      m.problem.id,
      m.single,
      m.multi,
      m.written,
    ]);
    expect(report.problems.map((p: { score: number }) => p.score)).toEqual([12.5, 5, 5, 4]);
    const csv = await t.as(team.reviewer).get(`/api/review/tests/${m.testId}/results.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('26.5');
    // a column per item of every section
    for (const header of ['Q1 Sum two numbers (of 25)', 'Q2 Which is prime? (of 5)', 'Q3 Which are even? (of 5)']) {
      expect(csv.body).toContain(header);
    }
    t.clock.unfreeze();
  });

  it('a test without sections answers as before: no sections key, and nothing is refused', async () => {
    const m = await mixedTest();
    const read = (await t.as(team.owner).get(`/api/tests/${m.testId}`)).json();
    expect(read).not.toHaveProperty('sections');
    const cand = await t.signIn();
    const started = (await t.as(cand).post(`/api/attempts/${m.testId}/start`)).json();
    expect(started).not.toHaveProperty('sections');
    const next = await t.as(cand).post(`/api/attempts/${m.testId}/sections/next`, { sectionId: 'x' });
    expect(next.statusCode).toBe(400);
  });
});
