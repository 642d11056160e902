/**
 * Judging actions of a problem's author (issue 11): check the model solution against every case, and
 * re-judge submissions made against older versions. Both are authors-only (requireManagedProblem).
 */
import { type JudgeLanguage, JudgeQueueFullError } from '@assessly/judge';
import type { TSolutionCheckResult } from '@assessly/shared';
import { eq, inArray } from 'drizzle-orm';
import { codingProblems, type SolutionCheck, submissions, type UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { casesForSubmit, judgeSettings, toResultItems } from '../judging/results';
import { requireManagedProblem } from './coding-problems.service';
import { markForRejudge, readHistory, testsUsingProblem } from './problem-versions';
import { solutionFingerprint } from './solution-check';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'judging'> & { log?: { info(o: object, m: string): void } };

/** POST /api/coding-tests/{id}/check: judges the model solution against every example and hidden case. */
export async function checkSolution(deps: Deps, user: UserRow, id: string): Promise<TSolutionCheckResult> {
  const problem = await requireManagedProblem(deps.db, user, id, 'tests.author');
  if (!problem.solution.trim() || !problem.solutionLanguage) {
    throw new AppError('NO_MODEL_SOLUTION', 'Add a model solution and choose its language first');
  }
  if (!deps.judging)
    throw new AppError('SERVICE_UNAVAILABLE', 'The judge is not running on this server. Please try again later.');
  const specs = casesForSubmit(problem);
  let result: Awaited<ReturnType<NonNullable<Deps['judging']>['judge']['judge']>>;
  try {
    result = await deps.judging.judge.judge({
      language: problem.solutionLanguage as JudgeLanguage,
      code: problem.solution,
      cases: specs.map(({ input, expectedOutput, hidden }) => ({ input, expectedOutput, hidden })),
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
  const results = toResultItems(specs, result);
  const checkedAt = deps.clock.now().toISOString();
  const passedCount = results.filter((r) => r.passed).length;
  const check: SolutionCheck = {
    verdict: result.verdict,
    passedCount,
    totalCount: results.length,
    checkedAt,
    fingerprint: solutionFingerprint(problem),
  };
  await deps.db.update(codingProblems).set({ solutionCheck: check }).where(eq(codingProblems.id, problem.id));
  return {
    verdict: result.verdict,
    passedCount,
    totalCount: results.length,
    compileOutput: result.compileOutput,
    results,
    checkedAt,
  };
}

/** POST /api/coding-tests/{id}/rejudge: an explicit, logged re-judge against the current version. */
export async function rejudgeProblem(deps: Deps, user: UserRow, id: string) {
  const problem = await requireManagedProblem(deps.db, user, id, 'tests.author');
  const { ids, logId } = await markForRejudge(deps.db, problem, user.id, deps.clock.now());
  deps.log?.info(
    { problemId: problem.id, toVersion: problem.version, count: ids.length, by: user.id },
    'problem re-judged',
  );
  if (ids.length > 0 && deps.judging) {
    const owners = await deps.db
      .select({ id: submissions.id, userId: submissions.userId })
      .from(submissions)
      .where(inArray(submissions.id, ids));
    for (const o of owners) await deps.judging.enqueue(o.id, o.userId);
  }
  return { id: logId, toVersion: problem.version, submissionCount: ids.length };
}

export async function problemHistory(deps: Pick<AppDeps, 'db'>, user: UserRow, id: string) {
  return readHistory(deps.db, await requireManagedProblem(deps.db, user, id));
}

/** Where a problem is used: the notice shown before linking it into another test. */
export async function problemUsage(deps: Pick<AppDeps, 'db'>, user: UserRow, id: string) {
  const problem = await requireManagedProblem(deps.db, user, id, 'tests.author');
  return { problemId: problem.id, tests: await testsUsingProblem(deps.db, problem.id) };
}
