/**
 * Issue 47: the JavaScript/TypeScript harness writes its result record to a stdout pipe that Node has made
 * non-blocking; a record larger than the pipe (64 KiB) must wait for the reader, not fail with EAGAIN.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestJudge, type TestJudge } from '../test/test-support';
import type { FunctionSignature } from './function/types';

const REPEAT: FunctionSignature = { name: 'repeat', params: [{ name: 'n', type: 'int' }], returns: 'string' };
// 200,000 characters: the record is hex, over 400 KB, six times a pipe's 64 KiB
const N = 200_000;

let tj: TestJudge;
beforeAll(() => {
  tj = createTestJudge(2);
});
afterAll(async () => {
  await tj.dispose();
});

describe('a result record larger than the stdout pipe', { timeout: 120_000 }, () => {
  for (const [language, code] of [
    ['javascript', 'function repeat(n) {\n  return "a".repeat(n);\n}\n'],
    ['typescript', 'function repeat(n: number): string {\n  return "a".repeat(n);\n}\n'],
  ] as const) {
    it(`${language}: a returned string of ${N} characters is Accepted`, async () => {
      const r = await tj.judge.judge({
        language,
        code,
        cases: [{ input: String(N), expectedOutput: JSON.stringify('a'.repeat(N)) }],
        function: { signature: REPEAT },
      });
      expect(r.cases[0]?.message ?? r.compileOutput ?? null).toBeNull();
      expect(r.cases[0]?.verdict).toBe('Accepted');
    });
  }
});
