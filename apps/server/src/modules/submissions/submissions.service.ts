/**
 * Run and submit candidate code (spec part 2 §7, issue 4). A submission is stored (queued) before it is
 * judged; the queue (modules/judging) judges it; the HTTP call waits for the verdict up to a limit.
 * createSubmission/waitForJudged are also used without a request (auto-submit at the deadline).
 */
import { type JudgeLanguage, JudgeQueueFullError } from '@assessly/judge';
import {
  ANSWER_LANGUAGES,
  SQL_LANGUAGE,
  type TResultItem,
  type TRunCode,
  type TSubmission,
  type TSubmissionQuery,
  type TSubmitCode,
  ZCandidateSubmissionJson,
} from '@assessly/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  type AttemptRow,
  attempts,
  type NewSubmission,
  type ProblemRow,
  type SubmissionRow,
  type TestRow,
  type UserRow,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { requireOpenAttempt } from '../attempts/attempts.service';
import { testsHidingScoreFrom } from '../attempts/score-visibility';
import { requireFunctionInput } from '../coding-problems/function-problems';
import { requireAnswerLanguage } from '../coding-problems/sql-problems';
import { seesHidden, withholdSubmission } from '../companies/hidden-access';
import type { JudgingService } from '../judging/judging.types';
import { toCandidateCompileOutput, toCandidateResults } from '../judging/projection';
import { casesForRun, casesForSubmit, judgeSettings, toResultItems } from '../judging/results';
import { recordRun } from '../playback/runs';
import { requireSectionOpen } from '../sections/sections.state';
import { canManageTest, findTest } from '../tests/tests.access';
import { requireOfferedLanguage } from './offered-languages';
import * as repo from './submissions.repo';

type Deps = Pick<AppDeps, 'db' | 'clock'> & { judging?: JudgingService };

/** Re-read the row this often while waiting; the queue's signal (in process, or NOTIFY) usually comes first. */
const POLL_MS = 1000;
const POLL_MS_WITHOUT_JUDGE = 200;

/** The coding problem at this question number of the test (test.questionIds order). */
export async function resolveProblem(
  deps: Pick<AppDeps, 'db'>,
  test: TestRow,
  questionNumber: number,
  lock?: 'share',
): Promise<ProblemRow> {
  const id = test.testType === 'CODING' ? test.questionIds[questionNumber] : undefined;
  const problem = id ? await repo.findProblem(deps.db, id, lock) : null;
  if (!problem) throw new AppError('PROBLEM_NOT_FOUND', 'There is no coding problem at this question number');
  return problem;
}

/** An SQL problem is answered in sql (whatever languages the test offers); any other in an offered language. */
function requireLanguageFor(test: TestRow, problem: ProblemRow, language: string): void {
  requireAnswerLanguage(problem, language);
  requireOfferedLanguage(test, language);
}

function requireJudging(deps: Deps): JudgingService {
  if (!deps.judging)
    throw new AppError('SERVICE_UNAVAILABLE', 'The judge is not running on this server. Please try again later.');
  return deps.judging;
}

async function requireLanguage(judging: JudgingService, language: JudgeLanguage) {
  // sql is no code language of the judge's list: a missing sqlite3 is the judge's Internal Error
  if (language === SQL_LANGUAGE) return;
  const info = (await judging.judge.languages()).find((l) => l.id === language);
  if (!info?.available) {
    throw new AppError('LANGUAGE_UNAVAILABLE', info?.message ?? `${language} is not available on this server`);
  }
}

function busy(err: JudgeQueueFullError): AppError {
  return new AppError(
    'JUDGE_BUSY',
    `The judge is busy. Please try again in ${err.retryAfterSeconds} seconds.`,
    undefined,
    {
      'Retry-After': String(err.retryAfterSeconds),
    },
  );
}

/**
 * Stores a submission (queued) and hands it to the queue. No window/attempt checks and no back-pressure
 * here: the caller decided the code must be judged (HTTP submit after its checks, or auto-submit at the
 * deadline). Without a judge the row stays queued and is picked up when one starts.
 */
