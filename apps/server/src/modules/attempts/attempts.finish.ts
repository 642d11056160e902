/**
 * Ending attempts: by the candidate (End Test), by the page's timer, or by the server's own loop at the
 * deadline (endExpiredAttempts) so the last saved code is judged even when the browser is gone.
 *
 * Ending is two steps so it is safe against races and restarts: first the attempt is CLAIMED
 * (ended_at set where it was null — only one caller wins), then FINALISED (drafts submitted, answers
 * scored, finalized_at set). An attempt ended but not finalised (a crash in between) is finalised by the
 * next loop pass; finalising twice does not submit twice (a draft equal to the latest submission is skipped).
 */
import { offeredLanguages, SQL_LANGUAGE, SQL_STARTER } from '@assessly/shared';

import { and, desc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import { type AttemptRow, attempts, codeDrafts, submissions, type TestRow, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { attemptScore } from '../aptitude-questions/aptitude-scoring';
import { submitPendingWorkspaces } from '../projects/projects.workspace';
import { findTest } from '../tests/tests.access';
import { findAnsweredQuestions, findProblemsInOrder, gradesOf } from './attempts.questions';
import { submitDraft } from './submit-draft';

type FinishDeps = Pick<AppDeps, 'db' | 'clock'> & Partial<AppDeps>;

/** Ends the attempt (idempotent) and returns its current row. After the deadline the reason is 'timeout'. */
export async function endAttempt(
  deps: FinishDeps,
  attempt: AttemptRow,
  wanted: 'manual' | 'timeout',
): Promise<AttemptRow> {
  if (attempt.endedAt) return attempt;
  const now = deps.clock.now();
  const late = attempt.deadlineAt <= now;
  const [claimed] = await deps.db
    .update(attempts)
    .set({ endedAt: late ? attempt.deadlineAt : now, endReason: late ? 'timeout' : wanted })
    .where(and(eq(attempts.id, attempt.id), isNull(attempts.endedAt)))
    .returning();
  if (!claimed) return (await reloadAttempt(deps, attempt.id)) ?? attempt;
  return finalizeAttempt(deps, claimed);
}

async function reloadAttempt(deps: FinishDeps, id: string): Promise<AttemptRow | null> {
  const [row] = await deps.db.select().from(attempts).where(eq(attempts.id, id)).limit(1);
  return row ?? null;
}

/** Submits pending drafts (coding) or scores the answers (aptitude), then marks the attempt finalised. */
export async function finalizeAttempt(deps: FinishDeps, attempt: AttemptRow): Promise<AttemptRow> {
  const test = await findTest(deps.db, attempt.testId);
  const patch: Partial<AttemptRow> = { finalizedAt: deps.clock.now() };
  // a practice test (issue 46) is never scored: nothing is submitted for the candidate
  if (test?.testType === 'CODING' && !test.isPractice) await submitPendingDrafts(deps, attempt, test);
  // issue 43: a project workspace changed since its last submit is graded as it stands
  if (test?.testType === 'CODING' && !test.isPractice && deps.judging)
    await submitPendingWorkspaces({ ...deps, judging: deps.judging }, attempt, test);
  // a coding test's written questions (issue 25) are scored like an aptitude test's: score/maxScore hold their part
  if (test?.testType === 'APTITUDE' || (test?.writtenQuestionIds.length ?? 0) > 0) {
    Object.assign(patch, await scoreAnswers(deps, attempt, test!));
  }
  const [row] = await deps.db.update(attempts).set(patch).where(eq(attempts.id, attempt.id)).returning();
  return row ?? attempt;
}

/**
 * For each problem with a draft: the draft in the language last chosen (else the newest draft) is submitted
 * unless the latest submission of that problem already has exactly this code and language.
 */
async function submitPendingDrafts(deps: FinishDeps, attempt: AttemptRow, test: TestRow): Promise<number> {
  const drafts = await deps.db.select().from(codeDrafts).where(eq(codeDrafts.attemptId, attempt.id));
  if (drafts.length === 0) return 0;
  const problems = await findProblemsInOrder(deps.db, test);
  const [user] = await deps.db.select().from(users).where(eq(users.id, attempt.userId)).limit(1);
  if (!user) return 0;
  let count = 0;
  const offered: string[] = offeredLanguages(test.languages);
  for (const problem of problems) {
    // The position in questionIds (the submissions module resolves the problem from it).
    const questionNumber = test.questionIds.indexOf(problem.id);
    // only a language the test offers (issue 24): a draft saved before the employer stopped offering its
    // language is not sent
    // an SQL problem's drafts are in sql, whatever the test offers (issue 25)
    const allowed = problem.kind === 'sql' ? [SQL_LANGUAGE] : offered;
    const mine = drafts
      .filter((d) => d.questionId === problem.id && allowed.includes(d.language))
      .sort((a, b) => +b.updatedAt - +a.updatedAt);
    const chosen = mine.find((d) => d.language === attempt.languages[problem.id]) ?? mine[0];
    if (!chosen?.code.trim() || chosen.code === problem.starterCode[chosen.language]) continue;
    if (chosen.language === SQL_LANGUAGE && chosen.code.trim() === SQL_STARTER.trim()) continue;
    const [latest] = await deps.db
      .select({ code: submissions.code, language: submissions.language })
      .from(submissions)
      .where(
        and(
          eq(submissions.userId, attempt.userId),
          eq(submissions.testId, test.id),
          eq(submissions.questionId, problem.id),
        ),
      )
      .orderBy(desc(submissions.createdAt))
      .limit(1);
    if (latest && latest.code === chosen.code && latest.language === chosen.language) continue;
    await submitDraft(deps, { user, attempt, test, questionNumber, language: chosen.language, code: chosen.code });
    count += 1;
  }
  return count;
}

/** Score = choice marks + written grades (none yet at the end: the attempt then awaits grading, issue 25). */
async function scoreAnswers(
  deps: FinishDeps,
  attempt: AttemptRow,
  test: TestRow,
): Promise<{ score: number; maxScore: number; awaitingGrading: boolean }> {
  const questions = await findAnsweredQuestions(deps.db, test);
  const grades = await gradesOf(deps.db, attempt.id);
  return attemptScore(questions, attempt.answers, grades);
}

/** How long an ended attempt may stay unfinalised before a loop pass takes it over (a crash in between). */
export const FINALIZE_GRACE_MS = 60_000;

/**
 * One pass of the auto-end loop: ends every attempt whose deadline passed and finalises attempts left
 * half-ended. Only a query, so it is restart safe. Returns how many attempts it ended or finalised.
 */
export async function endExpiredAttempts(
  deps: FinishDeps,
  log?: { error: (o: object, m: string) => void },
): Promise<number> {
  const now = deps.clock.now();
  const expired = await deps.db
    .select()
    .from(attempts)
    .where(and(isNull(attempts.endedAt), lte(attempts.deadlineAt, now)))
    .limit(100);
  const stale = await deps.db
    .select()
    .from(attempts)
    .where(
      and(
        isNotNull(attempts.endedAt),
        isNull(attempts.finalizedAt),
        lte(attempts.endedAt, new Date(+now - FINALIZE_GRACE_MS)),
      ),
    )
    .limit(100);
  let done = 0;
  for (const a of expired) {
    try {
      await endAttempt(deps, a, 'timeout');
      done += 1;
    } catch (err) {
      log?.error({ err, attemptId: a.id }, 'auto-end failed');
    }
  }
  for (const a of stale) {
    try {
      await finalizeAttempt(deps, a);
      done += 1;
    } catch (err) {
      log?.error({ err, attemptId: a.id }, 'finalising an ended attempt failed');
    }
  }
  return done;
}
