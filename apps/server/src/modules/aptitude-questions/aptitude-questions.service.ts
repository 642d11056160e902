/**
 * Aptitude questions: multiple choice, correctAnswer stored as the option's index (docs/DECISIONS.md §4).
 * Input may give the index or the option's text; output gives the index and, for convenience, its text.
 */
import {
  CORRECT_ANSWER_MESSAGE,
  correctAnswersProblem,
  OPTION_COUNT,
  resolveCorrectAnswer,
  type TAptitudeQuestion,
  type TCandidateQuestion,
  type ZAptitudeQuestionInput,
} from '@assessly/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { QuestionRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { type Action, authorize } from '../../lib/policy';
import { syncTestTotals } from '../tests/test-totals';
import { canManageTest, isInStartedTest, requireAuthoredTestOfType } from '../tests/tests.access';
import { toCandidateQuestion, toEmployerQuestion } from '../tests/tests.projections';
import { unlinkQuestionEverywhere } from '../tests/tests.repo';
import * as repo from './aptitude-questions.repo';

export type QuestionInput = z.output<typeof ZAptitudeQuestionInput>;

/** The columns a question's input sets; refuses a correctAnswer that is none of the options. */
export function toQuestionValues(input: QuestionInput, prefix = '') {
  if (input.kind === 'text') {
    // a written answer (issue 25): no options, graded by a person against the rubric
    return {
      kind: 'text' as const,
      rubric: input.rubric ?? '',
      questionText: input.questionText,
      options: [],
      correctAnswer: 0,
      correctAnswers: null,
      scoring: null,
      marks: input.marks,
      explanation: input.explanation ?? '',
    };
  }
  if (input.options.length < OPTION_COUNT.min) {
    const message = `${prefix}A question needs at least ${OPTION_COUNT.min} options`;
    throw new AppError('VALIDATION', message, { options: message });
  }
  if (Array.isArray(input.correctAnswers)) {
    const problem = correctAnswersProblem(input.options.length, input.correctAnswers);
    if (problem) throw new AppError('VALIDATION', `${prefix}${problem}`, { correctAnswers: `${prefix}${problem}` });
    const correctAnswers = [...input.correctAnswers].sort((a, b) => a - b);
    return {
      kind: 'choice' as const,
      rubric: '',
      questionText: input.questionText,
      options: input.options,
      correctAnswer: correctAnswers[0] as number,
      correctAnswers,
      scoring: input.scoring ?? 'all',
      marks: input.marks,
      explanation: input.explanation ?? '',
    };
  }
  if (input.correctAnswer === undefined)
    throw new AppError('VALIDATION', `${prefix}Choose the correct answer`, {
      correctAnswer: `${prefix}Choose the correct answer`,
    });
  const correctAnswer = resolveCorrectAnswer(input.options, input.correctAnswer);
  if (correctAnswer === null) {
    throw new AppError('VALIDATION', `${prefix}${CORRECT_ANSWER_MESSAGE}`, {
      correctAnswer: `${prefix}${CORRECT_ANSWER_MESSAGE}`,
    });
  }
  return {
    kind: 'choice' as const,
    rubric: '',
    questionText: input.questionText,
    options: input.options,
    correctAnswer,
    correctAnswers: null,
    scoring: null,
    marks: input.marks,
    explanation: input.explanation ?? '',
  };
}

/** The question if this employer's tenant owns it; 404 otherwise (403 for candidates). */
export async function requireManagedQuestion(
  db: Db,
  user: UserRow,
  id: string,
  action: Action = 'tests.read',
): Promise<QuestionRow> {
  authorize(user, action);
  const row = await repo.findQuestion(db, id);
  if (!row || !canManageTest(user, row)) throw new AppError('QUESTION_NOT_FOUND', 'Question not found');
  return row;
}

export async function addQuestion(
  db: Db,
  user: UserRow,
  input: QuestionInput & { testId: string },
): Promise<TAptitudeQuestion> {
  const test = await requireAuthoredTestOfType(db, user, input.testId, 'APTITUDE');
  const row = await repo.insertQuestion(db, {
    ...toQuestionValues(input),
    testId: test.id,
    companyId: test.companyId,
    createdBy: user.id,
  });
  return toEmployerQuestion(row);
}

/** A managing employer reads everything; a candidate the candidate projection of a question of a test it started. */
export async function readQuestion(db: Db, user: UserRow, id: string): Promise<TAptitudeQuestion | TCandidateQuestion> {
  if (user.role === 'employer') return toEmployerQuestion(await requireManagedQuestion(db, user, id));
  const row = await repo.findQuestion(db, id);
  if (!row || !(await isInStartedTest(db, id, user.id))) throw new AppError('QUESTION_NOT_FOUND', 'Question not found');
  return toCandidateQuestion(row);
}

export async function changeQuestion(
  db: Db,
  user: UserRow,
  id: string,
  input: QuestionInput,
): Promise<TAptitudeQuestion> {
  const row = await requireManagedQuestion(db, user, id, 'tests.author');
  let testId = row.testId;
  if (input.testId && input.testId !== row.testId) {
    const test = await requireAuthoredTestOfType(db, user, input.testId, 'APTITUDE');
    testId = test.id;
  }
  const saved = await repo.updateQuestion(db, id, { ...toQuestionValues(input), testId });
  // its marks count in the total of every test that holds it (issue 46)
  await syncTestTotals(db, { itemId: id });
  return toEmployerQuestion(saved);
}

export async function removeQuestion(db: Db, user: UserRow, id: string): Promise<void> {
  await requireManagedQuestion(db, user, id, 'tests.author');
  await db.transaction(async (tx) => {
    await unlinkQuestionEverywhere(tx, id);
    await repo.deleteQuestion(tx, id);
    // a coding test's written question: its test's total loses its marks too
    await syncTestTotals(tx, { itemId: id });
  });
}

export async function listQuestions(db: Db, user: UserRow, testId?: string): Promise<TAptitudeQuestion[]> {
  return (await repo.listQuestionsOf(db, user, testId)).map(toEmployerQuestion);
}
