/**
 * Attempts: one candidate's sitting of one test (docs/DECISIONS.md §5). The deadline is
 * min(endTime, startedAt + duration); the server's clock decides, never the browser's.
 * Other modules use requireOpenAttempt() before accepting runs, submissions, answers or drafts.
 */
import { and, eq } from 'drizzle-orm';
import { type AttemptRow, attempts, submissions, type TestRow, type UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import {
  bindReference,
  checkStartGate,
  type LiveFallbackReason,
  recordLiveUnconfirmed,
  type StartGate,
  testProctoring,
} from '../face/proctoring.gate';
import { canManageTest, findTest } from '../tests/tests.access';
import { requireTestAccess } from './access-gate';
import { findProblemsInOrder, findQuestionsInOrder } from './attempts.questions';

/**
 * deadline = min(endTime, start + duration + accommodation minutes). A preview ignores the window's end
 * (it may be taken after the window closed), so only the duration bounds it.
 */
export function computeDeadline(
  test: Pick<TestRow, 'endTime' | 'duration'>,
  startedAt: Date,
  extraMinutes = 0,
  ignoreEndTime = false,
): Date {
  const byDuration = startedAt.getTime() + (test.duration + extraMinutes) * 60_000;
  const endTime = ignoreEndTime ? null : test.endTime;
  return new Date(endTime ? Math.min(endTime.getTime(), byDuration) : byDuration);
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
 * A member of the company that owns the test takes it as a preview (issue 13): never counted in results, CSV,
 * stats or emails, allowed outside the window, and restarted at will.
 */
export function isPreviewer(user: UserRow, test: Pick<TestRow, 'companyId' | 'createdBy'>): boolean {
  return user.role === 'employer' && canManageTest(user, test);
}

/** Deletes a preview attempt and everything it produced (drafts, submissions, events cascade or go here). */
export async function deletePreviewAttempt(deps: Pick<AppDeps, 'db'>, attempt: AttemptRow): Promise<void> {
  if (!attempt.isPreview) throw new AppError('CONFLICT', 'Only a preview attempt can be restarted');
  await deps.db.transaction(async (tx) => {
    await tx
      .delete(submissions)
      .where(and(eq(submissions.testId, attempt.testId), eq(submissions.userId, attempt.userId)));
    await tx.delete(attempts).where(eq(attempts.id, attempt.id));
  });
}

/**
 * Starts (or returns the running) attempt of this candidate. Refuses outside the window and after the end.
 * A member of the owning company always gets a preview attempt; an ended preview starts afresh.
 */
export async function startAttempt(
  deps: Pick<AppDeps, 'db' | 'clock' | 'face'> & Partial<Pick<AppDeps, 'blobs'>>,
  user: UserRow,
  testId: string,
  extra: {
    extraMinutes?: number;
    accommodationNote?: string | null;
    /** Granted on request (issue 46): no camera step, and the report says so. */
    cameraWaived?: boolean;
    screenReader?: boolean;
    ip?: string;
    /** Issue 41: start without the live check (see checkStartGate). */
    liveFallback?: LiveFallbackReason;
    stillCamera?: boolean;
  } = {},
): Promise<AttemptRow> {
  const test = await findTest(deps.db, testId);
  if (!test) throw new AppError('TEST_NOT_FOUND', 'Test not found');
  const preview = isPreviewer(user, test);
  const now = deps.clock.now();
  const existing = await findAttempt(deps, user.id, testId);
  if (existing) {
    const over = existing.endedAt || existing.deadlineAt <= now;
    if (!over) return existing;
    if (!(preview && existing.isPreview)) throw new AppError('ATTEMPT_ENDED', 'You have already completed this test');
    await deletePreviewAttempt(deps, existing);
  }
  const invitationId = preview ? null : await requireTestAccess(deps.db, user, test, now);
  if (!preview && !isWindowOpen(test, now))
    throw new AppError('WINDOW_CLOSED', 'You cannot access this test at this time.');
  // An empty test (or one whose questions were all deleted) would start a clock on nothing and stay
  // "In progress" forever.
  const items =
    test.testType === 'CODING' ? await findProblemsInOrder(deps.db, test) : await findQuestionsInOrder(deps.db, test);
  if (items.length === 0) throw new AppError('TEST_NOT_READY', 'This test is not ready yet');
  const extraMinutes = preview ? 0 : (extra.extraMinutes ?? 0);
  const cameraWaived = !preview && Boolean(extra.cameraWaived);
  const gate: StartGate = cameraWaived
    ? { proctored: false, unavailableSince: null }
    : await checkStartGate(deps, user.id, test, { liveFallback: extra.liveFallback, stillCamera: extra.stillCamera });
  const [row] = await deps.db
    .insert(attempts)
    .values({
      testId,
      userId: user.id,
      startedAt: now,
      deadlineAt: computeDeadline(test, now, preview ? 0 : extraMinutes, preview),
      proctored: gate.proctored,
      lastFrameAt: gate.proctored ? now : null,
      faceUnavailableSince: gate.unavailableSince,
      isPreview: preview,
      extraMinutes,
      accommodationNote: preview ? null : (extra.accommodationNote ?? null),
      cameraWaived: cameraWaived && testProctoring(test),
      screenReader: !preview && Boolean(extra.screenReader),
    })
    .onConflictDoNothing()
    .returning();
  if (row?.proctored) await bindReference(deps, user.id, testId, row.id);
  if (row && gate.liveFallback) await recordLiveUnconfirmed(deps, row.id, gate.liveFallback);
  // Issue 23: the candidate accepted the company's invitation by starting its test (on the company's record).
  if (row && invitationId) {
    await recordAudit(deps.db, {
      companyId: test.companyId,
      actorId: user.id,
      action: 'candidate.invite_accepted',
      targetType: 'invitation',
      targetId: invitationId,
      ip: extra.ip ?? '',
      detail: { testId, attemptId: row.id },
    });
  }
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
