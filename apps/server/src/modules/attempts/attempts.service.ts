/**
 * Attempts: one candidate's sitting of one test (design.md §5). The deadline is
 * min(endTime, startedAt + duration); the server's clock decides, never the browser's.
 * Other modules use requireOpenAttempt() before accepting runs, submissions, answers or drafts.
 */
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app';
import { attempts } from '../../db/schema';
import type { UserRow } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { findTest, type TestRow } from '../tests/tests.access';
import { findProblemsInOrder, findQuestionsInOrder } from './attempts.questions';

export type AttemptRow = typeof attempts.$inferSelect;

export function computeDeadline(test: Pick<TestRow, 'endTime' | 'duration'>, startedAt: Date): Date {
  const byDuration = startedAt.getTime() + test.duration * 60_000;
  return new Date(test.endTime ? Math.min(test.endTime.getTime(), byDuration) : byDuration);
}

export function isWindowOpen(test: Pick<TestRow, 'startTime' | 'endTime' | 'isActive'>, now: Date): boolean {
  if (!test.isActive) return false;
  if (test.startTime && now < test.startTime) return false;
  if (test.endTime && now >= test.endTime) return false;
  return true;
}

export async function findAttempt(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  testId: string,
): Promise<AttemptRow | null> {
  const [row] = await deps.db
    .select()
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.testId, testId)))
    .limit(1);
  return row ?? null;
}

/**
 * Starts (or returns the running) attempt of this candidate. Refuses outside the window and after the end.
 */
export async function startAttempt(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  user: UserRow,
  testId: string,
): Promise<AttemptRow> {
  const test = await findTest(deps.db, testId);
  if (!test) throw new AppError('TEST_NOT_FOUND', 'Test not found');
  const now = deps.clock.now();
  const existing = await findAttempt(deps, user.id, testId);
  if (existing) {
    if (existing.endedAt || existing.deadlineAt <= now)
      throw new AppError('ATTEMPT_ENDED', 'You have already completed this test');
    return existing;
  }
  if (!isWindowOpen(test, now)) throw new AppError('WINDOW_CLOSED', 'You cannot access this test at this time.');
  // An empty test (or one whose questions were all deleted) would start a clock on nothing and stay
  // "In progress" forever.
  const items =
    test.testType === 'CODING' ? await findProblemsInOrder(deps.db, test) : await findQuestionsInOrder(deps.db, test);
  if (items.length === 0) throw new AppError('TEST_NOT_READY', 'This test is not ready yet');
  const [row] = await deps.db
    .insert(attempts)
    .values({ testId, userId: user.id, startedAt: now, deadlineAt: computeDeadline(test, now) })
    .onConflictDoNothing()
    .returning();
  // A second tab racing this one created it first: use that attempt.
  return row ?? (await findAttempt(deps, user.id, testId))!;
}

/** The candidate's running attempt, or an error saying why work is no longer accepted. */
export async function requireOpenAttempt(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  testId: string,
): Promise<AttemptRow> {
  const attempt = await findAttempt(deps, userId, testId);
  if (!attempt) throw new AppError('ATTEMPT_NOT_STARTED', 'Start the test before submitting');
  if (attempt.endedAt) throw new AppError('ATTEMPT_ENDED', 'This test has ended');
  if (attempt.deadlineAt <= deps.clock.now()) throw new AppError('DEADLINE_PASSED', 'The time for this test is over');
  return attempt;
}
