/**
 * Code drafts: the candidate's code per problem and language, saved as they type (the page debounces),
 * restored by the take call, and submitted at the end of the attempt when not yet submitted.
 */
import type { TDraftInput } from '@assessly/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app';
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
  const attempt = await requireOpenAttempt(deps, user.id, testId);
  const test = await findTest(deps.db, testId);
  // Only the test's own problems: a page cannot grow the table with made-up ids.
  if (test?.testType !== 'CODING' || !test.questionIds.includes(input.questionId)) {
    throw new AppError('PROBLEM_NOT_FOUND', 'This problem is not part of the test');
  }
  const now = deps.clock.now();
  await deps.db
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
  await deps.db
    .update(attempts)
    .set({
      languages: sql`${attempts.languages} || jsonb_build_object(${input.questionId}::text, ${input.language}::text)`,
    })
    .where(eq(attempts.id, attempt.id));
  return { ok: true as const, savedAt: now.toISOString() };
}
