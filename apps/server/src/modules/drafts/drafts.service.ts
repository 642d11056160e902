/**
 * Code drafts: the candidate's code per problem and language, saved as they type (the page debounces),
 * restored by the take call, and submitted at the end of the attempt when not yet submitted.
 */
import type { TDraftInput } from '@assessly/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app';
import type { Db } from '../../db/client';
import { attempts, codeDrafts } from '../../db/schema';
import type { UserRow } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { requireOpenAttempt } from '../attempts/attempts.service';
import { findTest } from '../tests/tests.access';

export async function saveDraft(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  user: UserRow,
  testId: string,
  input: TDraftInput,
) {
  const now = deps.clock.now();
  if (await saveDraftFast(deps.db, user.id, testId, input, now))
    return { ok: true as const, savedAt: now.toISOString() };
  // Refused by the one-statement save: the checks below name the reason (or save, after a race).
  return saveDraftChecked(deps, user, testId, input);
}

/**
 * The common case in one statement (issue 16: a drive's budget is a few ms of CPU per candidate a second):
 * the attempt row is updated (and so locked) only while open and only for a problem of its test, and the
 * draft is upserted in the same statement. False when nothing was saved.
 */
async function saveDraftFast(db: Db, userId: string, testId: string, input: TDraftInput, now: Date) {
  const rows = await db.execute(sql`
    WITH open AS (
      UPDATE attempts a
         SET languages = a.languages || jsonb_build_object(${input.questionId}::text, ${input.language}::text)
        FROM tests t
       WHERE a.user_id = ${userId} AND a.test_id = ${testId} AND a.ended_at IS NULL AND a.deadline_at > ${now}
         AND t.id = a.test_id AND t.test_type = 'CODING' AND t.question_ids ? ${input.questionId}::text
      RETURNING a.id
    )
    INSERT INTO code_drafts (attempt_id, question_id, language, code, updated_at)
    SELECT id, ${input.questionId}, ${input.language}, ${input.code}, ${now} FROM open
    ON CONFLICT (attempt_id, question_id, language) DO UPDATE SET code = EXCLUDED.code, updated_at = EXCLUDED.updated_at
    RETURNING attempt_id`);
  const list = Array.isArray(rows) ? rows : ((rows as { rows?: unknown[] }).rows ?? []);
  return list.length > 0;
}

async function saveDraftChecked(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  user: UserRow,
  testId: string,
  input: TDraftInput,
) {
  const attempt = await requireOpenAttempt(deps, user.id, testId);
  const test = await findTest(deps.db, testId);
  // Only the test's own problems: a page cannot grow the table with made-up ids.
  if (test?.testType !== 'CODING' || !test.questionIds.includes(input.questionId)) {
    throw new AppError('PROBLEM_NOT_FOUND', 'This problem is not part of the test');
  }
  const now = deps.clock.now();
  // One transaction that first updates the attempt row only while it is open: that row lock orders this save
  // against End Test / the deadline loop, so a draft is either seen by the final auto-submit or refused.
  await deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [open] = await tx
      .update(attempts)
      .set({
        languages: sql`${attempts.languages} || jsonb_build_object(${input.questionId}::text, ${input.language}::text)`,
      })
      .where(and(eq(attempts.id, attempt.id), isNull(attempts.endedAt), gt(attempts.deadlineAt, now)))
      .returning({ id: attempts.id });
    if (!open) throw new AppError('ATTEMPT_ENDED', 'This test has ended');
    await tx
      .insert(codeDrafts)
      .values({
        attemptId: attempt.id,
        questionId: input.questionId,
        language: input.language,
        code: input.code,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [codeDrafts.attemptId, codeDrafts.questionId, codeDrafts.language],
        set: { code: input.code, updatedAt: now },
      });
  });
  return { ok: true as const, savedAt: now.toISOString() };
}
