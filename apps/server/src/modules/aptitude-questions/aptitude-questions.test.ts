import { describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/factories';
import { call, createTestAs, questionBody, useAuthoringCast } from '../../../test/fixtures/authoring';
import { useTestApp } from '../../../test/support';
import { attempts } from '../../db/schema';

const t = useTestApp();
const { owner, rival, candidate, test } = useAuthoringCast(t, { testType: 'APTITUDE' });

const add = (over: Record<string, unknown> = {}, as: SignedInUser = owner) =>
  call(t.app, 'POST', '/api/aptitude-questions/add', as, questionBody({ testId: test.id, ...over }));

describe('POST /api/aptitude-questions/add', () => {
  it('stores correctAnswer as an index whether the index or the option text is sent', async () => {
    const byIndex = await add({ correctAnswer: 2 });
    expect(byIndex.statusCode).toBe(201);
    expect(byIndex.json()).toMatchObject({ correctAnswer: 2, correctAnswerText: '5', testId: test.id, marks: 5 });
    const byText = await add({ options: ['Red', 'Green', 'Blue', 'Black'], correctAnswer: 'Blue' });
    expect(byText.json()).toMatchObject({ correctAnswer: 2, correctAnswerText: 'Blue' });
    const [row] = await t.deps.database.query<{ correct_answer: number }>(
      'SELECT correct_answer FROM aptitude_questions WHERE id = $1',
      [byText.json().id],
    );
    expect(row!.correct_answer).toBe(2);
  });

  it('validates with the spec messages and refuses an answer that is none of the options', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ questionText: '' }, 'Question text is required'],
      [{ options: ['a', ' ', 'c', 'd'] }, 'All options must be filled'],
      [{ marks: 0 }, 'Marks must be greater than 0'],
      [{ correctAnswer: 'Purple' }, 'The correct answer must be one of the options'],
      [{ correctAnswer: 7 }, 'The correct answer must be one of the options'],
      [{ testId: undefined }, 'testId is required'],
      // Issue 26: true/false up to six options.
      [{ options: ['only'], correctAnswer: 0 }, 'A question needs at least 2 options'],
      [{ options: ['1', '2', '3', '4', '5', '6', '7'], correctAnswer: 0 }, 'A question can have at most 6 options'],
    ];
    for (const [over, message] of cases) {
      const res = await add(over);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('takes a true/false question and one with six options', async () => {
    const tf = await add({ options: ['True', 'False'], correctAnswer: 'False' });
    expect(tf.statusCode).toBe(201);
    expect(tf.json()).toMatchObject({ options: ['True', 'False'], correctAnswer: 1 });
    const six = await add({ options: ['1', '2', '3', '4', '5', '6'], correctAnswer: 5 });
    expect(six.statusCode).toBe(201);
    const seven = await call(t.app, 'PUT', `/api/aptitude-questions/${six.json().id}`, owner, {
      ...questionBody({ testId: test.id }),
      options: ['1', '2', '3', '4', '5', '6', '7'],
    });
    expect(seven.statusCode).toBe(400);
  });

  it("needs a test the caller manages: another company's test is 404, candidates 403, visitors 401", async () => {
    const theirs = await createTestAs(t.app, rival, { testType: 'APTITUDE' });
    expect((await add({ testId: theirs.id })).statusCode).toBe(404);
    expect((await add({}, candidate)).statusCode).toBe(403);
    expect(
      (await call(t.app, 'POST', '/api/aptitude-questions/add', null, questionBody({ testId: test.id }))).statusCode,
    ).toBe(401);
  });
});

