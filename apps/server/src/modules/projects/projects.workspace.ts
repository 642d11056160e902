/**
 * The candidate's project workspace (issue 43): loaded from the saved files (the starter until the first save),
 * saved as the candidate types (writes, deletes and renames on top of a revision: a stale tab is refused, as for
 * code drafts), a Run of the visible tests, and a Submit that grades visible and hidden tests and stores a
 * submission like any problem's, so the score counts in the attempt's total, results, reports and CSV.
 */

import type { ProjectResult } from '@assessly/judge';
import {
  PROJECT_LIMITS,
  PROJECT_STACK_NAMES,
  PROJECT_STACK_PACKAGES,
  type TProjectRunResult,
  type TProjectSave,
  type TProjectSpec,
  type TProjectWorkspace,
  testFileOf,
  ZProjectSave,
} from '@assessly/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  type AttemptRow,
  type ProblemRow,
  projectWorkspaces,
  submissions,
  type TestRow,
  type UserRow,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { findAttempt, requireOpenAttempt } from '../attempts/attempts.service';
import { scoreHiddenFrom } from '../attempts/score-visibility';
import { findProblem } from '../coding-problems/coding-problems.repo';
import { requireSectionOpen } from '../sections/sections.state';
import { findTest } from '../tests/tests.access';
import { authorFiles, gradeRun, type RunMode, readOnlyReason, runProject } from './projects.grading';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'judging'>;

interface Context {
  test: TestRow;
  attempt: AttemptRow;
  problem: ProblemRow;
  spec: TProjectSpec;
}

async function context(deps: Deps, user: UserRow, testId: string, problemId: string, open: boolean): Promise<Context> {
  const test = await findTest(deps.db, testId);
  if (!test) throw new AppError('TEST_NOT_FOUND', 'Test not found');
  const attempt = open ? await requireOpenAttempt(deps, user.id, testId) : await findAttempt(deps, user.id, testId);
  if (!attempt) throw new AppError('ATTEMPT_NOT_STARTED', 'Start the test first');
  const problem = test.questionIds.includes(problemId) ? await findProblem(deps.db, problemId) : null;
  if (problem?.kind !== 'project' || !problem.project) throw new AppError('PROBLEM_NOT_FOUND', 'Project not found');
  // a mixed test's project only within its section's time (issue 46)
  if (open) requireSectionOpen(test, attempt, problemId, deps.clock.now());
  return { test, attempt, problem, spec: problem.project };
}

/** The candidate's starting files: the starter without the author's runner configuration. */
function starterOf(spec: TProjectSpec): Record<string, string> {
  const files: Record<string, string> = {};
  for (const f of spec.starterFiles) if (!readOnlyReason(spec, f.path)) files[f.path] = f.content;
  return files;
}

async function savedRow(db: Db, attemptId: string, problemId: string) {
  const [row] = await db
    .select()
    .from(projectWorkspaces)
    .where(and(eq(projectWorkspaces.attemptId, attemptId), eq(projectWorkspaces.problemId, problemId)))
    .limit(1);
  return row ?? null;
}

const sorted = (files: Record<string, string>) =>
  Object.keys(files)
    .sort()
    .map((path) => ({ path, content: files[path] as string }));

export async function loadWorkspace(
  deps: Deps,
  user: UserRow,
  testId: string,
  problemId: string,
): Promise<TProjectWorkspace> {
  const { attempt, problem, spec } = await context(deps, user, testId, problemId, false);
  const row = await savedRow(deps.db, attempt.id, problemId);
  const hiddenFiles = new Set(spec.hiddenTests.map((f) => f.path));
  return {
    problemId,
    title: problem.title,
    description: problem.description,
    marks: problem.marks,
    stack: spec.stack,
    stackName: PROJECT_STACK_NAMES[spec.stack],
    packages: PROJECT_STACK_PACKAGES[spec.stack],
    testCommand: spec.testCommand,
    files: sorted(row ? row.files : starterOf(spec)),
    readOnly: authorFiles(spec),
    visibleTestNames: spec.tests.map((t) => t.name).filter((n) => !hiddenFiles.has(testFileOf(n))),
    hiddenTestCount: spec.tests.filter((t) => hiddenFiles.has(testFileOf(t.name))).length,
    revision: row?.revision ?? 0,
    lastRun: row?.lastRun ?? null,
    limits: {
      maxFiles: PROJECT_LIMITS.maxFiles,
      maxFileBytes: PROJECT_LIMITS.maxFileBytes,
      maxTotalBytes: PROJECT_LIMITS.maxTotalBytes,
    },
  };
}