export async function createSubmission(
  deps: Deps,
  input: {
    user: UserRow;
    attempt: AttemptRow | null;
    test: TestRow;
    questionNumber: number;
    language: string;
    code: string;
    /** The client's key for this submit: a retry with the same key finds this row (submitCode). */
    idempotencyKey?: string | null;
  },
  /**
   * Runs in the inserting transaction after the problem is read (and share-locked), before the insert: the HTTP
   * submit's checks that must not race.
   */
  beforeInsert?: (tx: Db) => Promise<void>,
): Promise<SubmissionRow> {
  if (!(ANSWER_LANGUAGES as readonly string[]).includes(input.language)) {
    throw new AppError('VALIDATION', 'Choose a supported language', { language: 'Choose a supported language' });
  }
  // issue 46: a practice test is never scored
  if (input.test.isPractice) throw new AppError('CONFLICT', 'A practice test is not scored: use Run to try your code');
  // The problem is read under a share lock in the inserting transaction, and an edit takes the row's update lock
  // (updateProblemVersioned): the version stored is always the version of the content read here, and an edit
  // that follows sees this submission and keeps that content as its version (issue 23).
  const row = await deps.db.transaction(async (tx) => {
    const problem = await resolveProblem({ db: tx }, input.test, input.questionNumber, 'share');
    const values: NewSubmission = {
      testId: input.test.id,
      userId: input.user.id,
      attemptId: input.attempt?.id ?? null,
      questionId: problem.id,
      questionNumber: input.questionNumber,
      language: input.language,
      code: input.code,
      status: 'queued',
      totalCount: casesForSubmit(problem).length,
      maxScore: problem.marks,
      problemVersion: problem.version,
      createdAt: deps.clock.now(),
      idempotencyKey: input.idempotencyKey ?? null,
    };
    if (beforeInsert) await beforeInsert(tx);
    return repo.insertSubmission(tx, values);
  });
  await deps.judging?.enqueue(row.id, row.userId);
  return row;
}

export function isDone(row: SubmissionRow): boolean {
  return row.status === 'judged' || row.status === 'error';
}

/** The row once judged (or failed), or as it stands when `timeoutMs` of real time have passed. */
export async function waitForJudged(deps: Deps, submissionId: string, timeoutMs: number): Promise<SubmissionRow> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const left = until - Date.now();
    // Listen before reading, so a verdict landing between the read and the wait is not missed.
    const signal = deps.judging
      ? deps.judging.waitSignal(submissionId, Math.max(0, Math.min(left, POLL_MS)))
      : new Promise((r) => setTimeout(r, Math.max(0, Math.min(left, POLL_MS_WITHOUT_JUDGE))));
    const row = await repo.findSubmission(deps.db, submissionId);
    if (!row) throw new AppError('SUBMISSION_NOT_FOUND', 'Submission not found');
    if (isDone(row) || left <= 0) return row;
    await signal;
  }
}

/** The test, and for a candidate the open attempt; a managing employer may run without one. */
async function requireAccess(deps: Deps, user: UserRow, testId: string, allowManager: boolean) {
  const test = await findTest(deps.db, testId);
  if (!test) throw new AppError('TEST_NOT_FOUND', 'Test not found');
  if (allowManager && canManageTest(user, test)) return { test, attempt: null };
  return { test, attempt: await requireOpenAttempt(deps, user.id, testId) };
}

