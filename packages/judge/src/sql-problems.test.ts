import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestJudge, type TestJudge } from '../test/test-support';
import { parseRowsText, rowsText, sameRows } from './sql/result-text';
import type { SqlSpec } from './sql/types';
import type { JudgeCase } from './types';

const SCHEMA = 'CREATE TABLE staff (id INTEGER PRIMARY KEY, name TEXT, dept TEXT, pay REAL);';
const SPEC: SqlSpec = { schema: SCHEMA };
const DATA = [
  "INSERT INTO staff VALUES (1, 'Ada', 'eng', 120.5), (2, 'Bo', 'ops', 80), (3, 'Cy', 'eng', 99.0);",
  "INSERT INTO staff VALUES (1, 'Di', 'ops', 70);",
];
const QUERY = 'SELECT dept, count(*), max(pay) FROM staff GROUP BY dept ORDER BY dept DESC;';
const CASES: JudgeCase[] = [
  { input: DATA[0] as string, expectedOutput: 'ops|1|80.0\neng|2|120.5\n' },
  { input: DATA[1] as string, expectedOutput: 'ops|1|70.0' },
];

let tj: TestJudge;
beforeAll(() => {
  tj = createTestJudge(2);
});
afterAll(async () => {
  await tj.dispose();
});

describe('result text', () => {
  it('keeps NULL apart from the string NULL and escapes the separator', () => {
    const rows = [[null, 'NULL', 'a|b', 'x\\y\nz', '']];
    const text = rowsText(rows);
    expect(text).toBe('NULL|\\NULL|a\\|b|x\\\\y\\nz|');
    expect(parseRowsText(text)).toEqual(rows);
    expect(sameRows([['NULL']], [[null]], false)).toBe(false);
  });

  it('compares rows as a multiset unless order matters', () => {
    expect(sameRows([['1'], ['2']], [['2'], ['1']], false)).toBe(true);
    expect(sameRows([['1'], ['2']], [['2'], ['1']], true)).toBe(false);
    expect(sameRows([['1'], ['1']], [['1'], ['2']], false)).toBe(false);
  });
});

describe('SQL problems on the real judge', { timeout: 60_000 }, () => {
  it('passes a correct query, printing values as the sqlite3 shell does', async () => {
    const r = await tj.judge.judge({ language: 'sql', code: QUERY, cases: CASES, sql: SPEC });
    expect(r.compileOutput).toBeNull();
    expect(r.cases.map((c) => c.verdict)).toEqual(['Accepted', 'Accepted']);
    expect(r.cases[0]?.output).toBe('ops|1|80.0\neng|2|120.5');
  });

  it('fails a wrong row order only when order matters', async () => {
    const code = QUERY.replace('DESC', 'ASC');
    const loose = await tj.judge.judge({ language: 'sql', code, cases: CASES, sql: SPEC });
    expect(loose.verdict).toBe('Accepted');
    const strict = await tj.judge.judge({ language: 'sql', code, cases: CASES, sql: { ...SPEC, orderMatters: true } });
    expect(strict.cases.map((c) => c.verdict)).toEqual(['Wrong Answer', 'Accepted']);
  });

  it('tells NULL from the string NULL', async () => {
    const cases = [{ input: "INSERT INTO staff VALUES (1, NULL, 'NULL', NULL);", expectedOutput: 'NULL|\\NULL|NULL' }];
    const ok = await tj.judge.judge({ language: 'sql', code: 'SELECT name, dept, pay FROM staff', cases, sql: SPEC });
    expect(ok.verdict).toBe('Accepted');
    const swapped = await tj.judge.judge({
      language: 'sql',
      code: 'SELECT dept, name, pay FROM staff',
      cases,
      sql: SPEC,
    });
    expect(swapped.verdict).toBe('Wrong Answer');
    expect(swapped.cases[0]?.output).toBe('\\NULL|NULL|NULL');
  });

  it('gives each case a fresh database: DROP TABLE in one case leaves the next whole', async () => {
    const code = "SELECT count(*) FROM staff; DELETE FROM staff WHERE dept = 'eng'; DROP TABLE staff;";
    const r = await tj.judge.judge({
      language: 'sql',
      code,
      cases: [
        { input: DATA[0] as string, expectedOutput: '3' },
        { input: DATA[0] as string, expectedOutput: '3' },
      ],
      sql: SPEC,
    });
    expect(r.cases.map((c) => c.verdict)).toEqual(['Accepted', 'Accepted']);
  });

  it('stops an endless recursive query at the time limit', async () => {
    const code = 'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n;';
    const r = await tj.judge.judge({
      language: 'sql',
      code,
      cases: [CASES[0] as JudgeCase],
      sql: SPEC,
      timeLimitMs: 500,
    });
    expect(r.verdict).toBe('Time Limit Exceeded');
  });

  it('holds the problem’s memory limit', async () => {
    const code =
      'SELECT length(group_concat(hex(randomblob(1000)))) FROM ' +
      '(WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n LIMIT 200000) SELECT x FROM n);';
    const r = await tj.judge.judge({
      language: 'sql',
      code,
      cases: [CASES[0] as JudgeCase],
      sql: SPEC,
      memoryLimitMb: 64,
      timeLimitMs: 5000,
    });
    expect(r.verdict).toBe('Memory Limit Exceeded');
  });

  it('reports a syntax error as a Compilation Error with the engine’s message', async () => {
    const r = await tj.judge.judge({ language: 'sql', code: 'SELEC name FROM staff', cases: CASES, sql: SPEC });
    expect(r.verdict).toBe('Compilation Error');
    expect(r.compileOutput).toContain('near "SELEC": syntax error');
  });

  it('refuses dot-commands, readfile, writefile, ATTACH and extensions', async () => {
    const attempts = [
      '.shell id\nSELECT 1;',
      'SELECT 1;\n.system id\n.output /tmp/x\nSELECT 2;',
      '.read /etc/passwd',
      "SELECT readfile('/etc/passwd');",
      "SELECT writefile('/tmp/x', 'a');",
      "ATTACH DATABASE '/tmp/other.db' AS o; SELECT 1;",
      "ATTACH DATABASE ':memory:' AS o; SELECT 1;",
      "SELECT load_extension('/usr/lib/x.so');",
    ];
    for (const code of attempts) {
      const r = await tj.judge.judge({ language: 'sql', code, cases: [CASES[0] as JudgeCase], sql: SPEC });
      expect(r.verdict, code).not.toBe('Accepted');
      expect(['Compilation Error', 'Runtime Error'], code).toContain(r.verdict);
      const text = `${r.compileOutput ?? ''}${r.cases.map((c) => `${c.output}${c.stderr}`).join('')}`;
      expect(text, code).not.toContain('uid=');
      expect(text, code).not.toContain('root:');
    }
  });

  it('runs a custom input without comparing, and refuses dot-commands in the author’s data', async () => {
    const custom = await tj.judge.judge({
      language: 'sql',
      code: 'SELECT name FROM staff ORDER BY id',
      cases: [{ input: DATA[1] as string, expectedOutput: null }],
      sql: SPEC,
    });
    expect(custom.cases[0]).toMatchObject({ verdict: 'Accepted', output: 'Di' });
    const authored = await tj.judge.judge({
      language: 'sql',
      code: 'SELECT 1',
      cases: [{ input: '.shell id', expectedOutput: '1' }],
      sql: SPEC,
    });
    expect(authored.verdict).toBe('Internal Error');
  });
});
