/** SQL problems (issue 25) through the API, on the real sandboxed judge. */
import { describe, expect, it } from 'vitest';
import { buildCodingTest, startCodingAttempt } from '../../../test/factories';
import { useRealJudge, useTestApp } from '../../../test/support';

const t = useTestApp();
useRealJudge(t, { concurrency: 2 });

const SCHEMA = `CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT NOT NULL, author TEXT, year INTEGER);`;
// the hidden case's expected output is a value no candidate answer may ever contain
const HIDDEN_TITLE = 'Zqxwv Hidden Chronicle';

function problemBody(over: Record<string, unknown> = {}) {
  return {
    title: 'Books before 1950',
    description: 'List the title and author of every book published before 1950, oldest first.',
    kind: 'sql',
    sql: { schema: SCHEMA },
    examples: [
      {
        input:
          "INSERT INTO books VALUES (1, 'Emma', 'Austen', 1815), (2, 'Dune', 'Herbert', 1965), (3, 'Ulysses', NULL, 1922);",
        output: 'Emma|Austen\nUlysses|NULL',
      },
    ],
    testCases: [
      {
        input: `INSERT INTO books VALUES (1, '${HIDDEN_TITLE}', 'NULL', 1901), (2, 'Late', 'X', 2001);`,
        output: `${HIDDEN_TITLE}|\\NULL`,
      },
    ],
    constraints: ['SQLite dialect'],
    ...over,
  };
}

const RIGHT = 'SELECT title, author FROM books WHERE year < 1950 ORDER BY year;';
const REVERSED = 'SELECT title, author FROM books WHERE year < 1950 ORDER BY year DESC;';

async function candidateOn(over: Record<string, unknown> = {}) {
  const body = problemBody(over);
  const employer = await t.signIn({ role: 'employer' });
  const { test } = await buildCodingTest(t.deps.db, {
    employer,
    problems: [
      {
        ...body,
        kind: 'sql',
        sqlSchema: SCHEMA,
        orderMatters: !!over.orderMatters,
        marks: 10,
      },
    ] as never,
  });
  const candidate = await t.signIn();
  await startCodingAttempt(t.deps, candidate.id, test.id);
  const submit = (code: string, language = 'sql') =>
    t.as(candidate).post('/api/submissions', { testId: test.id, questionNumber: 0, language, code });
  const run = (code: string, stdin?: string) =>
    t.as(candidate).post('/api/submissions/run', { testId: test.id, questionNumber: 0, language: 'sql', code, stdin });
  return { test, candidate, employer, submit, run };
}

