/**
 * The starter library's function and standard input/output problems on the real judge (issues 25, 46): each model
 * solution passes every one of its own cases, and each known-wrong solution fails at least one hidden case — so
 * the hidden cases catch the usual wrong answer each problem names. One judging per solution covers all of a
 * problem's cases. The SQL problems are judged the same way in coding-problems/starter-sql.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createJudge, type FunctionSignature, type Judge } from '@assessly/judge';
import {
  isStarterProblem,
  STARTER_ITEMS,
  type TStarterFunctionProblem,
  type TStarterStdioProblem,
} from '@assessly/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const problems = STARTER_ITEMS.filter((i): i is TStarterFunctionProblem => i.kind === 'function');
const stdio = STARTER_ITEMS.filter((i): i is TStarterStdioProblem => i.kind === 'stdio');

let judgeRoot = '';
let realJudge: Judge;
beforeAll(() => {
  judgeRoot = mkdtempSync(path.join(os.tmpdir(), 'starter-judge-'));
  realJudge = createJudge({ workRoot: judgeRoot, concurrency: 2 });
});
afterAll(async () => {
  await realJudge.close();
  rmSync(judgeRoot, { recursive: true, force: true });
});

function judgeStdio(p: TStarterStdioProblem, code: string) {
  const cases = [...p.examples, ...p.testCases].map((c) => ({ input: c.input, expectedOutput: c.output }));
  return realJudge.judge({ language: p.model.language, code, cases });
}

function judge(p: TStarterFunctionProblem, code: string) {
  const cases = [...p.examples, ...p.testCases].map((c) => ({ input: c.input, expectedOutput: c.output }));
  return realJudge.judge({
    language: 'python',
    code,
    cases,
    function: {
      signature: p.signature as FunctionSignature,
      tolerance: p.floatTolerance ?? null,
      unorderedResult: !!p.unorderedResult,
    },
  });
}

describe('starter library function problems on the real judge', () => {
  it.each(problems.map((p) => [p.slug, p] as const))('%s: the model passes, the known-wrong fails', async (_, p) => {
    const [model, wrong] = await Promise.all([judge(p, p.model.code), judge(p, p.knownWrong.code)]);
    const total = p.examples.length + p.testCases.length;
    expect(
      model.cases.filter((c) => !c.passed),
      JSON.stringify(model.cases.slice(0, 3)),
    ).toEqual([]);
    expect(model.passedCount).toBe(total);
    // the wrong answer is caught by a hidden case (index beyond the examples), whatever the examples say
    const caught = wrong.cases.slice(p.examples.length).filter((c) => !c.passed);
    expect(caught.length, `${p.slug}: ${p.knownWrong.catches}`).toBeGreaterThan(0);
  });
});

describe('starter library standard input/output problems on the real judge (issue 46)', () => {
  it('there are some, and every starter problem is judged here or with the SQL ones', () => {
    expect(stdio.length).toBeGreaterThanOrEqual(4);
    const kinds = new Set(STARTER_ITEMS.filter(isStarterProblem).map((p) => p.kind));
    expect([...kinds].sort()).toEqual(['function', 'sql', 'stdio']);
  });

  it.each(stdio.map((p) => [p.slug, p] as const))('%s: the model passes, the known-wrong fails', async (_, p) => {
    const [model, wrong] = await Promise.all([judgeStdio(p, p.model.code), judgeStdio(p, p.knownWrong.code)]);
    expect(
      model.cases.filter((c) => !c.passed),
      JSON.stringify(model.cases.slice(0, 3)),
    ).toEqual([]);
    expect(model.passedCount).toBe(p.examples.length + p.testCases.length);
    expect(wrong.compileOutput ?? null).toBeNull();
    const caught = wrong.cases.slice(p.examples.length).filter((c) => !c.passed);
    expect(caught.length, `${p.slug}: ${p.knownWrong.catches}`).toBeGreaterThan(0);
  });
});
