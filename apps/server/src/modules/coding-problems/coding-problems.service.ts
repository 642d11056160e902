/**
 * Coding problems: visible examples, hidden test cases (stdin → expected stdout), constraints, marks,
 * model solution, starter code per language and per-problem time and memory limits.
 */
import type { TCandidateProblem, TCodingProblem, TCodingProblemParsed } from '@assessly/shared';
import type { Db } from '../../db/client';
import type { ProblemRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { type Action, authorize } from '../../lib/policy';
import { seesHidden, withholdProblem } from '../companies/hidden-access';
import { syncTestTotals } from '../tests/test-totals';
import { canManageTest, isInStartedTest, requireAuthoredTestOfType } from '../tests/tests.access';
import { toCandidateProblem, toEmployerProblem } from '../tests/tests.projections';
import { unlinkQuestionEverywhere } from '../tests/tests.repo';
import * as repo from './coding-problems.repo';
import { updateProblemVersioned } from './problem-versions';

/** The columns a problem's input sets (trimmed lists; starter code only for languages actually given). */
export function toProblemValues(input: TCodingProblemParsed) {
  const starterCode: Record<string, string> = {};
  for (const [lang, code] of Object.entries(input.starterCode ?? {}))
    if (typeof code === 'string' && code.trim()) starterCode[lang] = code;
  return {
    title: input.title,
    description: input.description,
    examples: input.examples.map((e) => ({ input: e.input, output: e.output })),
    testCases: input.testCases.map((e) => ({ input: e.input, output: e.output })),
    constraints: input.constraints.map((c) => c.trim()),
    marks: input.marks,
    solution: input.solution ?? '',
    starterCode,
    timeLimitMs: input.timeLimitMs,
    memoryLimitMb: input.memoryLimitMb,
    floatTolerance: input.floatTolerance ?? null,
    comparisonMode: input.comparisonMode ?? (input.floatTolerance ? 'float' : 'token'),
    solutionLanguage: input.solutionLanguage ?? null,
    kind: input.kind ?? 'stdio',
    signature: input.kind === 'function' ? (input.signature ?? null) : null,
    unorderedResult: input.kind === 'function' && !!input.unorderedResult,
    sqlSchema: input.kind === 'sql' ? (input.sql?.schema ?? null) : null,
    orderMatters: input.kind === 'sql' && !!input.orderMatters,
  };
}

export async function requireManagedProblem(
  db: Db,
  user: UserRow,
  id: string,
  action: Action = 'tests.read',
): Promise<ProblemRow> {
  authorize(user, action);
  const row = await repo.findProblem(db, id);
  if (!row || !canManageTest(user, row)) throw new AppError('PROBLEM_NOT_FOUND', 'Problem not found');
  return row;
}

/** POST /api/coding-tests: testId is optional (a bank problem); when given it must be this tenant's coding test. */
export async function addProblem(db: Db, user: UserRow, input: TCodingProblemParsed): Promise<TCodingProblem> {
  authorize(user, 'tests.author');
  let testId: string | null = null;
  let companyId = user.companyId;
  if (input.testId) {
    const test = await requireAuthoredTestOfType(db, user, input.testId, 'CODING');
    testId = test.id;
    companyId = test.companyId;
  }
  return toEmployerProblem(
    await repo.insertProblem(db, { ...toProblemValues(input), testId, companyId, createdBy: user.id }),
  );
}

/**
 * A managing employer reads everything (a reviewer without hidden cases and solution unless the company lets
 * reviewers see them, issue 42); a candidate the candidate projection of a problem of a test it started.
 */
export async function readProblem(db: Db, user: UserRow, id: string): Promise<TCodingProblem | TCandidateProblem> {
  if (user.role === 'employer') {
    const problem = toEmployerProblem(await requireManagedProblem(db, user, id));
    return (await seesHidden(db, user)) ? problem : withholdProblem(problem);
  }
  const row = await repo.findProblem(db, id);
  if (!row || !(await isInStartedTest(db, id, user.id))) throw new AppError('PROBLEM_NOT_FOUND', 'Problem not found');
  return toCandidateProblem(row);
}

export async function changeProblem(
  db: Db,
  user: UserRow,
  id: string,
  input: TCodingProblemParsed,
): Promise<TCodingProblem> {
  const row = await requireManagedProblem(db, user, id, 'tests.author');
  let testId = row.testId;
  if (input.testId && input.testId !== row.testId) {
    const test = await requireAuthoredTestOfType(db, user, input.testId, 'CODING');
    testId = test.id;
  }
  const saved = await updateProblemVersioned(db, row, { ...toProblemValues(input), testId });
  // its marks count in the total of every test that holds it (issue 46)
  await syncTestTotals(db, { itemId: id });
  return toEmployerProblem(saved);
}

export async function removeProblem(db: Db, user: UserRow, id: string): Promise<void> {
  await requireManagedProblem(db, user, id, 'tests.author');
  await db.transaction(async (tx) => {
    await unlinkQuestionEverywhere(tx, id);
    await repo.deleteProblem(tx, id);
  });
}

export async function listProblems(db: Db, user: UserRow, testId?: string): Promise<TCodingProblem[]> {
  const problems = (await repo.listProblemsOf(db, user, testId)).map(toEmployerProblem);
  return (await seesHidden(db, user)) ? problems : problems.map(withholdProblem);
}
