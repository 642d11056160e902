/**
 * Test cases of a problem and the result items stored for a submission (spec part 2 §3 "Result item").
 * Items are stored whole, hidden cases included (employers see everything); candidates only ever get them
 * through projection.ts, which reduces a hidden case to { index, hidden, passed, verdict }.
 */
import type { JudgeResult, Verdict } from '@assessly/judge';
import type { TResultItem } from '@assessly/shared';
import type { ProblemRow, ProblemSnapshot } from '../../db/schema';
import { functionSpecOf } from '../coding-problems/function-problems';
import { sqlSpecOf } from '../coding-problems/sql-problems';

/** Limits and the comparison rule of a problem (at some version) as the judge takes them. */
export function judgeSettings(
  p: Pick<ProblemSnapshot, 'timeLimitMs' | 'memoryLimitMb' | 'floatTolerance' | 'comparisonMode'> &
    Partial<Pick<ProblemSnapshot, 'kind' | 'signature' | 'unorderedResult' | 'sqlSchema' | 'orderMatters'>>,
) {
  return {
    function: functionSpecOf(p),
    sql: sqlSpecOf(p),
    timeLimitMs: p.timeLimitMs,
    memoryLimitMb: p.memoryLimitMb,
    compare: {
      mode: p.comparisonMode ?? 'token',
      absTolerance: p.floatTolerance ?? null,
      relTolerance: p.floatTolerance ?? null,
    },
  };
}

export interface CaseSpec {
  input: string;
  expectedOutput: string | null;
  hidden: boolean;
}

/** Submit: the visible examples first, then the hidden test cases; each counts for the score. */
export function casesForSubmit(problem: Pick<ProblemRow, 'examples' | 'testCases'>): CaseSpec[] {
  return [
    ...problem.examples.map((c) => ({ input: c.input ?? '', expectedOutput: c.output ?? '', hidden: false })),
    ...problem.testCases.map((c) => ({ input: c.input ?? '', expectedOutput: c.output ?? '', hidden: true })),
  ];
}

/** Run: the visible examples, or only the custom input (nothing to compare) when one is given. */
export function casesForRun(problem: Pick<ProblemRow, 'examples'>, stdin?: string): CaseSpec[] {
  if (stdin !== undefined) return [{ input: stdin, expectedOutput: null, hidden: false }];
  return problem.examples.map((c) => ({ input: c.input ?? '', expectedOutput: c.output ?? '', hidden: false }));
}

/** Every case failed with one verdict (compile error, internal error): the message is shown as the output. */
export function failedItems(specs: CaseSpec[], verdict: Verdict, message: string): TResultItem[] {
  return specs.map((spec, index) => {
    const item: TResultItem = {
      index,
      passed: false,
      verdict,
      timeMs: 0,
      memoryKb: 0,
      hidden: false,
      input: spec.input,
      expectedOutput: spec.expectedOutput,
      output: message,
      actualOutput: message,
      stderr: '',
      exitCode: null,
      signal: null,
      message,
    };
    return spec.hidden ? { ...item, hidden: true } : item;
  });
}

export function toResultItems(specs: CaseSpec[], result: JudgeResult): TResultItem[] {
  if (result.verdict === 'Compilation Error') return failedItems(specs, result.verdict, result.compileOutput ?? '');
  return specs.map((spec, index) => {
    const c = result.cases[index];
    // The judge stops on an internal failure; cases it never ran fail with its message.
    if (!c)
      return failedItems([spec], 'Internal Error', result.compileOutput ?? 'The case was not judged').map((i) => ({
        ...i,
        index,
      }))[0]!;
    const item: TResultItem = {
      index,
      passed: c.passed,
      verdict: c.verdict,
      timeMs: c.timeMs,
      memoryKb: c.memoryKb,
      hidden: false,
      input: spec.input,
      expectedOutput: spec.expectedOutput,
      output: c.output,
      actualOutput: c.output,
      stderr: c.stderr,
      exitCode: c.exitCode,
      signal: c.signal,
      message: (c as { message?: string | null }).message ?? null,
    };
    return spec.hidden ? { ...item, hidden: true } : item;
  });
}