describe('reading, changing and deleting questions', () => {
  it("lists the company's questions only; candidates 403", async () => {
    const mine = (await add({ questionText: 'Mine only' })).json();
    const theirTest = await createTestAs(t.app, rival, { testType: 'APTITUDE' });
    const theirs = (await add({ testId: theirTest.id, questionText: 'Theirs only' }, rival)).json();
    const res = await call(t.app, 'GET', '/api/aptitude-questions/all', owner);
    const ids = res.json().map((q: { id: string }) => q.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    const filtered = await call(t.app, 'GET', `/api/aptitude-questions/all?testId=${theirTest.id}`, owner);
    expect(filtered.json()).toEqual([]);
    expect((await call(t.app, 'GET', '/api/aptitude-questions/all', candidate)).statusCode).toBe(403);
  });

  it('gives the owner everything, another employer 404, and a candidate no answer or explanation', async () => {
    const q = (
      await add({ options: ['UNIQUE-OPT-A', 'UNIQUE-OPT-B'], correctAnswer: 1, explanation: 'EXPLAIN-MARKER' })
    ).json();
    await call(t.app, 'PUT', `/api/tests/${test.id}/update-questions`, owner, { questionIds: [q.id] });
    const asOwner = await call(t.app, 'GET', `/api/aptitude-questions/${q.id}`, owner);
    expect(asOwner.json()).toMatchObject({
      correctAnswer: 1,
      correctAnswerText: 'UNIQUE-OPT-B',
      explanation: 'EXPLAIN-MARKER',
    });
    expect((await call(t.app, 'GET', `/api/aptitude-questions/${q.id}`, rival)).statusCode).toBe(404);
    // Not before the candidate has started the test (the clock must run while questions are read).
    expect((await call(t.app, 'GET', `/api/aptitude-questions/${q.id}`, candidate)).statusCode).toBe(404);
    await t.deps.db
      .insert(attempts)
      .values({ testId: test.id, userId: candidate.id, deadlineAt: new Date(Date.now() + 3_600_000) });
    const asCandidate = await call(t.app, 'GET', `/api/aptitude-questions/${q.id}`, candidate);
    expect(asCandidate.statusCode).toBe(200);
    expect(asCandidate.json()).toEqual({
      id: q.id,
      testId: test.id,
      questionText: q.questionText,
      options: ['UNIQUE-OPT-A', 'UNIQUE-OPT-B'],
      marks: 5,
    });
    expect(asCandidate.body).not.toContain('EXPLAIN-MARKER');
    expect(asCandidate.body).not.toMatch(/correctAnswer/);
    const tq = await call(t.app, 'GET', `/api/tests/${test.id}/questions`, candidate);
    expect(tq.statusCode).toBe(200);
    expect(tq.json().questions.map((x: { id: string }) => x.id)).toEqual([q.id]);
    expect(tq.body).not.toContain('EXPLAIN-MARKER');
    expect(tq.body).not.toMatch(/correctAnswer/);
  });

  it('hides questions that are in no test from candidates', async () => {
    const bankOnly = (await add()).json();
    expect((await call(t.app, 'GET', `/api/aptitude-questions/${bankOnly.id}`, candidate)).statusCode).toBe(404);
  });

  it('updates a question (answer by text) and refuses other employers', async () => {
    const q = (await add()).json();
    const res = await call(t.app, 'PUT', `/api/aptitude-questions/${q.id}`, owner, {
      ...q,
      questionText: 'Edited',
      correctAnswer: '22',
      marks: 7,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ questionText: 'Edited', correctAnswer: 3, correctAnswerText: '22', marks: 7 });
    expect(
      (await call(t.app, 'PUT', `/api/aptitude-questions/${q.id}`, rival, { ...q, questionText: 'Stolen' })).statusCode,
    ).toBe(404);
    expect((await call(t.app, 'PUT', `/api/aptitude-questions/${q.id}`, candidate, { ...q })).statusCode).toBe(403);
  });

  it('deletes a question and takes it out of every test that listed it', async () => {
    const a = (await add()).json();
    const b = (await add()).json();
    await call(t.app, 'PUT', `/api/tests/${test.id}/update-questions`, owner, { questionIds: [a.id, b.id] });
    expect((await call(t.app, 'DELETE', `/api/aptitude-questions/${a.id}`, rival)).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/aptitude-questions/${a.id}`, owner)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/aptitude-questions/${a.id}`, owner)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/tests/${test.id}`, owner)).json().questionIds).toEqual([b.id]);
  });
});