describe('SQL problems', () => {
  it('stores the schema and row-order rule, and refuses a missing schema or dot-commands in the data', async () => {
    const employer = await t.signIn({ role: 'employer' });
    const res = await t.as(employer).post('/api/coding-tests', problemBody({ orderMatters: true }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'sql', sql: { schema: SCHEMA }, orderMatters: true });
    const noSchema = await t.as(employer).post('/api/coding-tests', problemBody({ sql: null }));
    expect(noSchema.statusCode).toBe(400);
    expect(noSchema.json().message).toContain('An SQL problem needs a schema');
    const dot = await t
      .as(employer)
      .post('/api/coding-tests', problemBody({ testCases: [{ input: '.shell id', output: '1' }] }));
    expect(dot.statusCode).toBe(400);
    expect(dot.json().message).toContain('Test case 1: the data cannot hold sqlite3 dot-commands');
    // a case may expect no rows at all: its output is empty (other kinds still need an output)
    const none = await t
      .as(employer)
      .post('/api/coding-tests', problemBody({ testCases: [{ input: 'DELETE FROM books;', output: '' }] }));
    expect(none.statusCode, none.body).toBe(201);
    const stdio = await t
      .as(employer)
      .post('/api/coding-tests', problemBody({ kind: 'stdio', sql: null, testCases: [{ input: '1', output: '' }] }));
    expect(stdio.statusCode).toBe(400);
    expect(stdio.json().message).toBe('All test cases must have both input and output');
  });

  it('a candidate sees the schema, a correct query passes, and hidden outputs never appear', async () => {
    const { submit } = await candidateOn();
    const res = await submit(RIGHT);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-submission-score']).toBe('10/10');
    const items = res.json();
    expect(items[0]).toMatchObject({ passed: true, output: 'Emma|Austen\nUlysses|NULL' });
    expect(items[1]).toMatchObject({ hidden: true, passed: true });
    expect(res.body).not.toContain(HIDDEN_TITLE);
  });

  it('shows the schema to the candidate and keeps hidden data out of every candidate answer', async () => {
    const { test, candidate, submit } = await candidateOn();
    const take = await t.as(candidate).get(`/api/attempts/take/${test.id}`);
    expect(take.statusCode).toBe(200);
    const shown = take.json().questions?.[0] ?? take.json().problems?.[0];
    expect(shown).toMatchObject({ kind: 'sql', sql: { schema: SCHEMA }, orderMatters: false });
    expect(take.body).not.toContain(HIDDEN_TITLE);
    // a wrong answer that would print the hidden rows: the candidate still sees only the verdict
    const wrong = await submit('SELECT title, year FROM books;');
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()[1]).toEqual({ index: 1, hidden: true, passed: false, verdict: 'Wrong Answer' });
    expect(wrong.body).not.toContain(HIDDEN_TITLE);
    const list = await t.as(candidate).get(`/api/submissions/all?testId=${test.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(1);
    expect(list.body).not.toContain(HIDDEN_TITLE);
  });

  it('a rewritten schema cannot carry the hidden rows into the Compilation Error text (issue 47)', async () => {
    const { test, candidate, submit } = await candidateOn();
    const attack = [
      'CREATE VIEW v AS SELECT 1 AS a;',
      'PRAGMA writable_schema = ON;',
      "UPDATE sqlite_schema SET sql = 'CREATE VIEW v AS SELECT [' || (SELECT group_concat(title || ':' || year, ',') FROM books) || ']' WHERE name = 'v' AND (SELECT count(*) FROM books WHERE year = 1901) > 0;",
      'PRAGMA writable_schema = RESET;',
      'SELECT * FROM v;',
    ].join('\n');
    const res = await submit(attack);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Hidden');
    const list = await t.as(candidate).get(`/api/submissions/all?testId=${test.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('Hidden');
    const one = await t.as(candidate).get(`/api/submissions/${list.json()[0].id}`);
    expect(one.statusCode).toBe(200);
    expect(one.body).not.toContain('Hidden');
  });

  it('fails a wrong row order only when the order matters', async () => {
    const loose = await candidateOn();
    expect((await loose.submit(REVERSED)).headers['x-submission-score']).toBe('10/10');
    const strict = await candidateOn({ orderMatters: true });
    const res = await strict.submit(REVERSED);
    expect(res.json()[0]).toMatchObject({ verdict: 'Wrong Answer', output: 'Ulysses|NULL\nEmma|Austen' });
    expect((await strict.submit(RIGHT)).headers['x-submission-score']).toBe('10/10');
  });

  it('documents kind sql, the schema and orderMatters in /api/openapi.json', async () => {
    const res = await t.as(null).get('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = JSON.stringify(res.json());
    expect(doc).toContain('"orderMatters"');
    expect(doc).toMatch(/"enum":\["stdio","function","sql"\]/);
    expect(doc).toMatch(/"sql":\{[^}]*"schema"/);
  });

  it('passes a case that expects no rows only when the query returns none', async () => {
    const { submit } = await candidateOn({
      testCases: [{ input: "INSERT INTO books VALUES (1, 'New', 'A', 2020);", output: '' }],
    });
    expect((await submit(RIGHT)).headers['x-submission-score']).toBe('10/10');
    expect((await submit('SELECT title, author FROM books;')).json()[1]).toMatchObject({ passed: false });
  });

  it('runs each case on a fresh database: DROP TABLE in one case leaves the next whole', async () => {
    const { submit } = await candidateOn();
    const res = await submit(`${RIGHT}\nDELETE FROM books; DROP TABLE books;`);
    expect(res.json().map((i: { passed: boolean }) => i.passed)).toEqual([true, true]);
  });

  it('an endless recursive query is a Time Limit Exceeded; a syntax error is a Compilation Error', async () => {
    const { submit, run } = await candidateOn({ timeLimitMs: 500 });
    const endless = await run(
      'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n;',
    );
    expect(endless.json()[0]).toMatchObject({ verdict: 'Time Limit Exceeded', passed: false });
    const syntax = await submit('SELECT title FROM books WHERE year < < 1950');
    expect(syntax.json()[0]).toMatchObject({ verdict: 'Compilation Error' });
    expect(syntax.json()[0].output).toContain('near "<": syntax error');
  });

  it('refuses dot-commands, readfile and ATTACH; sql answers only an SQL problem', async () => {
    const { run, test, candidate } = await candidateOn();
    for (const code of ['.shell id', "SELECT readfile('/etc/passwd');", "ATTACH '/tmp/x.db' AS x; SELECT 1;"]) {
      const res = await run(code);
      expect(res.statusCode).toBe(200);
      expect(res.json()[0].passed, code).toBe(false);
      expect(res.body, code).not.toContain('uid=');
      expect(res.body, code).not.toContain('root:x:0');
    }
    const python = await t
      .as(candidate)
      .post('/api/submissions/run', { testId: test.id, questionNumber: 0, language: 'python', code: 'print(1)' });
    expect(python.statusCode).toBe(400);
    expect(python.json().message).toBe('This is an SQL problem: answer it in sql');
    const custom = await run(
      'SELECT title FROM books ORDER BY id;',
      "INSERT INTO books VALUES (7, 'Own', 'Me', 2000);",
    );
    expect(custom.json()[0]).toMatchObject({ verdict: 'Accepted', output: 'Own' });
  });

  it('fills the outputs from the model solution, and the Kattis export refuses with a clear message', async () => {
    const employer = await t.signIn({ role: 'employer' });
    const created = await t.as(employer).post(
      '/api/coding-tests',
      problemBody({
        examples: [{ input: problemBody().examples[0]?.input, output: 'x' }],
        testCases: [{ input: problemBody().testCases[0]?.input, output: 'x' }],
        solution: RIGHT,
        solutionLanguage: 'sql',
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const filled = await t.as(employer).post(`/api/coding-tests/${id}/fill-outputs`, {});
    expect(filled.statusCode, filled.body).toBe(200);
    expect(filled.json().examples[0].output).toBe('Emma|Austen\nUlysses|NULL');
    expect(filled.json().testCases[0].output).toBe(`${HIDDEN_TITLE}|\\NULL`);
    // "Check solution" judges the model query against the filled cases
    const checked = await t.as(employer).post(`/api/coding-tests/${id}/check`, {});
    expect(checked.statusCode, checked.body).toBe(200);
    expect(JSON.stringify(checked.json())).toContain('"passed"');
    expect((await t.as(employer).get(`/api/coding-tests/${id}`)).json().solutionCheck).toMatchObject({
      state: 'passed',
      passedCount: 2,
      totalCount: 2,
    });
    const exported = await t.as(employer).get(`/api/coding-tests/${id}/export`);
    expect(exported.statusCode).toBe(422);
    expect(exported.json().message).toContain('An SQL problem cannot be exported as a Kattis package');
  });

  it('keeps an SQL draft across reloads and submits it when the attempt ends', async () => {
    const { test, candidate, employer } = await candidateOn();
    const take = await t.as(candidate).get(`/api/attempts/take/${test.id}`);
    const questionId = take.json().problems[0].id as string;
    const saved = await t
      .as(candidate)
      .put(`/api/attempts/${test.id}/drafts`, { questionId, language: 'sql', code: RIGHT });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = await t.as(candidate).get(`/api/attempts/take/${test.id}`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().drafts).toMatchObject([{ questionId, language: 'sql', code: RIGHT }]);
    expect(again.json().languages).toEqual({ [questionId]: 'sql' });
    expect((await t.as(candidate).post(`/api/attempts/${test.id}/end`, {})).statusCode).toBe(200);
    let subs: { status: string; language: string; score: number }[] = [];
    while (subs[0]?.status !== 'judged') {
      subs = (await t.as(candidate).get(`/api/submissions/all?testId=${test.id}`)).json();
      if (subs[0]?.status !== 'judged') await new Promise((r) => setTimeout(r, 200));
    }
    expect(subs[0]).toMatchObject({ language: 'sql', score: 10 });
    // the score reaches the employer's CSV like any other
    const csv = await t.as(employer).get(`/api/review/tests/${test.id}/results.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[1]).toMatch(/,10,10,100,Pass,/);
  });
});