function applySave(spec: TProjectSpec, files: Record<string, string>, save: ReturnType<typeof ZProjectSave.parse>) {
  const next = { ...files };
  const refuse = (path: string) => {
    const reason = readOnlyReason(spec, path);
    if (reason) throw new AppError('VALIDATION', reason, { path: reason });
  };
  for (const { from, to } of save.rename) {
    refuse(to);
    if (!(from in next)) throw new AppError('VALIDATION', `${from} does not exist`, { path: `${from} does not exist` });
    if (to in next) throw new AppError('VALIDATION', `${to} already exists`, { path: `${to} already exists` });
    next[to] = next[from] as string;
    delete next[from];
  }
  for (const path of save.remove) delete next[path];
  for (const f of save.write) {
    refuse(f.path);
    next[f.path] = f.content;
  }
  const paths = Object.keys(next);
  // a file and a folder of the same name cannot both exist on disk
  const clash = paths.find((p) => paths.some((q) => q.startsWith(`${p}/`)));
  if (clash) throw new AppError('VALIDATION', `${clash} is both a file and a folder`, { path: clash });
  if (paths.length > PROJECT_LIMITS.maxFiles)
    throw new AppError('VALIDATION', `A workspace may have at most ${PROJECT_LIMITS.maxFiles} files`);
  const bytes = Object.values(next).reduce((n, c) => n + Buffer.byteLength(c), 0);
  if (bytes > PROJECT_LIMITS.maxTotalBytes)
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `A workspace may hold at most ${PROJECT_LIMITS.maxTotalBytes / 1024 / 1024} MB of files`,
    );
  return next;
}

/** One autosave: refused whole (nothing written) when stale, read-only or over a limit. */
export async function saveWorkspace(
  deps: Deps,
  user: UserRow,
  testId: string,
  problemId: string,
  input: TProjectSave,
): Promise<{ revision: number; savedAt: string }> {
  const save = ZProjectSave.parse(input);
  const { attempt, spec } = await context(deps, user, testId, problemId, true);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await tx
      .insert(projectWorkspaces)
      .values({ attemptId: attempt.id, problemId, files: starterOf(spec), revision: 0, updatedAt: now })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(projectWorkspaces)
      .where(and(eq(projectWorkspaces.attemptId, attempt.id), eq(projectWorkspaces.problemId, problemId)))
      .for('update');
    if (!row) throw new AppError('CONFLICT', 'The workspace could not be saved; try again');
    if (save.revision !== row.revision)
      throw new AppError(
        'DRAFT_STALE',
        'These files were changed in another tab or window: reload to get the latest version',
      );
    const files = applySave(spec, row.files, save);
    const revision = row.revision + 1;
    await tx
      .update(projectWorkspaces)
      .set({ files, revision, updatedAt: now })
      .where(and(eq(projectWorkspaces.attemptId, attempt.id), eq(projectWorkspaces.problemId, problemId)));
    return { revision, savedAt: now.toISOString() };
  });
}

async function currentFiles(deps: Deps, ctx: Context): Promise<Map<string, string>> {
  const row = await savedRow(deps.db, ctx.attempt.id, ctx.problem.id);
  return new Map(Object.entries(row ? row.files : starterOf(ctx.spec)));
}

async function storeLastRun(deps: Deps, ctx: Context, result: TProjectRunResult): Promise<void> {
  await deps.db
    .insert(projectWorkspaces)
    .values({
      attemptId: ctx.attempt.id,
      problemId: ctx.problem.id,
      files: starterOf(ctx.spec),
      lastRun: result,
      updatedAt: deps.clock.now(),
    })
    .onConflictDoUpdate({
      target: [projectWorkspaces.attemptId, projectWorkspaces.problemId],
      set: { lastRun: sql`excluded.last_run` },
    });
}

