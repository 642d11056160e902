/**
 * The candidate's own submissions for one test, projected for the candidate: a hidden case is only
 * { index, hidden, passed, verdict } — never its figures, input, expected or actual output. No marks when the
 * company does not show candidates their score (score-visibility.ts).
 */
import { type TCandidateResult, type TCandidateSubmission, ZCandidateSubmission } from '@assessly/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type SubmissionRow, submissions } from '../../db/schema';
import { toCandidateAttemptResult, toCandidateCompileOutput } from '../judging/projection';

export async function findOwnSubmissions(db: Db, userId: string, testId: string): Promise<SubmissionRow[]> {
  return db
    .select()
    .from(submissions)
    .where(and(eq(submissions.userId, userId), eq(submissions.testId, testId)))
    .orderBy(asc(submissions.createdAt));
}

/** Through the one candidate projection (modules/judging/projection.ts). */
export function projectResult(raw: unknown, index = 0): TCandidateResult {
  return toCandidateAttemptResult(raw, index);
}

/** Only ZCandidateSubmission's keys (no judge history, no idempotency key, no attempt or user ids). */
export function projectSubmission(s: SubmissionRow, scoreHidden = false): TCandidateSubmission {
  return ZCandidateSubmission.parse({
    ...s,
    ...(scoreHidden ? { score: null, maxScore: null } : {}),
    compileOutput: toCandidateCompileOutput(s.verdict, s.compileOutput),
    results: s.results.map((r, i) => projectResult(r, i)),
    createdAt: s.createdAt.toISOString(),
  });
}
