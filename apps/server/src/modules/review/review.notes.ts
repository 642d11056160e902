/**
 * Reviewer notes per attempt and the side-by-side comparison of two or three candidates (issue 13).
 * Every role reads results and writes notes (lib/policy.ts); the comparison reuses the report of each attempt.
 */
import type { TCompare, TCompareCandidate, TReviewNote } from '@assessly/shared';
import { asc, eq } from 'drizzle-orm';
import { attemptNotes, type UserRow, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { getReport, requireManagedAttempt } from './review.service';

type Deps = Parameters<typeof getReport>[0];

export async function listNotes(deps: Deps, user: UserRow, attemptId: string): Promise<TReviewNote[]> {
  const { attempt } = await requireManagedAttempt(deps, user, attemptId, 'review.read');
  const rows = await deps.db
    .select({ note: attemptNotes, author: users })
    .from(attemptNotes)
    .leftJoin(users, eq(users.id, attemptNotes.authorId))
    .where(eq(attemptNotes.attemptId, attempt.id))
    .orderBy(asc(attemptNotes.createdAt), asc(attemptNotes.id));
  return rows.map(({ note, author }) => ({
    id: note.id,
    attemptId: note.attemptId,
    body: note.body,
    authorName: author ? `${author.firstName} ${author.lastName}`.trim() || author.email : 'A former member',
    authorEmail: author?.email ?? null,
    createdAt: note.createdAt.toISOString(),
  }));
}

export async function addNote(deps: Deps, user: UserRow, attemptId: string, body: string): Promise<TReviewNote> {
  const { attempt } = await requireManagedAttempt(deps, user, attemptId, 'review.note');
  const [note] = await deps.db
    .insert(attemptNotes)
    .values({ attemptId: attempt.id, authorId: user.id, body, createdAt: deps.clock.now() })
    .returning();
  return {
    id: note!.id,
    attemptId: attempt.id,
    body: note!.body,
    authorName: `${user.firstName} ${user.lastName}`.trim() || user.email,
    authorEmail: user.email,
    createdAt: note!.createdAt.toISOString(),
  };
}

export async function compareAttempts(deps: Deps, user: UserRow, attemptIds: string[]): Promise<TCompare> {
  const reports = await Promise.all(attemptIds.map((id) => getReport(deps, user, id)));
  const testId = reports[0]!.test.id;
  if (reports.some((r) => r.test.id !== testId))
    throw new AppError('VALIDATION', 'Compare candidates of the same test', {
      attemptIds: 'Choose attempts of one test',
    });
  const candidates = reports.map((r): TCompareCandidate => {
    return {
      attemptId: r.attemptId,
      name: `${r.candidate.firstName} ${r.candidate.lastName}`.trim() || r.candidate.email,
      email: r.candidate.email,
      score: r.score,
      maxScore: r.maxScore,
      percent: r.percent,
      passed: r.passed,
      awaitingGrading: r.awaitingGrading,
      hiringStatus: r.hiringStatus,
      timeUsedSeconds: r.timeTakenSeconds,
      extraMinutes: r.accommodation?.extraMinutes ?? 0,
      // the report's integrity count (review/integrity-count.ts), as every screen shows it
      integrity: r.integrity,
      problems: r.problems,
    };
  });
  const t = reports[0]!.test;
  return { test: { id: t.id, testName: t.testName, testType: t.testType }, candidates };
}
