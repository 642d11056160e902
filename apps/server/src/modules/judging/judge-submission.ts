/**
 * Judges one stored submission: claim the row, run every case, write the results. Used by both queues.
 * The claim (queued → running, atomically) makes a job delivered twice, or re-sent by recovery, run once.
 */
import { type JudgeLanguage, JudgeQueueFullError } from '@assessly/judge';
import type { TResultItem } from '@assessly/shared';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { codingProblems, type SubmissionRow, submissions } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { problemAtVersion } from '../coding-problems/problem-versions';
import type { JudgeLike } from './judging.types';
import { type CaseSpec, casesForSubmit, failedItems, judgeSettings, toResultItems } from './results';

/**
 * A row whose claim is older than this may be claimed again: its worker died. Workers in PostgreSQL mode
 * refresh the claim every HEARTBEAT_MS while they judge, so only a dead worker's row goes stale (four heartbeats
 * missed in a row: a worker starved of CPU on a loaded machine must not lose a live claim). The last heartbeat
 * came at most HEARTBEAT_MS before the death, so with the 3 s sweep and the 0.5 s poll a dead worker's job is
 * taken over within STALE_RUNNING_MS + 3 s + 0.5 s = 13.5 s of its death (issue 28 asks for 15).
 */
export const STALE_RUNNING_MS = 10_000;
export const HEARTBEAT_MS = 2_500;
/** A submission whose judging keeps failing (a worker crash each time) ends as Internal Error. */
export const MAX_JUDGE_ATTEMPTS = 3;

export interface JudgeSubmissionDeps {
  db: Db;
  clock: Clock;
  judge: JudgeLike;
}

export function scoreOf(maxScore: number, passed: number, total: number): number {
  return total > 0 ? Math.round(((maxScore * passed) / total) * 100) / 100 : 0;
}

async function claim(deps: JudgeSubmissionDeps, id: string): Promise<SubmissionRow | null> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(submissions)
    .set({ status: 'running', claimedAt: now, judgeAttempts: sql`${submissions.judgeAttempts} + 1` })
    .where(
      and(
        eq(submissions.id, id),
        or(
          eq(submissions.status, 'queued'),
          and(eq(submissions.status, 'running'), lt(submissions.claimedAt, new Date(now.getTime() - STALE_RUNNING_MS))),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

async function finish(
  deps: JudgeSubmissionDeps,
  row: SubmissionRow,
  out: {
    status: 'judged' | 'error';
    verdict: string;
    compileOutput: string | null;
    results: TResultItem[];
    total: number;
  },
) {
  const passed = out.results.filter((r) => r.passed).length;
  await deps.db
    .update(submissions)
    .set({
      status: out.status,
      verdict: out.verdict,
      compileOutput: out.compileOutput,
      results: out.results,
      passedCount: passed,
      totalCount: out.total,
      score: scoreOf(row.maxScore, passed, out.total),
      judgedAt: deps.clock.now(),
    })
    .where(eq(submissions.id, row.id));
}

async function fail(deps: JudgeSubmissionDeps, row: SubmissionRow, specs: CaseSpec[], message: string) {
  await finish(deps, row, {
    status: 'error',
    verdict: 'Internal Error',
    compileOutput: message,
    results: failedItems(specs, 'Internal Error', message),
    total: specs.length,
  });
}

/**
 * 'judged' when this call judged the row, 'skipped' when another worker has it or it is already done.
 * Throws JudgeQueueFullError after putting the row back to queued, so the caller retries later.
 */
export async function judgeSubmission(
  deps: JudgeSubmissionDeps,
  id: string,
  heartbeatMs?: number,
): Promise<'judged' | 'skipped'> {
  const row = await claim(deps, id);
  if (!row) return 'skipped';
  return judgeClaimedRow(deps, row, heartbeatMs);
}

/** Judges a row this worker has claimed (running), refreshing the claim every heartbeatMs meanwhile. */
export async function judgeClaimedRow(
  deps: JudgeSubmissionDeps,
  row: SubmissionRow,
  heartbeatMs?: number,
): Promise<'judged' | 'skipped'> {
  if (!heartbeatMs) return judgeClaimed(deps, row);
  const beat = setInterval(() => {
    deps.db
      .update(submissions)
      .set({ claimedAt: deps.clock.now() })
      .where(and(eq(submissions.id, row.id), eq(submissions.status, 'running')))
      .catch(() => {}); // a missed beat only risks a second (harmless, claimed) judging
  }, heartbeatMs);
  beat.unref();
  try {
    return await judgeClaimed(deps, row);
  } finally {
    clearInterval(beat);
  }
}

async function judgeClaimed(deps: JudgeSubmissionDeps, row: SubmissionRow): Promise<'judged' | 'skipped'> {
  const [current] = await deps.db.select().from(codingProblems).where(eq(codingProblems.id, row.questionId)).limit(1);
  // judged against the version the submission recorded, not whatever the problem says today
  const problem = current ? await problemAtVersion(deps.db, current, row.problemVersion) : null;
  const specs = problem ? casesForSubmit(problem) : [];
  if (row.judgeAttempts > MAX_JUDGE_ATTEMPTS) {
    await fail(deps, row, specs, `Judging failed ${MAX_JUDGE_ATTEMPTS} times; the submission was not judged`);
    return 'judged';
  }
  if (!problem) {
    await fail(deps, row, [], 'The problem of this submission no longer exists');
    return 'judged';
  }
  if (specs.length === 0) {
    await fail(deps, row, [], 'This problem has no test cases');
    return 'judged';
  }
  try {
    const result = await deps.judge.judge({
      language: row.language as JudgeLanguage,
      code: row.code,
      cases: specs.map(({ input, expectedOutput, hidden }) => ({ input, expectedOutput, hidden })),
      ...judgeSettings(problem),
    });
    const results = toResultItems(specs, result);
    await finish(deps, row, {
      status: result.verdict === 'Internal Error' ? 'error' : 'judged',
      verdict: result.verdict,
      compileOutput: result.compileOutput,
      results,
      total: specs.length,
    });
    return 'judged';
  } catch (err) {
    if (err instanceof JudgeQueueFullError) {
      // Not this submission's fault: hand it back untouched for a later try.
      await deps.db
        .update(submissions)
        .set({ status: 'queued', claimedAt: null, judgeAttempts: sql`${submissions.judgeAttempts} - 1` })
        .where(eq(submissions.id, row.id));
      throw err;
    }
    await fail(deps, row, specs, `The judge failed: ${err instanceof Error ? err.message : String(err)}`);
    return 'judged';
  }
}