/** A graded run stored as the problem's submission (status judged), so its score counts like any problem's. */
async function storeSubmission(
  deps: Deps,
  ctx: Context,
  userId: string,
  run: ProjectResult,
  workspace: Map<string, string>,
): Promise<string | undefined> {
  const now = deps.clock.now();
  const stored = gradeRun(ctx.spec, run, 'employer', 'submit', now);
  const allPassed = stored.cases.every((c) => c.passed);
  const [sub] = await deps.db
    .insert(submissions)
    .values({
      testId: ctx.test.id,
      userId,
      attemptId: ctx.attempt.id,
      questionId: ctx.problem.id,
      questionNumber: ctx.test.questionIds.indexOf(ctx.problem.id),
      language: ctx.spec.stack,
      code: codeOf(workspace),
      status: 'judged',
      verdict: run.verdict !== 'Completed' ? run.verdict : allPassed ? 'Accepted' : 'Wrong Answer',
      compileOutput: run.verdict === 'Completed' ? null : run.message,
      // the employer's copy of every case, in the shape of a problem's results (index, hidden, passed, verdict)
      results: stored.cases.map((c, index) => ({
        ...c,
        index,
        verdict: c.passed ? 'Accepted' : c.outcome === 'error' ? 'Runtime Error' : 'Wrong Answer',
      })),
      passedCount: stored.passedCount,
      totalCount: stored.totalCount,
      score: stored.score,
      maxScore: ctx.problem.marks,
      createdAt: now,
      judgedAt: now,
      problemVersion: ctx.problem.version,
    })
    .returning({ id: submissions.id });
  return sub?.id;
}

/** The workspace as a submission's code: its files as one JSON object, in path order. */
const codeOf = (files: Map<string, string>) =>
  JSON.stringify(Object.fromEntries([...files].sort(([a], [b]) => a.localeCompare(b))));

/**
 * At the end of an attempt (attempts.finish.ts): every project workspace the candidate changed and did not submit
 * as it stands is graded and stored, as unsent code drafts are. A judge that cannot take it (busy, gone) is stored
 * as an Internal Error submission with the reason, for the employer to see, and never stops the finalisation.
 */
export async function submitPendingWorkspaces(deps: Deps, attempt: AttemptRow, test: TestRow): Promise<number> {
  const rows = await deps.db.select().from(projectWorkspaces).where(eq(projectWorkspaces.attemptId, attempt.id));
  let count = 0;
  for (const row of rows) {
    if (row.revision === 0 || !test.questionIds.includes(row.problemId)) continue;
    const problem = await findProblem(deps.db, row.problemId);
    if (problem?.kind !== 'project' || !problem.project) continue;
    const files = new Map(Object.entries(row.files));
    const code = codeOf(files);
    const [latest] = await deps.db
      .select({ code: submissions.code })
      .from(submissions)
      .where(and(eq(submissions.attemptId, attempt.id), eq(submissions.questionId, row.problemId)))
      .orderBy(desc(submissions.createdAt))
      .limit(1);
    if (latest?.code === code) continue;
    const ctx = { test, attempt, problem, spec: problem.project };
    const run = await runProject(deps, ctx.spec, files, 'submit').catch(
      (err: Error): ProjectResult => ({
        verdict: 'Internal Error',
        message: `not judged at the end of the attempt: ${err.message}`,
        log: '',
        exitCode: null,
        wallMs: 0,
        cases: [],
      }),
    );
    await storeSubmission(deps, ctx, attempt.userId, run, files);
    count += 1;
  }
  return count;
}

/** Run (visible tests, with the runner's log) or Submit (every test, graded and stored as a submission). */
export async function runWorkspace(
  deps: Deps,
  user: UserRow,
  testId: string,
  problemId: string,
  mode: RunMode,
): Promise<TProjectRunResult> {
  const ctx = await context(deps, user, testId, problemId, true);
  const run = await runProject(deps, ctx.spec, await currentFiles(deps, ctx), mode);
  const now = deps.clock.now();
  const shown = gradeRun(ctx.spec, run, 'candidate', mode, now);
  if (mode === 'run') {
    const result: TProjectRunResult = { ...shown, score: undefined, maxScore: undefined, log: run.log };
    await storeLastRun(deps, ctx, result);
    return result;
  }
  const sub = await storeSubmission(deps, ctx, user.id, run, await currentFiles(deps, ctx));
  const hideScore = await scoreHiddenFrom(deps.db, user, ctx.test);
  // a submit's log may carry hidden tests' names and output: the candidate gets none of it
  const result: TProjectRunResult = {
    ...shown,
    log: null,
    score: hideScore ? null : shown.score,
    maxScore: hideScore ? null : shown.maxScore,
    submissionId: sub,
  };
  await storeLastRun(deps, ctx, result);
  return result;
}
