/**
 * Issue 47, function harnesses: a long returned string is encoded in linear time (Java, Kotlin), and a Go
 * submission may start with its own `package main`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestJudge, type TestJudge } from '../test/test-support';
import { withoutPackageClause } from './function/lang/go';
import type { FunctionSignature } from './function/types';

const REPEAT: FunctionSignature = { name: 'repeat', params: [{ name: 'n', type: 'int' }], returns: 'string' };
const N = 1_000_000;

let tj: TestJudge;
beforeAll(() => {
  tj = createTestJudge(2);
});
afterAll(async () => {
  await tj.dispose();
});

describe('function harness returns', () => {
  it('Java: a 1,000,000-character returned string is Accepted within the time limit', async () => {
    const r = await tj.judge.judge({
      language: 'java',
      code: 'class Solution {\n    public String repeat(int n) {\n        return "a".repeat(n);\n    }\n}\n',
      cases: [{ input: String(N), expectedOutput: JSON.stringify('a'.repeat(N)) }],
      function: { signature: REPEAT },
      timeLimitMs: 1000,
    });
    expect(r.cases[0]?.verdict, `${r.compileOutput ?? ''} ${r.cases[0]?.message ?? ''}`).toBe('Accepted');
    console.log(`java ${N}-character return: ${r.cases[0]?.timeMs} ms CPU`);
  }, 300_000);

  it('Kotlin: a 1,000,000-character returned string is Accepted within the time limit', async () => {
    const r = await tj.judge.judge({
      language: 'kotlin',
      code: 'class Solution {\n    fun repeat(n: Int): String = "a".repeat(n)\n}\n',
      cases: [{ input: String(N), expectedOutput: JSON.stringify('a'.repeat(N)) }],
      function: { signature: REPEAT },
      timeLimitMs: 1000,
    });
    expect(r.cases[0]?.verdict, `${r.compileOutput ?? ''} ${r.cases[0]?.message ?? ''}`).toBe('Accepted');
    console.log(`kotlin ${N}-character return: ${r.cases[0]?.timeMs} ms CPU`);
  }, 300_000);

  it('Go: a submission that starts with package main compiles', async () => {
    const code =
      '// my answer\npackage main\n\nimport "strings"\n\nfunc repeat(n int) string {\n\treturn strings.Repeat("a", n)\n}\n';
    expect(withoutPackageClause(code)).toBe(code.replace('package main', ''));
    expect(withoutPackageClause('packagemain := 1')).toBe('packagemain := 1');
    const r = await tj.judge.judge({
      language: 'go',
      code,
      cases: [{ input: '3', expectedOutput: '"aaa"' }],
      function: { signature: REPEAT },
    });
    expect(r.compileOutput).toBeNull();
    expect(r.verdict).toBe('Accepted');
  }, 300_000);
});

describe('a result record over 64 KiB', () => {
  it('is read whole and never shown as debug output', async () => {
    const r = await tj.judge.judge({
      language: 'python',
      code: 'def repeat(n):\n    print("dbg")\n    return "a" * n\n',
      cases: [{ input: '100000', expectedOutput: JSON.stringify('a'.repeat(100_000)) }],
      function: { signature: REPEAT },
    });
    const c = r.cases[0];
    expect(c?.verdict, `${r.compileOutput ?? ''} ${c?.message ?? ''}`).toBe('Accepted');
    expect(c?.stderr).toContain('dbg');
    expect(c?.stderr).not.toContain('@@ASR');
    expect(c?.stderr).not.toContain('6161616161');
  }, 120_000);
});