/** Runs the visible examples (or only the custom input) without storing anything. */
export async function runCode(deps: Deps, user: UserRow, input: TRunCode): Promise<TResultItem[]> {
  const { test, attempt } = await requireAccess(deps, user, input.testId, true);
  const problem = await resolveProblem(deps, test, input.questionNumber);
  // a mixed test's section (issue 46): only the current one, within its time
  if (attempt) requireSectionOpen(test, attempt, problem.id, deps.clock.now());
  requireLanguageFor(test, problem, input.language);
  const judging = requireJudging(deps);
  await requireLanguage(judging, input.language);
  const specs = casesForRun(problem, input.stdin);
  if (specs.length === 0) return [];
  requireFunctionInput(problem, input.stdin);
  try {
    // In this candidate's lane of the fair scheduler: one run at a time, a newer one replaces a waiting one.
    const result = await judging.runJudge(user.id, {
      language: input.language,
      code: input.code,
      cases: specs.map(({ input: stdin, expectedOutput, hidden }) => ({ input: stdin, expectedOutput, hidden })),
      ...judgeSettings(problem),
    });
    const items = toResultItems(specs, result);
    // A candidate's run is a moment of their code playback (issue 29).
    if (attempt)
      await recordRun(deps, { attemptId: attempt.id, questionId: problem.id, language: input.language }, items);
    // a managing employer trying the problem sees internal failures in full; a candidate never does
    return attempt ? toCandidateResults(items) : items;
  } catch (err) {
    if (err instanceof JudgeQueueFullError) throw busy(err);
    throw err;
  }
}

/**
 * Locks the attempt row while it is still open (End Test and the deadline loop claim the same row), so a
 * submission is never stored after its attempt ended or its deadline passed.
 */
async function lockOpenAttempt(tx: Db, attemptId: string, now: Date): Promise<void> {
  const [open] = await tx
    .select({ id: attempts.id })
    .from(attempts)
    .where(and(eq(attempts.id, attemptId), isNull(attempts.endedAt), gt(attempts.deadlineAt, now)))
    .for('update');
  if (!open) throw new AppError('ATTEMPT_ENDED', 'This test has ended');
}

/**
 * HTTP submit: checks, back-pressure, store, then wait for the verdict (up to judging.submitWaitMs).
 * With an idempotency key, a request sent again (its reply lost) answers the row stored the first time.
 */
export async function submitCode(
  deps: Deps,
  user: UserRow,
  input: TSubmitCode,
  idempotencyKey?: string | null,
): Promise<SubmissionRow> {
  if (idempotencyKey) {
    const earlier = await repo.findByIdempotencyKey(deps.db, user.id, idempotencyKey);
    if (earlier) return waitForJudged(deps, earlier.id, deps.judging?.submitWaitMs ?? 0);
  }
  const { test, attempt } = await requireAccess(deps, user, input.testId, false);
  if (test.isPractice) throw new AppError('CONFLICT', 'A practice test is not scored: use Run to try your code');
  const problem = await resolveProblem(deps, test, input.questionNumber);
  requireLanguageFor(test, problem, input.language);
  // a mixed test's section (issue 46): only the current one, within its time
  if (attempt) requireSectionOpen(test, attempt, problem.id, deps.clock.now());
  const judging = requireJudging(deps);
  await requireLanguage(judging, input.language);
  const secondsLeft = attempt ? (attempt.deadlineAt.getTime() - deps.clock.now().getTime()) / 1000 : undefined;
  await judging.assertCapacity(secondsLeft);
  let row: SubmissionRow;
  try {
    row = await storeSubmission(deps, judging, user, { ...input, attempt, test, idempotencyKey });
  } catch (err) {
    // Two copies of one request raced: the loser answers the winner's row.
    if (!idempotencyKey || !isUniqueViolation(err, 'submissions_user_idempotency_idx')) throw err;
    const earlier = await repo.findByIdempotencyKey(deps.db, user.id, idempotencyKey);
    if (!earlier) throw err;
    row = earlier;
  }
  return waitForJudged(deps, row.id, judging.submitWaitMs);
}

