/**
 * The candidate's own submissions for one test, projected for the candidate: hidden cases keep only
 * pass/fail, verdict and time — never their input, expected or actual output.
 */
import type { TCandidateResult, TCandidateSubmission } from '@assessly/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { submissions } from '../../db/schema';

type SubmissionRow = typeof submissions.$inferSelect;

export async function findOwnSubmissions(db: Db, userId: string, testId: string): Promise<SubmissionRow[]> {
  return db
    .select()
    .from(submissions)
    .where(and(eq(submissions.userId, userId), eq(submissions.testId, testId)))
    .orderBy(asc(submissions.createdAt));
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

export function projectResult(raw: unknown): TCandidateResult {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const nested = (r.testCase && typeof r.testCase === 'object' ? r.testCase : {}) as Record<string, unknown>;
  const base: TCandidateResult = { passed: r.passed === true };
  const verdict = str(r.verdict);
  const timeMs = num(r.timeMs);
  if (verdict) base.verdict = verdict;
  if (timeMs !== undefined) base.timeMs = timeMs;
  if (r.hidden === true || nested.hidden === true) return { ...base, hidden: true };
  const input = str(r.input) ?? str(nested.input);
  const expectedOutput = str(r.expectedOutput) ?? str(nested.output);
  const output = str(r.output) ?? str(r.actualOutput);
  const message = str(r.message);
  const stderr = str(r.stderr);
  return {
    ...base,
    ...(input !== undefined ? { input } : {}),
    ...(expectedOutput !== undefined ? { expectedOutput } : {}),
    ...(output !== undefined ? { output, actualOutput: output } : {}),
    ...(message ? { message } : {}),
    ...(stderr ? { stderr } : {}),
  };
}

export function projectSubmission(s: SubmissionRow): TCandidateSubmission {
  return {
    id: s.id,
    questionId: s.questionId,
    questionNumber: s.questionNumber,
    language: s.language,
    code: s.code,
    status: s.status,
    verdict: s.verdict,
    compileOutput: s.compileOutput,
    passedCount: s.passedCount,
    totalCount: s.totalCount,
    score: s.score,
    maxScore: s.maxScore,
    results: s.results.map(projectResult),
    createdAt: s.createdAt.toISOString(),
  };
}
