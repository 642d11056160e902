/**
 * Code drafts: the candidate's code per problem and language, saved as they type (the page debounces),
 * restored by the take call, and submitted at the end of the attempt when not yet submitted.
 * Each draft carries a revision: a save naming an older revision than the stored one (a stale tab) is refused
 * with DRAFT_STALE, so one tab never silently overwrites what another saved.
 */
import type { TDraftInput, TDraftSaved } from '@assessly/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { attempts, codeDrafts, type TestRow, tests, type UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { requireOpenAttempt } from '../attempts/attempts.service';
import { requireSectionOpen } from '../sections/sections.state';
import { requireOfferedLanguage } from '../submissions/offered-languages';
import { findTest } from '../tests/tests.access';

type MixedTest = Pick<TestRow, 'id' | 'sections' | 'questionIds' | 'writtenQuestionIds' | 'duration'>;

export async function saveDraft(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  user: UserRow,
  testId: string,
  input: TDraftInput,
): Promise<TDraftSaved> {
  const now = deps.clock.now();
  // One transaction that first locks the attempt row only while it is open and only for a problem of its
  // test (issue 16: no separate reads of the attempt and the test, a drive's budget is a few ms of CPU per
  // candidate a second). That row lock orders this save against End Test / the deadline loop, so a draft is
  // either seen by the final auto-submit or refused, and against other saves of the same attempt (so the
  // revision check below cannot race). One write per save: the draft itself; the attempt row is written only
  // when the problem's language changes (its first save, or a switch).
  const REFUSED = -1;
  const revision = await deps.db.transaction(async (tx) => {
    const [open] = await tx
      .select({
        id: attempts.id,
        sameLanguage: sql<boolean>`coalesce(${attempts.languages} ->> ${input.questionId}::text = ${input.language}::text, false)`,
        // the languages the test offers (null = all), read in the same statement
        offered: sql<string[] | null>`(SELECT ${tests.languages} FROM ${tests} WHERE ${tests.id} = ${attempts.testId})`,
        // a mixed test's sections (issue 46; null for any other test), read in the same statement
        mixed: sql<MixedTest | null>`(SELECT jsonb_build_object('id', t.id, 'sections', t.sections, 'questionIds', t.question_ids,
          'writtenQuestionIds', t.written_question_ids, 'duration', t.duration)
          FROM ${tests} t WHERE t.id = ${attempts.testId} AND t.sections IS NOT NULL)`,
        sectionLog: attempts.sectionLog,
        startedAt: attempts.startedAt,
        deadlineAt: attempts.deadlineAt,
        extraMinutes: attempts.extraMinutes,
      })
      .from(attempts)
      .where(openAttemptWithProblem(user.id, testId, input.questionId, now))
      .for('update', { of: attempts })
      .limit(1);
    // Refused (nothing written): the reason is read outside the transaction (PGlite has one connection).
    if (!open) return REFUSED;
    // a draft in a language the test does not offer would never be judged: refused like a run or a submit
    requireOfferedLanguage({ languages: open.offered }, input.language);
    // only the current section's problems, within its time (issue 46)
    if (open.mixed) requireSectionOpen(open.mixed, open, input.questionId, now);
    const attempt = open;
    if (!open.sameLanguage) {
      await tx
        .update(attempts)
        .set({
          languages: sql`${attempts.languages} || jsonb_build_object(${input.questionId}::text, ${input.language}::text)`,
        })
        .where(eq(attempts.id, attempt.id));
    }
    const [current] = await tx
      .select({ code: codeDrafts.code, revision: codeDrafts.revision })
      .from(codeDrafts)
      .where(
        and(
          eq(codeDrafts.attemptId, attempt.id),
          eq(codeDrafts.questionId, input.questionId),
          eq(codeDrafts.language, input.language),
        ),
      )
      .limit(1);
    // The same code again (a resend whose answer was lost) is already saved: nothing to refuse or bump.
    if (current && current.code === input.code) return current.revision;
    if (input.baseRevision !== undefined && input.baseRevision !== (current?.revision ?? 0)) {
      throw new AppError(
        'DRAFT_STALE',
        'A newer version of this code was saved from another tab or device; reload to continue from it',
      );
    }
    const next = (current?.revision ?? 0) + 1;
    await tx
      .insert(codeDrafts)
      .values({
        attemptId: attempt.id,
        questionId: input.questionId,
        language: input.language,
        code: input.code,
        updatedAt: now,
        revision: next,
      })
      .onConflictDoUpdate({
        target: [codeDrafts.attemptId, codeDrafts.questionId, codeDrafts.language],
        set: { code: input.code, updatedAt: now, revision: next },
      });
    return next;
  });
  if (revision === REFUSED) return explainRefusal(deps, user, testId, input);
  return { ok: true, savedAt: now.toISOString(), revision };
}

/** Why a save was refused (no open attempt, the deadline, a problem of another test); always throws. */
async function explainRefusal(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  user: UserRow,
  testId: string,
  input: TDraftInput,
): Promise<never> {
  await requireOpenAttempt(deps, user.id, testId);
  const test = await findTest(deps.db, testId);
  // Only the test's own problems: a page cannot grow the table with made-up ids.
  if (test?.testType !== 'CODING' || !test.questionIds.includes(input.questionId)) {
    throw new AppError('PROBLEM_NOT_FOUND', 'This problem is not part of the test');
  }
  throw new AppError('ATTEMPT_ENDED', 'This test has ended');
}
/**
 * The user's open, not yet due attempt at this coding test, when the test holds this problem: the rows that drafts
 * and edit recordings (modules/playback) lock with FOR UPDATE, so a save is ordered against End Test.
 */
export function openAttemptWithProblem(userId: string, testId: string, questionId: string, now: Date) {
  return and(
    eq(attempts.userId, userId),
    eq(attempts.testId, testId),
    isNull(attempts.endedAt),
    gt(attempts.deadlineAt, now),
    sql`EXISTS (SELECT 1 FROM ${tests} WHERE ${tests.id} = ${attempts.testId} AND ${tests.testType} = 'CODING' AND ${tests.questionIds} ? ${questionId}::text)`,
  );
}
