import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestJudge, type TestJudge } from '../test/test-support';
import { HIDDEN_PREPARE_ERROR } from './sql/judge-sql';
import type { SqlSpec } from './sql/types';
import type { JudgeCase } from './types';

// Issue 47: a hidden case's rows must not reach the candidate through the submission-level message.
const SPEC: SqlSpec = { schema: 'CREATE TABLE emp (name TEXT, salary INTEGER);' };
const VISIBLE: JudgeCase = { input: "INSERT INTO emp VALUES ('Ann', 10);", expectedOutput: '1', hidden: false };
const HIDDEN: JudgeCase = {
  input: "INSERT INTO emp VALUES ('HIDDEN-Zed', 500), ('HIDDEN-Yan', 7);",
  expectedOutput: '1',
  hidden: true,
};
const ATTACK = [
  'CREATE VIEW v AS SELECT 1 AS a;',
  'PRAGMA writable_schema = ON;',
  "UPDATE sqlite_schema SET sql = 'CREATE VIEW v AS SELECT [' || (SELECT group_concat(name || ':' || salary, ',') FROM emp) || ']' WHERE name = 'v' AND (SELECT count(*) FROM emp) > 1;",
  'PRAGMA writable_schema = RESET;',
  'SELECT * FROM v;',
].join('\n');

let tj: TestJudge;
beforeAll(() => {
  tj = createTestJudge(2);
});
afterAll(async () => {
  await tj.dispose();
});

describe('hidden SQL data and error messages', { timeout: 60_000 }, () => {
  it('a rewritten schema cannot turn a hidden case’s rows into the compilation message', async () => {
    const r = await tj.judge.judge({ language: 'sql', code: ATTACK, cases: [VISIBLE, HIDDEN], sql: SPEC });
    expect(r.verdict).not.toBe('Accepted');
    expect(JSON.stringify(r)).not.toContain('HIDDEN-');
    // defensive mode refuses the rewrite itself, in every case
    expect(r.cases[0]?.stderr ?? r.compileOutput).toContain('may not be modified');
  });

  it('a prepare error on a hidden case only is a Compilation Error with no text of that case', async () => {
    const hidden: JudgeCase = { input: 'DROP TABLE emp; CREATE TABLE other (x);', expectedOutput: '', hidden: true };
    const r = await tj.judge.judge({
      language: 'sql',
      code: 'SELECT count(*) FROM emp;',
      cases: [VISIBLE, hidden],
      sql: SPEC,
    });
    expect(r.verdict).toBe('Compilation Error');
    expect(r.compileOutput).toBe(HIDDEN_PREPARE_ERROR);
    const shown = await tj.judge.judge({
      language: 'sql',
      code: 'SELECT count(*) FROM emp;',
      cases: [{ ...hidden, hidden: false }, VISIBLE],
      sql: SPEC,
    });
    expect(shown.verdict).toBe('Compilation Error');
    expect(shown.compileOutput).toContain('no such table: emp');
  });
});

describe('the submission-level message of the other problem kinds', { timeout: 120_000 }, () => {
  // compile steps see only the source; a program that fails on a hidden case leaves compileOutput alone
  const leak =
    'import sys\nd = sys.stdin.read()\nif "HIDDEN-" in d:\n    sys.stderr.write(d)\n    sys.exit(1)\nprint(1)\n';
  it('stdin: a failure on a hidden case never becomes compileOutput', async () => {
    const r = await tj.judge.judge({
      language: 'python',
      code: leak,
      cases: [
        { input: 'x\n', expectedOutput: '1\n', hidden: false },
        { input: 'HIDDEN-Zed\n', expectedOutput: '1\n', hidden: true },
      ],
    });
    expect(r.verdict).toBe('Runtime Error');
    expect(r.compileOutput).toBeNull();
  });

  it('function: a failure on a hidden case never becomes compileOutput', async () => {
    const r = await tj.judge.judge({
      language: 'python',
      code: 'def f(s):\n    if s.startswith("HIDDEN-"):\n        raise ValueError(s)\n    return 1\n',
      cases: [
        { input: '"x"', expectedOutput: '1', hidden: false },
        { input: '"HIDDEN-Zed"', expectedOutput: '1', hidden: true },
      ],
      function: { signature: { name: 'f', params: [{ name: 's', type: 'string' }], returns: 'int' } },
    });
    expect(r.verdict).toBe('Runtime Error');
    expect(r.compileOutput).toBeNull();
  });
});
