/**
 * Grading written answers (issue 25). A reviewer of the owning company gives a written answer a score between 0
 * and the question's marks and a comment; the attempt's score is then recomputed from every answer and grade,
 * and it stops awaiting grading once every written answer has a grade. Everything that reads the score (report,
 * results, CSV, the candidate's own list, webhooks, status mails) reads the attempt row, so it follows at once.
 *
 * A coding test's written questions (issue 25) are graded the same way: the attempt row then holds their part of
 * the score, the code part comes from the submissions (review.repo.ts adds both).
 *
 * A grade that changes a result already released (the attempt no longer awaited grading before it) sends
 * `attempt.regraded` to the company's webhooks with the previous and the new score and result: the receiver of
 * `attempt.completed` learns that it changed. No mail tells the candidate of a score (their own list reads it
 * live); the hiring-status mails do not depend on the score.
 */
import { randomUUID } from 'node:crypto';
import type { TWrittenGradeInput, TWrittenGradeSaved } from '@assessly/shared';
import { eq } from 'drizzle-orm';
import { type AttemptRow, attempts, type TestRow, type UserRow, users, writtenGrades } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { attemptScore, isWrittenAnswer } from '../aptitude-questions/aptitude-scoring';
import { findAnsweredQuestions, gradesOf } from '../attempts/attempts.questions';
import { recordAudit } from '../audit/audit.service';
import { candidateResults } from '../review/review.repo';
import { isPass, requireManagedAttempt } from '../review/review.service';
import { emitEvent } from '../webhooks/webhooks.events';

type Deps = Pick<AppDeps, 'db' | 'database' | 'clock' | 'mailer' | 'blobs' | 'config'>;

/** The attempt's whole score as every list reads it (a coding test adds its code part, issue 25). */
async function totalOf(deps: Deps, testId: string, attemptId: string) {
  const [row] = await candidateResults(deps.database, testId, attemptId);
  return { score: row?.score ?? 0, maxScore: row?.maxScore ?? 0 };
}

export async function gradeWrittenAnswer(
  deps: Deps,
  user: UserRow,
  attemptId: string,
  input: TWrittenGradeInput,
  ip = '',
): Promise<TWrittenGradeSaved> {
  const { attempt, test } = await requireManagedAttempt(deps, user, attemptId, 'review.grade');
  // an aptitude test's questions, or a coding test's written ones (issue 25)
  const questions = await findAnsweredQuestions(deps.db, test);
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
  const before = attempt.awaitingGrading ? null : await totalOf(deps, test.id, attempt.id);
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
    return { ...outcome, wasFinal: !!locked && !locked.awaitingGrading };
  });
  const total = await totalOf(deps, test.id, attempt.id);
  const passed = saved.awaitingGrading ? null : isPass(total.score, total.maxScore, test);
  if (saved.wasFinal && before && before.score !== total.score && !attempt.isPreview) {
    await announceRegrade(deps, { attempt, test, before, total, passed: !!passed, gradedBy: user.email });
  }
  return {
    attemptId: attempt.id,
    questionId: question.id,
    score: input.score,
    comment: input.comment,
    gradedAt: now.toISOString(),
    attemptScore: total.score,
    maxScore: total.maxScore,
    awaitingGrading: saved.awaitingGrading,
    passed,
  };
}

/** `attempt.regraded`: a released result changed (one delivery per change, so its subject is new each time). */
async function announceRegrade(
  deps: Deps,
  o: {
    attempt: AttemptRow;
    test: TestRow;
    before: { score: number; maxScore: number };
    total: { score: number; maxScore: number };
    passed: boolean;
    gradedBy: string;
  },
) {
  if (!o.test.companyId) return;
  const [candidate] = await deps.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.id, o.attempt.userId))
    .limit(1);
  await emitEvent(deps, o.test.companyId, 'attempt.regraded', randomUUID(), {
    attemptId: o.attempt.id,
    testId: o.test.id,
    testName: o.test.testName,
    candidate: { id: o.attempt.userId, email: candidate?.email ?? null },
    previousScore: o.before.score,
    previousResult: isPass(o.before.score, o.before.maxScore, o.test) ? 'passed' : 'failed',
    score: o.total.score,
    maxScore: o.total.maxScore,
    result: o.passed ? 'passed' : 'failed',
    gradedBy: o.gradedBy,
    reportUrl: `${deps.config.publicUrl}/admin/reports/${o.attempt.id}`,
  });
}
