/**
 * Running and grading a project (issue 43). What enters the sandbox is decided here: the candidate's files, then
 * the author's visible tests and runner configuration over them (a candidate cannot change a test), and the
 * hidden tests only for a submit. Grading reads the runner's named cases against the problem's marked tests.
 */
import { JudgeQueueFullError, type ProjectResult } from '@assessly/judge';
import {
  INTERNAL_ERROR_MESSAGE,
  PROJECT_PROTECTED_NAMES,
  type TProjectCaseResult,
  type TProjectRunResult,
  type TProjectSpec,
  testFileOf,
} from '@assessly/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';

export type RunMode = 'run' | 'submit';

const baseName = (p: string) => p.slice(p.lastIndexOf('/') + 1);

/** The files the author owns that a candidate sees but may not change: visible tests and runner configuration. */
export function authorFiles(spec: TProjectSpec): { path: string; content: string }[] {
  const protectedNames = PROJECT_PROTECTED_NAMES[spec.stack];
  return [...spec.starterFiles.filter((f) => protectedNames.includes(baseName(f.path))), ...spec.visibleTests];
}

/** Why the candidate may not write this path, or null. */
export function readOnlyReason(spec: TProjectSpec, path: string): string | null {
  if (spec.visibleTests.some((f) => f.path === path)) return `${path} is a test of the task and cannot be changed`;
  if (PROJECT_PROTECTED_NAMES[spec.stack].includes(baseName(path)))
    return `${baseName(path)} configures the test runner and cannot be changed`;
  return null;
}

export async function runProject(
  deps: Pick<AppDeps, 'judging'>,
  spec: TProjectSpec,
  workspace: Map<string, string>,
  mode: RunMode,
): Promise<ProjectResult> {
  const judge = deps.judging?.judge;
  if (!judge?.project) throw new AppError('JUDGE_BUSY', 'Projects cannot be run on this server right now');
  const files = [...workspace].filter(([p]) => !readOnlyReason(spec, p)).map(([path, content]) => ({ path, content }));
  // later files win: the author's tests and configuration over anything of the same path
  files.push(...authorFiles(spec));
  if (mode === 'submit') files.push(...spec.hiddenTests);
  try {
    return await judge.project({
      stack: spec.stack,
      files,
      testCommand: spec.testCommand,
      timeLimitMs: spec.timeLimitMs,
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
}

/**
 * The run as a result. A run lists every case the runner reported (visible tests and the candidate's own); a
 * submit lists the problem's marked tests in order, each passed only when the runner reported it passed (a test
 * deselected, renamed or never reached counts as failed). The candidate sees a hidden test as its number and
 * whether it passed; the employer sees everything.
 */
export function gradeRun(
  spec: TProjectSpec,
  run: ProjectResult,
  view: 'candidate' | 'employer',
  mode: RunMode,
  now: Date,
): Omit<TProjectRunResult, 'log'> & { score: number; maxScore: number } {
  const hiddenFiles = new Set(spec.hiddenTests.map((f) => f.path));
  const marks = new Map(spec.tests.map((t) => [t.name, t.marks]));
  const byName = new Map(run.cases.map((c) => [c.name, c]));
  let cases: TProjectCaseResult[];
  if (mode === 'run') {
    cases = run.cases
      .filter((c) => !hiddenFiles.has(testFileOf(c.name)))
      .map((c) => ({
        name: c.name,
        hidden: false,
        passed: c.passed,
        outcome: c.outcome,
        timeMs: c.timeMs,
        output: c.output,
        marks: marks.get(c.name) ?? 0,
      }));
  } else {
    let hiddenNo = 0;
    cases = spec.tests.map((t) => {
      const c = byName.get(t.name);
      const hidden = hiddenFiles.has(testFileOf(t.name));
      const passed = c?.passed === true;
      const earned = passed ? t.marks : 0;
      if (hidden && view === 'candidate') return { name: `Hidden test ${++hiddenNo}`, hidden: true, passed };
      return {
        name: t.name,
        hidden,
        passed,
        outcome: c?.outcome ?? 'not run',
        timeMs: c?.timeMs ?? 0,
        output: c?.output ?? (run.message ? `Not run: ${run.message}` : 'Not run: the runner did not report this test'),
        marks: t.marks,
        earned,
      };
    });
  }
  const score = mode === 'submit' ? spec.tests.reduce((n, t) => n + (byName.get(t.name)?.passed ? t.marks : 0), 0) : 0;
  return {
    kind: mode,
    verdict: run.verdict,
    // a sandbox or judge failure's own text is for the log and the employer (as for problems, projection.ts)
    message: run.verdict === 'Internal Error' && view === 'candidate' ? INTERNAL_ERROR_MESSAGE : run.message,
    wallMs: run.wallMs,
    passedCount: cases.filter((c) => c.passed).length,
    totalCount: cases.length,
    cases,
    score,
    maxScore: spec.tests.reduce((n, t) => n + t.marks, 0),
    at: now.toISOString(),
  };
}
