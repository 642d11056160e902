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
import { requireSectionOpen } from '../sections/sections.state';
import { findTest } from '../tests/tests.access';

export async function saveAnswer(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  user: UserRow,
  testId: string,
  input: TAnswerInput,
) {
  const attempt = await requireOpenAttempt(deps, user.id, testId);
  const test = await findTest(deps.db, testId);
  // an aptitude test's question, or a coding test's written question (issue 25)
  const listed = test?.testType === 'CODING' ? test.writtenQuestionIds : (test?.questionIds ?? []);
  if (!test || !listed.includes(input.questionId)) {
    throw new AppError('QUESTION_NOT_FOUND', 'This question is not part of the test');
  }
  const [question] = await deps.db
    .select({
      options: aptitudeQuestions.options,
      correctAnswers: aptitudeQuestions.correctAnswers,
      kind: aptitudeQuestions.kind,
    })
    .from(aptitudeQuestions)
    .where(eq(aptitudeQuestions.id, input.questionId))
    .limit(1);
  if (!question) {
    throw new AppError('QUESTION_NOT_FOUND', 'This question is not part of the test');
  }
  // a mixed test's section (issue 46): only the current one, within its time
  requireSectionOpen(test, attempt, input.questionId, deps.clock.now());
  const { value, empty } = storedAnswer(question, input.answer);
  const qid = input.questionId;
  const answers = empty
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

/**
 * The JSON stored for an answer. A written question (issue 25) takes text, kept as typed (an answer of only
 * spaces is none); a multi-select one the sorted array of picked options; a single-answer one an index.
 */
function storedAnswer(
  question: { options: string[]; correctAnswers: number[] | null; kind: 'choice' | 'text' },
  answer: TAnswerInput['answer'],
): { value: string; empty: boolean } {
  if (question.kind === 'text') {
    if (answer !== null && typeof answer !== 'string') {
      throw new AppError('VALIDATION', 'This question takes a written answer', {
        answer: 'This question takes a written answer',
      });
    }
    return { value: JSON.stringify(answer ?? ''), empty: !answer?.trim() };
  }
  if (typeof answer === 'string') {
    throw new AppError('VALIDATION', 'Choose one of the options', { answer: 'Choose one of the options' });
  }
  const multiple = Array.isArray(question.correctAnswers);
  if (Array.isArray(answer) && !multiple) {
    throw new AppError('VALIDATION', 'This question takes one answer', { answer: 'This question takes one answer' });
  }
  const picked = answer === null ? [] : Array.isArray(answer) ? answer : [answer];
  if (picked.some((a) => a >= question.options.length)) {
    throw new AppError('VALIDATION', 'Choose one of the options', { answer: 'Choose one of the options' });
  }
  const value = multiple ? JSON.stringify([...picked].sort((a, b) => a - b)) : JSON.stringify(picked[0] ?? null);
  return { value, empty: picked.length === 0 };
}
