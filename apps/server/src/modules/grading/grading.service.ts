/**
 * Grading written answers (issue 25). A reviewer of the owning company gives a written answer a score between 0
 * and the question's marks and a comment; the attempt's score is then recomputed from every answer and grade,
 * and it stops awaiting grading once every written answer has a grade. Everything that reads the score (report,
 * results, CSV, the candidate's own list, webhooks, status mails) reads the attempt row, so it follows at once.
 */
import type { TWrittenGradeInput, TWrittenGradeSaved } from '@assessly/shared';
import { eq } from 'drizzle-orm';
import { attempts, type UserRow, writtenGrades } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { attemptScore, isWrittenAnswer } from '../aptitude-questions/aptitude-scoring';
import { findQuestionsInOrder, gradesOf } from '../attempts/attempts.questions';
import { recordAudit } from '../audit/audit.service';
import { isPass, requireManagedAttempt } from '../review/review.service';

type Deps = Pick<AppDeps, 'db' | 'database' | 'clock' | 'mailer' | 'blobs' | 'config'>;

export async function gradeWrittenAnswer(
  deps: Deps,
  user: UserRow,
  attemptId: string,
  input: TWrittenGradeInput,
  ip = '',
): Promise<TWrittenGradeSaved> {
  const { attempt, test } = await requireManagedAttempt(deps, user, attemptId, 'review.grade');
  const questions = test.testType === 'APTITUDE' ? await findQuestionsInOrder(deps.db, test) : [];
  const question = questions.find((q) => q.id === input.questionId);
  if (question?.kind !== 'text') {
    throw new AppError('QUESTION_NOT_FOUND', 'This written question is not part of the test', {
      questionId: 'Not a written question of this test',
    });
  }
  if (!attempt.finalizedAt) throw new AppError('CONFLICT', 'The candidate is still taking this test');
  if (!isWrittenAnswer(attempt.answers[question.id])) {
    throw new AppError('CONFLICT', 'The candidate did not answer this question: it scores 0 without a grade');
  }
  if (input.score > question.marks) {
    const message = `Score must be between 0 and ${question.marks}`;
    throw new AppError('VALIDATION', message, { score: message });
  }
  const now = deps.clock.now();
  const saved = await deps.db.transaction(async (tx) => {
    // the attempt row first: two reviewers grading at once recompute one after the other, never from stale grades
    const [locked] = await tx.select().from(attempts).where(eq(attempts.id, attempt.id)).for('update');
    const values = { score: input.score, comment: input.comment, gradedBy: user.id, gradedAt: now };
    await tx
      .insert(writtenGrades)
      .values({ attemptId: attempt.id, questionId: question.id, ...values })
      .onConflictDoUpdate({ target: [writtenGrades.attemptId, writtenGrades.questionId], set: values });
    const outcome = attemptScore(questions, attempt.answers, await gradesOf(tx, attempt.id));
    await tx
      .update(attempts)
      .set({
        score: outcome.score,
        maxScore: outcome.maxScore,
        awaitingGrading: outcome.awaitingGrading,
        // when the result became final: the webhook scanner's "completed" moment
        ...(locked?.awaitingGrading && !outcome.awaitingGrading ? { gradedAt: now } : {}),
      })
      .where(eq(attempts.id, attempt.id));
    await recordAudit(tx, {
      companyId: test.companyId,
      actorId: user.id,
      action: 'review.grade',
      targetType: 'attempt',
      targetId: attempt.id,
      ip,
      detail: { questionId: question.id, score: input.score, marks: question.marks, comment: input.comment },
    });
    return outcome;
  });
  const outcome = saved;
  return {
    attemptId: attempt.id,
    questionId: question.id,
    score: input.score,
    comment: input.comment,
    gradedAt: now.toISOString(),
    attemptScore: outcome.score,
    maxScore: outcome.maxScore,
    awaitingGrading: outcome.awaitingGrading,
    passed: outcome.awaitingGrading ? null : isPass(outcome.score, outcome.maxScore, test),
  };
}
