/**
 * One rule for a test's total (issue 46): once a test holds questions its total marks are their sum, kept on
 * every path that changes the questions or their marks; the pass mark is checked against it (capped when the
 * questions shrink the total). The old code set the total to the sum at one moment only: a test created with
 * 100 marks, given a 60-mark problem through the editor's "update questions" and then a 15-mark one, read
 * "pass mark 40 of 60" against 75 marks of questions.
 */
import { describe, expect, it } from 'vitest';
import { buildCodingTest } from '../../../test/factories';
import { call, createTestAs, problemBody, questionBody } from '../../../test/fixtures/authoring';
import { useTestApp } from '../../../test/support';

const t = useTestApp();

async function problem(owner: Parameters<typeof createTestAs>[1], testId: string, marks: number) {
  const res = await call(t.app, 'POST', '/api/coding-tests', owner, problemBody(`m${marks}`, { testId, marks }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

const read = async (owner: Parameters<typeof createTestAs>[1], id: string) =>
  (await call(t.app, 'GET', `/api/tests/${id}`, owner)).json() as {
    totalMarks: number;
    passingMarks: number;
    version: number;
  };

describe('a test totals its questions’ marks', () => {
  it('on every change of the questions and their marks, the pass mark checked against it', async () => {
    const owner = await t.signIn({ role: 'employer' });
    const test = await createTestAs(t.app, owner, { totalMarks: 100, passingMarks: 40 });
    // no questions yet: the typed total stands
    expect(await read(owner, test.id)).toMatchObject({ totalMarks: 100, passingMarks: 40 });

    const a = await problem(owner, test.id, 60);
    const b = await problem(owner, test.id, 15);
    const put = (ids: string[]) =>
      call(t.app, 'PUT', `/api/tests/${test.id}/update-questions`, owner, { questionIds: ids });
    expect((await put([a.id])).statusCode).toBe(200);
    expect(await read(owner, test.id)).toMatchObject({ totalMarks: 60, passingMarks: 40 });
    expect((await put([a.id, b.id])).statusCode).toBe(200);
    expect(await read(owner, test.id)).toMatchObject({ totalMarks: 75, passingMarks: 40 });

    // a problem's marks change: the total follows
    const edited = await call(t.app, 'PUT', `/api/coding-tests/${b.id}`, owner, problemBody('m15', { marks: 25 }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await read(owner, test.id)).toMatchObject({ totalMarks: 85, passingMarks: 40 });

    // the pass mark is checked against the total; a total other than the sum is refused with the sum
    const high = await call(t.app, 'PUT', `/api/tests/${test.id}`, owner, { passingMarks: 86 });
    expect(high.statusCode).toBe(400);
    expect(high.json().fields).toMatchObject({ passingMarks: expect.any(String) });
    const other = await call(t.app, 'PUT', `/api/tests/${test.id}`, owner, { totalMarks: 100 });
    expect(other.statusCode).toBe(400);
    expect(other.json().fields.totalMarks).toBe("Total marks are the sum of the questions' marks (85)");
    const same = await call(t.app, 'PUT', `/api/tests/${test.id}`, owner, { totalMarks: 85, passingMarks: 50 });
    expect(same.statusCode, same.body).toBe(200);

    // removing a question shrinks the total; a pass mark above it is capped
    const removed = await call(t.app, 'DELETE', `/api/coding-tests/${a.id}`, owner);
    expect(removed.statusCode).toBeLessThan(300);
    expect(await read(owner, test.id)).toMatchObject({ totalMarks: 25, passingMarks: 25 });
  });

  it('an aptitude test: adding, editing and the batch save keep the sum', async () => {
    const owner = await t.signIn({ role: 'employer' });
    const test = await createTestAs(t.app, owner, { testType: 'APTITUDE', totalMarks: 100, passingMarks: 40 });
    const saved = await call(t.app, 'POST', `/api/tests/${test.id}/questions/batch`, owner, {
      questions: [questionBody({ marks: 5 })],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // a batch save without recomputeTotal no longer leaves 100 marks over a 5-mark question
    expect(saved.json().test).toMatchObject({ totalMarks: 5, passingMarks: 5 });
    const [q] = saved.json().questions as { id: string }[];
    const changed = await call(t.app, 'PUT', `/api/aptitude-questions/${q!.id}`, owner, questionBody({ marks: 8 }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await read(owner, test.id)).toMatchObject({ totalMarks: 8, passingMarks: 5 });
  });

  it('a form that sends back the stored total and pass mark saves, and the total becomes the sum', async () => {
    // a stored total other than the questions' sum (100 over two 10-mark problems): the editor shows it read-only
    // and sends it back with the pass mark (50) it read; refusing that would leave the employer unable to save
    const owner = await t.signIn({ role: 'employer' });
    const { test } = await buildCodingTest(t.deps.db, { employer: owner, totalMarks: 100, passingMarks: 50 });
    const res = await call(t.app, 'PUT', `/api/tests/${test.id}`, owner, {
      totalMarks: 100,
      passingMarks: 50,
      proctoring: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ totalMarks: 20, passingMarks: 20, proctoring: false });
    // a total the employer changes is still checked against the sum
    const changed = await call(t.app, 'PUT', `/api/tests/${test.id}`, owner, { totalMarks: 30 });
    expect(changed.statusCode).toBe(400);
    // and a pass mark they change, against the total
    const high = await call(t.app, 'PUT', `/api/tests/${test.id}`, owner, { passingMarks: 21 });
    expect(high.statusCode).toBe(400);
  });
});
