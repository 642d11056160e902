/**
 * "Fill outputs from the model solution" (issue 25): POST /api/coding-tests/{id}/fill-outputs judges the model
 * solution on every example and hidden case without comparing, and stores what it returned (a function
 * problem) or printed (a stdio problem) as the expected outputs. Nothing is stored unless every case ran
 * cleanly; the problem is versioned like any edit (submissions judged before keep their version).
 */
import { type JudgeLanguage, JudgeQueueFullError } from '@assessly/judge';
import type { TCodingProblem } from '@assessly/shared';
import type { UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { judgeSettings } from '../judging/results';
import { toEmployerProblem } from '../tests/tests.projections';
import { requireManagedProblem } from './coding-problems.service';
import { updateProblemVersioned } from './problem-versions';

type Deps = Pick<AppDeps, 'db' | 'judging'>;

/** Outputs the judge shows are cut at 64 KiB: a longer one cannot be stored from a judging. */
const MAX_FILLED = (64 << 10) - 1;

export async function fillOutputs(deps: Deps, user: UserRow, id: string): Promise<TCodingProblem> {
  const problem = await requireManagedProblem(deps.db, user, id, 'tests.author');
  if (!problem.solution.trim() || !problem.solutionLanguage)
    throw new AppError('NO_MODEL_SOLUTION', 'Add a model solution and choose its language first');
  if (!deps.judging)
    throw new AppError('SERVICE_UNAVAILABLE', 'The judge is not running on this server. Please try again later.');
  const all = [...problem.examples, ...problem.testCases];
  const label = (k: number) =>
    k < problem.examples.length ? `Example ${k + 1}` : `Test case ${k - problem.examples.length + 1}`;
  let result: Awaited<ReturnType<NonNullable<Deps['judging']>['judge']['judge']>>;
  try {
    result = await deps.judging.judge.judge({
      language: problem.solutionLanguage as JudgeLanguage,
      code: problem.solution,
      cases: all.map((c) => ({ input: c.input, expectedOutput: null })),
      ...judgeSettings(problem),
    });
  } catch (err) {
    if (err instanceof JudgeQueueFullError)
      throw new AppError(
        'JUDGE_BUSY',
        `The judge is busy. Please try again in ${err.retryAfterSeconds} seconds.`,
        undefined,
        {
          'Retry-After': String(err.retryAfterSeconds),
        },
      );
    throw err;
  }
  if (result.verdict === 'Compilation Error' || result.verdict === 'Internal Error')
    throw new AppError(
      'UNPROCESSABLE',
      `The model solution did not run: ${result.verdict}. ${result.compileOutput ?? ''}`.trim(),
    );
  const outputs = all.map((_, k) => {
    const c = result.cases[k];
    if (!c || c.verdict !== 'Accepted')
      throw new AppError(
        'UNPROCESSABLE',
        `${label(k)}: the model solution gave ${c?.verdict ?? 'no result'}${c?.message ? ` (${c.message})` : ''}; no output was stored`,
      );
    if (c.output.length >= MAX_FILLED)
      throw new AppError('UNPROCESSABLE', `${label(k)}: the output is over 64 KiB; enter it by hand or by package`);
    return c.output;
  });
  const examples = problem.examples.map((e, k) => ({ input: e.input, output: outputs[k] as string }));
  const testCases = problem.testCases.map((e, k) => ({
    input: e.input,
    output: outputs[problem.examples.length + k] as string,
  }));
  return toEmployerProblem(await updateProblemVersioned(deps.db, problem, { examples, testCases }));
}
