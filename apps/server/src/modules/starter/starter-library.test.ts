/**
 * The starter library through the API (issue 25): every company reads it, searches it by kind, tag and text, and
 * adds an item to a test as its own copy (checked by the builder's rules; usage follows the copy).
 */
import { isStarterProblem, STARTER_ITEMS } from '@assessly/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support';

const t = useTestApp();

async function newTest(employer: { cookie: string }, testType: 'CODING' | 'APTITUDE') {
  const res = await t.as(employer).post('/api/tests/create', {
    testName: `Starter ${testType}`,
    testType,
    duration: 30,
    totalMarks: 10,
    passingMarks: 5,
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().id as string;
}

describe('starter library', () => {
  it('is read by every company and searched by kind, tag, difficulty and text', async () => {
    const a = await t.signIn({ role: 'employer' });
    const b = await t.signIn({ role: 'employer' });
    const browse = (who: { cookie: string }, query: string) =>
      t.as(who).get(`/api/library?source=starter&pageSize=100&${query}`);
    const problems = await browse(a, 'kind=problem');
    expect(problems.statusCode, problems.body).toBe(200);
    const problemCount = STARTER_ITEMS.filter(isStarterProblem).length;
    expect(problems.json()).toMatchObject({ total: problemCount });
    expect((await browse(b, 'kind=problem')).json().total).toBe(problemCount);
    const sqlProblems = (await browse(a, 'kind=problem&type=sql')).json();
    expect(sqlProblems.total).toBe(STARTER_ITEMS.filter((i) => i.kind === 'sql').length);
    expect(sqlProblems.total).toBeGreaterThanOrEqual(4);
    expect(sqlProblems.items.every((i: { type: string }) => i.type === 'sql')).toBe(true);
    expect(problems.json().items[0]).toMatchObject({ starter: true, type: 'function', kind: 'problem' });
    // the model solution and the hidden cases stay out of the listing
    expect(problems.body).not.toContain('def sumOfEvens');
    const written = (await browse(a, 'kind=question&type=text')).json();
    expect(written.total).toBe(STARTER_ITEMS.filter((i) => i.kind === 'text').length);
    expect(written.items.every((i: { type: string }) => i.type === 'text')).toBe(true);
    const multiple = (await browse(a, 'kind=question&type=multiple')).json();
    expect(multiple.total).toBe(STARTER_ITEMS.filter((i) => i.kind === 'choice' && i.correctAnswers).length);
    const hard = (await browse(a, 'kind=problem&difficulty=hard&tag=dynamic%20programming')).json();
    expect(hard.items.map((i: { title: string }) => i.title).sort()).toEqual([
      'Fewest coins',
      'Longest strictly increasing subsequence',
    ]);
    expect((await browse(a, 'kind=problem&q=palindrome')).json().total).toBe(1);
    expect((await browse(a, 'kind=question&type=bogus')).statusCode).toBe(400);
    const cand = await t.signIn();
    expect((await browse(cand, 'kind=problem')).statusCode).toBe(403);
  });

  it('adds a function problem and a written question to tests as the company’s own copies', async () => {
    const employer = await t.signIn({ role: 'employer' });
    const coding = await newTest(employer, 'CODING');
    const aptitude = await newTest(employer, 'APTITUDE');
    const find = async (kind: string, q: string) =>
      (await t.as(employer).get(`/api/library?source=starter&kind=${kind}&q=${encodeURIComponent(q)}`)).json()
        .items[0] as { id: string; usageCount: number };
    const coins = await find('problem', 'Fewest coins');
    const added = await t
      .as(employer)
      .post('/api/library/add-to-test', { testId: coding, kind: 'problem', itemId: coins.id });
    expect(added.statusCode, added.body).toBe(200);
    const [copy] = (await t.as(employer).get(`/api/coding-tests?testId=${coding}`)).json();
    expect(copy).toMatchObject({
      title: 'Fewest coins',
      kind: 'function',
      signature: { name: 'fewestCoins', returns: 'int' },
      solutionLanguage: 'python',
    });
    expect(copy.solution).toContain('def fewestCoins');
    expect(copy.testCases.length).toBeGreaterThanOrEqual(4);
    expect((await find('problem', 'Fewest coins')).usageCount).toBe(1);
    // the copy is the company's: it edits it without touching the starter item
    const edited = await t.as(employer).put(`/api/coding-tests/${copy.id}`, { ...copy, title: 'Coins, our way' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await find('problem', 'Fewest coins')).id).toBe(coins.id);

    // an SQL problem arrives whole: its schema, the row-order rule and its model query
    const salary = await find('problem', 'Second-highest salary');
    const addedSql = await t
      .as(employer)
      .post('/api/library/add-to-test', { testId: coding, kind: 'problem', itemId: salary.id });
    expect(addedSql.statusCode, addedSql.body).toBe(200);
    const sqlCopy = (await t.as(employer).get(`/api/coding-tests?testId=${coding}`))
      .json()
      .find((p: { kind: string }) => p.kind === 'sql');
    expect(sqlCopy).toMatchObject({
      title: 'Second-highest salary per department',
      orderMatters: true,
      solutionLanguage: 'sql',
    });
    expect(sqlCopy.sql.schema).toContain('CREATE TABLE employees');
    expect(sqlCopy.testCases.length).toBeGreaterThanOrEqual(3);

    const cap = await find('question', 'reserve the last seat');
    const addedQ = await t.as(employer).post('/api/library/add-to-test', {
      testId: aptitude,
      kind: 'question',
      itemId: cap.id,
    });
    expect(addedQ.statusCode, addedQ.body).toBe(200);
    const questions = (await t.as(employer).get(`/api/tests/${aptitude}/questions`)).json().questions;
    expect(questions[0]).toMatchObject({ kind: 'text', marks: 15 });
    expect(questions[0].rubric).toMatch(/^Full marks/);

    // a written question may join a coding test's written questions too; a choice question may not
    const intoCoding = await t.as(employer).post('/api/library/add-to-test', {
      testId: coding,
      kind: 'question',
      itemId: cap.id,
    });
    expect(intoCoding.statusCode, intoCoding.body).toBe(200);
    const codingRead = (await t.as(employer).get(`/api/tests/${coding}/questions`)).json();
    expect(codingRead.questions).toMatchObject([{ kind: 'text', marks: 15 }]);
    expect(codingRead.test.totalMarks).toBe(
      codingRead.problems.reduce((n: number, p: { marks: number }) => n + p.marks, 0) + 15,
    );
    const choice = (await t.as(employer).get('/api/library?kind=question&source=starter&type=single')).json();
    const wrongTest = await t.as(employer).post('/api/library/add-to-test', {
      testId: coding,
      kind: 'question',
      itemId: choice.items[0].id,
    });
    expect(wrongTest.statusCode, wrongTest.body).toBe(400);
    expect(wrongTest.json().message).toBe('Only written questions can be added to a coding test');
    const wrongKind = await t.as(employer).post('/api/library/add-to-test', {
      testId: aptitude,
      kind: 'question',
      itemId: coins.id,
    });
    expect(wrongKind.statusCode).toBe(404);
  });

  it('searches the company’s own library by kind too', async () => {
    const employer = await t.signIn({ role: 'employer' });
    const aptitude = await newTest(employer, 'APTITUDE');
    const add = (body: object) => t.as(employer).post('/api/aptitude-questions/add', { testId: aptitude, ...body });
    await add({ questionText: 'Pick one', options: ['a', 'b'], correctAnswer: 0 });
    await add({ questionText: 'Pick both', options: ['a', 'b', 'c'], correctAnswers: [0, 1] });
    await add({ kind: 'text', questionText: 'Explain', rubric: 'r' });
    const of = async (type: string) =>
      (await t.as(employer).get(`/api/library?kind=question&type=${type}`))
        .json()
        .items.map((i: { title: string }) => i.title);
    expect(await of('single')).toEqual(['Pick one']);
    expect(await of('multiple')).toEqual(['Pick both']);
    expect(await of('text')).toEqual(['Explain']);
    // the page is told which kinds, difficulties and languages exist (issue 46): only those are offered
    const facets = (await t.as(employer).get('/api/library?kind=question')).json();
    expect(facets).toMatchObject({ types: ['single', 'multiple', 'text'], difficulties: [], languages: [] });
    expect((await t.as(employer).get('/api/library?kind=problem')).json()).toMatchObject({
      types: [],
      difficulties: [],
      languages: [],
    });
  });

  it('offers standard input/output problems and only the filter values that exist (issue 46)', async () => {
    const employer = await t.signIn({ role: 'employer' });
    const page = (await t.as(employer).get('/api/library?source=starter&kind=problem&pageSize=100')).json();
    expect(page.types).toEqual(['stdio', 'function', 'sql']);
    expect(page.difficulties).toEqual(['easy', 'medium', 'hard']);
    // every offered kind matches something
    for (const type of page.types) {
      const of = (await t.as(employer).get(`/api/library?source=starter&kind=problem&type=${type}`)).json();
      expect(of.total, type).toBeGreaterThan(0);
    }
    const stdio = (await t.as(employer).get('/api/library?source=starter&kind=problem&type=stdio')).json();
    expect(stdio.total).toBe(STARTER_ITEMS.filter((i) => i.kind === 'stdio').length);
    expect(stdio.total).toBeGreaterThanOrEqual(4);
    const questions = (await t.as(employer).get('/api/library?source=starter&kind=question')).json();
    expect(questions.types).toEqual(['single', 'multiple', 'text']);

    // a copy is a stdin/stdout problem with its Python model solution, hidden cases kept from the listing
    const brackets = stdio.items.find((i: { title: string }) => i.title === 'Balanced brackets');
    expect(brackets).toMatchObject({ type: 'stdio', starter: true });
    expect(JSON.stringify(stdio)).not.toContain('import sys');
    const coding = await newTest(employer, 'CODING');
    const added = await t
      .as(employer)
      .post('/api/library/add-to-test', { testId: coding, kind: 'problem', itemId: brackets.id });
    expect(added.statusCode, added.body).toBe(200);
    const [copy] = (await t.as(employer).get(`/api/coding-tests?testId=${coding}`)).json();
    expect(copy).toMatchObject({ title: 'Balanced brackets', kind: 'stdio', solutionLanguage: 'python', marks: 10 });
    expect(copy.solution).toContain('def balanced');
    expect(copy.testCases.length).toBeGreaterThanOrEqual(4);
  });
});
