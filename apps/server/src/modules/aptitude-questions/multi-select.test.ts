/** Multi-select aptitude questions (issue 25): authoring, answers as arrays, and `all` / `partial` scoring. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/support';
import { tests } from '../../db/schema';
import { answerMarks } from './aptitude-scoring';

const t = useTestApp();

async function aptitudeTest(employer: { id: string; cookie: string }) {
  const res = await t.as(employer).post('/api/tests/create', {
    testName: 'Multi-select round',
    testType: 'APTITUDE',
    duration: 20,
    totalMarks: 20,
    passingMarks: 5,
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().id as string;
}

describe('multi-select questions', () => {
  it('scores all and partial exactly', () => {
    const q = { marks: 6, correctAnswer: 0, correctAnswers: [0, 2, 3], scoring: 'partial' as const };
    expect(answerMarks(q, [0, 2, 3])).toBe(6);
    expect(answerMarks(q, [0, 2])).toBe(4); // 6 × 2 ÷ 3
    expect(answerMarks(q, [0, 1])).toBe(0); // 1 right − 1 wrong
    expect(answerMarks(q, [0, 1, 2, 3])).toBe(4); // 3 right − 1 wrong
    expect(answerMarks(q, [1, 4])).toBe(0); // never below zero
    expect(answerMarks(q, undefined)).toBe(0);
    const all = { ...q, scoring: 'all' as const };
    expect(answerMarks(all, [0, 2, 3])).toBe(6);
    expect(answerMarks(all, [0, 2])).toBe(0);
    expect(answerMarks(all, [0, 1, 2, 3])).toBe(0);
    expect(answerMarks({ marks: 5, correctAnswer: 1, correctAnswers: null, scoring: null }, 1)).toBe(5);
  });

  it('refuses fewer than two, repeated or out-of-range correct options, naming the field', async () => {
    const employer = await t.signIn({ role: 'employer' });
    const testId = await aptitudeTest(employer);
    const add = (over: object) =>
      t.as(employer).post('/api/aptitude-questions/add', {
        testId,
        questionText: 'Pick the primes',
        options: ['2', '4', '5', '9'],
        marks: 4,
        ...over,
      });
    for (const [correctAnswers, message] of [
      [[0], 'A multi-select question needs two or more correct options'],
      [[0, 0], 'Each correct option is listed once'],
      [[0, 7], 'The correct answer must be one of the options'],
    ] as const) {
      const res = await add({ correctAnswers });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message, fields: { correctAnswers: message } });
    }
    expect((await add({})).json().fields).toEqual({ correctAnswer: 'Choose the correct answer' });
  });

  it('takes an array answer, scores it at the end, and never shows the correct options to the candidate', async () => {
    const employer = await t.signIn({ role: 'employer' });
    const testId = await aptitudeTest(employer);
    const add = (body: object) => t.as(employer).post('/api/aptitude-questions/add', { testId, ...body });
    const partial = await add({
      questionText: 'Pick the primes',
      options: ['2', '4', '5', '9'],
      correctAnswers: [2, 0],
      scoring: 'partial',
      marks: 4,
    });
    expect(partial.statusCode, partial.body).toBe(201);
    expect(partial.json()).toMatchObject({ correctAnswers: [0, 2], scoring: 'partial', correctAnswer: 0 });
    const all = await add({
      questionText: 'Pick the even numbers',
      options: ['1', '2', '3', '4'],
      correctAnswers: [1, 3],
      marks: 3,
    });
    expect(all.json()).toMatchObject({ correctAnswers: [1, 3], scoring: 'all' });
    const single = await add({ questionText: 'Two plus two?', options: ['3', '4'], correctAnswer: 1, marks: 2 });
    const [qp, qa, qs] = [partial.json().id, all.json().id, single.json().id] as string[];
    await t.deps.db
      .update(tests)
      .set({ questionIds: [qp!, qa!, qs!], access: 'link' })
      .where(eq(tests.id, testId));

    const cand = await createSignedInUser(t.app);
    const started = await t.as(cand).post(`/api/attempts/${testId}/start`);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().questions.map((q: { multiple?: boolean }) => q.multiple)).toEqual([true, true, undefined]);
    expect(started.body).not.toContain('correctAnswers');
    const put = (questionId: string, answer: unknown) =>
      t.as(cand).request('PUT', `/api/attempts/${testId}/answers`, { questionId, answer });
    expect((await put(qp!, [0, 1])).statusCode).toBe(200); // 1 right − 1 wrong = 0 marks
    expect((await put(qp!, [2, 0])).statusCode).toBe(200); // replaces: both right = 4 marks
    expect((await put(qa!, [3])).statusCode).toBe(200); // one of two under "all" = 0 marks
    expect((await put(qs!, [1])).json()).toMatchObject({
      code: 'VALIDATION',
      message: 'This question takes one answer',
    });
    expect((await put(qs!, 1)).statusCode).toBe(200);
    expect((await put(qa!, [1, 9])).statusCode).toBe(400);
    const take = (await t.as(cand).get(`/api/attempts/take/${testId}`)).json();
    expect(take.answers).toEqual({ [qp!]: [0, 2], [qa!]: [3], [qs!]: 1 });
    const ended = await t.as(cand).post(`/api/attempts/${testId}/end`);
    expect(ended.json().attempt).toMatchObject({ score: 6, maxScore: 9 });
  });
});