async function storeSubmission(
  deps: Deps,
  judging: JudgingService,
  user: UserRow,
  input: TSubmitCode & { attempt: AttemptRow | null; test: TestRow; idempotencyKey?: string | null },
): Promise<SubmissionRow> {
  const { attempt } = input;
  return createSubmission(
    deps,
    {
      user,
      attempt,
      test: input.test,
      questionNumber: input.questionNumber,
      language: input.language,
      code: input.code,
      idempotencyKey: input.idempotencyKey,
    },
    async (tx) => {
      // Checked and inserted under locks, so parallel requests cannot all pass the checks before any inserts.
      if (attempt) await lockOpenAttempt(tx, attempt.id, deps.clock.now());
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`submit:${user.id}`}))`);
      // Fairness: one candidate firing submissions in parallel must not fill the queue for everyone.
      if ((await repo.countPendingForUser(tx, user.id)) >= judging.perUserPending) {
        throw new AppError(
          'RATE_LIMITED',
          'Your earlier submissions are still being judged. Please wait for their results.',
          undefined,
          { 'Retry-After': '2' },
        );
      }
    },
  );
}

/** Candidates get the projection of projection.ts; managing employers see the stored row. */
/** A candidate's copy goes through ZCandidateSubmissionJson (every answer and the SSE stream use this). */
/** scoreHidden: a candidate's copy without marks (the company does not show candidates their score, issue 26). */
export function toSubmissionJson(row: SubmissionRow, forCandidate: boolean, scoreHidden = false): TSubmission {
  const results = forCandidate ? toCandidateResults(row.results as TResultItem[]) : (row.results as TResultItem[]);
  const json: TSubmission = {
    id: row.id,
    testId: row.testId,
    userId: row.userId,
    attemptId: row.attemptId,
    questionId: row.questionId,
    questionNumber: row.questionNumber,
    language: row.language,
    code: row.code,
    status: row.status,
    verdict: row.verdict as TSubmission['verdict'],
    compileOutput: forCandidate ? toCandidateCompileOutput(row.verdict, row.compileOutput) : row.compileOutput,
    results,
    passedCount: row.passedCount,
    totalCount: row.totalCount,
    score: forCandidate && scoreHidden ? null : row.score,
    maxScore: forCandidate && scoreHidden ? null : row.maxScore,
    createdAt: row.createdAt.toISOString(),
    judgedAt: row.judgedAt?.toISOString() ?? null,
    problemVersion: row.problemVersion,
    // results a re-judge replaced: employers only (they carry hidden cases whole)
    ...(forCandidate ? {} : { judgeHistory: row.judgeHistory }),
  };
  return forCandidate ? ZCandidateSubmissionJson.parse(json) : json;
}

export async function listSubmissions(deps: Deps, viewer: UserRow, q: TSubmissionQuery): Promise<TSubmission[]> {
  if (viewer.role === 'employer') {
    const rows = (await repo.listManagedSubmissions(deps.db, viewer, q)).map((r) => toSubmissionJson(r, false));
    return (await seesHidden(deps.db, viewer)) ? rows : rows.map(withholdSubmission);
  }
  const rows = await repo.listOwnSubmissions(deps.db, viewer.id, q);
  const hiding = await testsHidingScoreFrom(
    deps.db,
    viewer,
    rows.map((r) => r.testId),
  );
  return rows.map((r) => toSubmissionJson(r, true, hiding.has(r.testId)));
}

/** The submitter, or an employer managing the test; anyone else gets 404 (existence is not revealed). */
export async function readSubmission(deps: Deps, viewer: UserRow, id: string): Promise<TSubmission> {
  const row = await repo.findSubmission(deps.db, id);
  if (row && row.userId === viewer.id) {
    const hiding = await testsHidingScoreFrom(deps.db, viewer, [row.testId]);
    return toSubmissionJson(row, true, hiding.has(row.testId));
  }
  if (row && viewer.role === 'employer') {
    const test = await findTest(deps.db, row.testId);
    if (test && canManageTest(viewer, test)) {
      const json = toSubmissionJson(row, false);
      return (await seesHidden(deps.db, viewer)) ? json : withholdSubmission(json);
    }
  }
  throw new AppError('SUBMISSION_NOT_FOUND', 'Submission not found');
}
