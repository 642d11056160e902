/**
 * What a candidate may see of judged results: the one place every candidate route projects through
 * (GET /api/submissions/{id}, /all, /api/attempts/{testId}/submissions, run and submit answers).
 * - A hidden case is exactly { index, hidden: true, passed, verdict }: its time, memory, output, stderr, exit
 *   code and message are all things a program can encode hidden input into.
 * - An Internal Error's text (sandbox or judge failure) is replaced by a generic message; employers and the
 *   log get the full text.
 * Employers read the stored rows unchanged, hidden inputs and expected outputs included.
 */
import {
  INTERNAL_ERROR_MESSAGE,
  type TCandidateResult,
  type TResultItem,
  ZCandidateResult,
  ZCandidateResultItem,
  ZVerdict,
} from '@assessly/shared';

export { INTERNAL_ERROR_MESSAGE };

function isHidden(raw: Record<string, unknown>): boolean {
  const nested = raw.testCase && typeof raw.testCase === 'object' ? (raw.testCase as Record<string, unknown>) : {};
  return raw.hidden === true || nested.hidden === true;
}

/**
 * One stored result item as a candidate may see it (`index` is its position when the item lacks one). The
 * schema decides the keys: a hidden item keeps only ZHiddenResultItem's.
 */
export function toCandidateResult(item: TResultItem | Record<string, unknown>, index = 0): TResultItem {
  const raw = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>;
  const common = { index: typeof raw.index === 'number' ? raw.index : index };
  if (isHidden(raw)) {
    const verdict = ZVerdict.safeParse(raw.verdict).data ?? 'Internal Error';
    return ZCandidateResultItem.parse({ ...common, hidden: true, passed: raw.passed === true, verdict });
  }
  const visible = { ...raw, ...common, hidden: false };
  if (raw.verdict !== 'Internal Error') return ZCandidateResultItem.parse(visible);
  return ZCandidateResultItem.parse({
    ...visible,
    output: INTERNAL_ERROR_MESSAGE,
    actualOutput: INTERNAL_ERROR_MESSAGE,
    stderr: '',
    message: INTERNAL_ERROR_MESSAGE,
  });
}

export function toCandidateResults(items: readonly unknown[]): TResultItem[] {
  return items.map((item, i) => toCandidateResult(item as Record<string, unknown>, i));
}

/** The submission-level message: compiler output stays (it comes from the source), an internal failure does not. */
export function toCandidateCompileOutput(verdict: string | null, compileOutput: string | null): string | null {
  return verdict === 'Internal Error' && compileOutput !== null ? INTERNAL_ERROR_MESSAGE : compileOutput;
}

/** The older candidate result shape of /api/attempts/{testId}/submissions, through the same rule. */
export function toCandidateAttemptResult(raw: unknown, index: number): TCandidateResult {
  const item = toCandidateResult((raw ?? {}) as Record<string, unknown>, index);
  if (item.hidden) return ZCandidateResult.parse(item);
  const nested = (raw as { testCase?: { input?: unknown; output?: unknown } } | null)?.testCase;
  const input = item.input ?? nested?.input;
  const expectedOutput = item.expectedOutput ?? nested?.output;
  const output = item.output ?? item.actualOutput;
  return ZCandidateResult.parse({
    index: item.index,
    passed: item.passed,
    ...(item.verdict ? { verdict: item.verdict } : {}),
    ...(typeof item.timeMs === 'number' ? { timeMs: item.timeMs } : {}),
    ...(typeof input === 'string' ? { input } : {}),
    ...(typeof expectedOutput === 'string' ? { expectedOutput } : {}),
    ...(typeof output === 'string' ? { output, actualOutput: output } : {}),
    ...(item.message ? { message: item.message } : {}),
    ...(item.stderr ? { stderr: item.stderr } : {}),
  });
}
