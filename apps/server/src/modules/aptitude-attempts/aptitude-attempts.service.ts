/**
 * Aptitude answers: saved one question at a time while the attempt is open (atomic jsonb updates so two
 * tabs cannot overwrite each other's answers); scored against the stored correctAnswer when the attempt ends.
 */
import type { TAnswerInput } from '@assessly/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { aptitudeQuestions, attempts, type UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { requireOpenAttempt } from '../attempts/attempts.service';
import { findTest } from '../tests/tests.access';

export async function saveAnswer(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  user: UserRow,
  testId: string,
  input: TAnswerInput,
) {
  const attempt = await requireOpenAttempt(deps, user.id, testId);
  const test = await findTest(deps.db, testId);
  if (test?.testType !== 'APTITUDE' || !test.questionIds.includes(input.questionId)) {
    throw new AppError('QUESTION_NOT_FOUND', 'This question is not part of the test');
  }
  const [question] = await deps.db
    .select({ options: aptitudeQuestions.options, correctAnswers: aptitudeQuestions.correctAnswers })
    .from(aptitudeQuestions)
    .where(eq(aptitudeQuestions.id, input.questionId))
    .limit(1);
  if (!question) throw new AppError('QUESTION_NOT_FOUND', 'This question is not part of the test');
  const multiple = Array.isArray(question.correctAnswers);
  if (Array.isArray(input.answer) && !multiple) {
    throw new AppError('VALIDATION', 'This question takes one answer', { answer: 'This question takes one answer' });
  }
  const picked = input.answer === null ? [] : Array.isArray(input.answer) ? input.answer : [input.answer];
  if (picked.some((a) => a >= question.options.length)) {
    throw new AppError('VALIDATION', 'Choose one of the options', { answer: 'Choose one of the options' });
  }
  const qid = input.questionId;
  // a multi-select answer is stored as the sorted array of picked options (issue 25); none picked = unanswered
  const value = multiple ? JSON.stringify([...picked].sort((a, b) => a - b)) : JSON.stringify(picked[0] ?? null);
  const answers =
    picked.length === 0
      ? sql`${attempts.answers} - ${qid}::text`
      : sql`${attempts.answers} || jsonb_build_object(${qid}::text, ${value}::jsonb)`;
  const flagged =
    input.flagged === undefined
      ? sql`${attempts.flagged}`
      : input.flagged
        ? sql`CASE WHEN ${attempts.flagged} ? ${qid}::text THEN ${attempts.flagged} ELSE ${attempts.flagged} || jsonb_build_array(${qid}::text) END`
        : sql`${attempts.flagged} - ${qid}::text`;
  // Open at the moment of writing, not only when checked above: an End Test (or the deadline loop) that claims the
  // attempt in between must not be followed by an answer its score never counted.
  const [row] = await deps.db
    .update(attempts)
    .set({ answers, flagged })
    .where(and(eq(attempts.id, attempt.id), isNull(attempts.endedAt), gt(attempts.deadlineAt, deps.clock.now())))
    .returning();
  if (!row) throw new AppError('ATTEMPT_ENDED', 'This test has ended');
  return { ok: true as const, answers: row?.answers ?? {}, flagged: row?.flagged ?? [] };
}
