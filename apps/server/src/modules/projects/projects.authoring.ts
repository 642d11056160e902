/**
 * Authoring project problems (issue 43): a coding problem of kind `project` whose content is a file tree
 * (ZProjectSpec), created from JSON or from a zip, read and changed by the company's authors, and checked by
 * running the reference solution against every test before it is given to candidates.
 */
import {
  PROJECT_STACK_NAMES,
  type TProjectProblem,
  type TProjectRunResult,
  type TProjectSpec,
  ZProjectProblemInput,
} from '@assessly/shared';
import type { Db } from '../../db/client';
import type { ProblemRow, UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { authorize } from '../../lib/policy';
import { parseInput } from '../../lib/validate';
import { insertProblem } from '../coding-problems/coding-problems.repo';
import { requireManagedProblem } from '../coding-problems/coding-problems.service';
import { updateProblemVersioned } from '../coding-problems/problem-versions';
import { seesHidden } from '../companies/hidden-access';
import { syncTestTotals } from '../tests/test-totals';
import { requireAuthoredTestOfType } from '../tests/tests.access';
import { gradeRun, runProject } from './projects.grading';

type Input = ReturnType<typeof ZProjectProblemInput.parse>;

/** The problem's marks: the sum of its tests' marks. */
export const marksOf = (spec: TProjectSpec) => spec.tests.reduce((n, t) => n + t.marks, 0);

function valuesOf(input: Input) {
  return {
    title: input.title,
    description: input.description,
    kind: 'project' as const,
    project: input.project,
    marks: marksOf(input.project),
    examples: [],
    testCases: [],
    constraints: [],
    solution: '',
    starterCode: {},
    timeLimitMs: Math.min(20_000, input.project.timeLimitMs),
  };
}

export function toProjectProblem(row: ProblemRow, hiddenToo = true): TProjectProblem {
  if (row.kind !== 'project' || !row.project) throw new AppError('PROBLEM_NOT_FOUND', 'Project not found');
  const project = hiddenToo ? row.project : { ...row.project, hiddenTests: [], solutionFiles: [] };
  return {
    id: row.id,
    testId: row.testId,
    title: row.title,
    description: row.description,
    marks: row.marks,
    kind: 'project',
    project,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function createProject(db: Db, user: UserRow, input: Input): Promise<TProjectProblem> {
  authorize(user, 'tests.author');
  let testId: string | null = null;
  let companyId = user.companyId;
  if (input.testId) {
    const test = await requireAuthoredTestOfType(db, user, input.testId, 'CODING');
    testId = test.id;
    companyId = test.companyId;
  }
  return toProjectProblem(await insertProblem(db, { ...valuesOf(input), testId, companyId, createdBy: user.id }));
}

async function requireProject(db: Db, user: UserRow, id: string, action: 'tests.read' | 'tests.author' = 'tests.read') {
  const row = await requireManagedProblem(db, user, id, action);
  if (row.kind !== 'project') throw new AppError('PROBLEM_NOT_FOUND', 'Project not found');
  return row;
}

/** A reviewer the company keeps hidden tests from reads the project without hidden tests and solution. */
export async function readProject(db: Db, user: UserRow, id: string): Promise<TProjectProblem> {
  const row = await requireProject(db, user, id);
  return toProjectProblem(row, await seesHidden(db, user));
}

export async function changeProject(db: Db, user: UserRow, id: string, input: Input): Promise<TProjectProblem> {
  const row = await requireProject(db, user, id, 'tests.author');
  let testId = row.testId;
  if (input.testId && input.testId !== row.testId) {
    testId = (await requireAuthoredTestOfType(db, user, input.testId, 'CODING')).id;
  }
  const saved = await updateProblemVersioned(db, row, { ...valuesOf(input), testId });
  await syncTestTotals(db, { itemId: id });
  return toProjectProblem(saved);
}

/** From an already parsed body or a zip's manifest: the same checks. */
export function parseProjectInput(value: unknown): Input {
  return parseInput(ZProjectProblemInput, value);
}

export interface ProjectCheck {
  passed: boolean;
  stackName: string;
  result: TProjectRunResult;
}

/**
 * Runs the reference solution (starter + solution files) against the visible and hidden tests: passed when every
 * marked test passes, so an author learns of a broken test or solution before a candidate does.
 */
export async function checkProject(deps: AppDeps, user: UserRow, id: string): Promise<ProjectCheck> {
  const row = await requireProject(db(deps), user, id, 'tests.author');
  const spec = row.project as TProjectSpec;
  const files = new Map<string, string>();
  for (const f of [...spec.starterFiles, ...spec.solutionFiles]) files.set(f.path, f.content);
  const run = await runProject(deps, spec, files, 'submit');
  const graded = gradeRun(spec, run, 'employer', 'submit', deps.clock.now());
  return {
    passed: graded.cases.every((c) => c.passed) && graded.totalCount > 0,
    stackName: PROJECT_STACK_NAMES[spec.stack],
    result: { ...graded, log: run.log },
  };
}

const db = (deps: AppDeps) => deps.db;
