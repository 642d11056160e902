/**
 * Proctoring gate (issue 17): whether a test is camera-proctored, and what a candidate needs before its
 * clock may start. A proctored attempt starts only with a reference enrolment of this candidate for this
 * test (taken on the entry step), which is then bound to the attempt and never replaced. A face-service
 * failure never locks a candidate out: an outage seen at enrolment lets the attempt start, and the gap
 * becomes an event once the service answers again.
 */
import type { LIVE_FALLBACK_REASONS } from '@assessly/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { TestRow } from '../../db/schema';
import { faceEnrollments, faceOutages } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { recordProctoringEvent } from '../proctoring-events/proctoring-events.record';
import { retentionForTest } from '../proctoring-events/retention';
import { findReference } from './face.repo';
import { FLAG_FRAMES } from './frame-buckets';

/** An outage seen at enrolment lets the candidate start within this time (the page retries enrolment later). */
export const OUTAGE_GRACE_MS = 10 * 60_000;

type GateDeps = Pick<AppDeps, 'db' | 'clock' | 'face'>;

/** The test's own setting: null means the default for its type (coding tests on, aptitude tests off). */
export function testProctoring(test: Pick<TestRow, 'proctoring' | 'testType'>): boolean {
  return test.proctoring ?? test.testType === 'CODING';
}

/** Proctoring applies when the test asks for it and this server runs a face engine (FACE_ENGINE=off: never). */
export function proctoringActive(deps: Pick<AppDeps, 'face'>, test: Pick<TestRow, 'proctoring' | 'testType'>) {
  return Boolean(deps.face) && testProctoring(test);
}

export interface StartGate {
  proctored: boolean;
  /** Set when the attempt starts during a face-service outage (no reference yet). */
  unavailableSince: Date | null;
  /**
   * Issue 41: the candidate starts without the live check (enrolled, live sequence not done): the attempt gets a
   * live_unconfirmed event with a copy of this enrolment photo, for a reviewer to confirm or reject.
   */
  liveFallback?: { reason: LiveFallbackReason; stillCamera: boolean; enrolmentFrameKey: string | null };
}

export type LiveFallbackReason = (typeof LIVE_FALLBACK_REASONS)[number];

/**
 * Called before a new attempt is created: refuses a proctored start without a reference enrolment. A start
 * without the live sequence is accepted only when the page asks for the fallback (`liveFallback`) and a
 * reference enrolment exists: the enrolment photo itself is never skipped.
 */
export async function checkStartGate(
  deps: GateDeps,
  userId: string,
  test: TestRow,
  fallback: { liveFallback?: LiveFallbackReason; stillCamera?: boolean } = {},
): Promise<StartGate> {
  if (!proctoringActive(deps, test)) return { proctored: false, unavailableSince: null };
  const reference = await findReference(deps.db, userId, test.id);
  if (reference?.livePassedAt) return { proctored: true, unavailableSince: null };
  if (reference && fallback.liveFallback)
    return {
      proctored: true,
      unavailableSince: null,
      liveFallback: {
        reason: fallback.liveFallback,
        stillCamera: fallback.stillCamera === true,
        enrolmentFrameKey: reference.frameKey,
      },
    };
  const [outage] = await deps.db
    .select()
    .from(faceOutages)
    .where(and(eq(faceOutages.userId, userId), eq(faceOutages.testId, test.id)))
    .limit(1);
  if (outage && deps.clock.now().getTime() - outage.since.getTime() <= OUTAGE_GRACE_MS) {
    return { proctored: true, unavailableSince: outage.since };
  }
  // Issue 27: enrolled, but the server has not seen the live sequence done (a still picture never gets there).
  if (reference)
    throw new AppError(
      'FACE_LIVENESS_REQUIRED',
      'Finish the live check on the entry step first: turn your head slowly to one side and then the other.',
    );
  throw new AppError(
    'FACE_ENROLMENT_REQUIRED',
    'This test is camera-proctored: enrol your face on the entry step before starting.',
  );
}

/** After the attempt row exists: bind the reference enrolment to it and forget a pre-start outage. */
export async function bindReference(deps: GateDeps, userId: string, testId: string, attemptId: string) {
  await deps.db
    .update(faceEnrollments)
    .set({ attemptId })
    .where(
      and(eq(faceEnrollments.userId, userId), eq(faceEnrollments.testId, testId), isNull(faceEnrollments.attemptId)),
    );
  await deps.db.delete(faceOutages).where(and(eq(faceOutages.userId, userId), eq(faceOutages.testId, testId)));
}

/** Remember a face-service failure seen while enrolling before the start (first failure wins). */
export async function noteOutage(deps: Pick<AppDeps, 'db' | 'clock'>, userId: string, testId: string) {
  await deps.db.insert(faceOutages).values({ userId, testId, since: deps.clock.now() }).onConflictDoNothing();
}

/** What the take page needs to know: does the entry step need a face, is one enrolled, is the sitting proctored. */
export async function readProctoringState(
  deps: Pick<AppDeps, 'db' | 'face'>,
  userId: string,
  test: TestRow,
  attempt: { id: string; proctored: boolean } | null,
) {
  const required = attempt ? attempt.proctored : proctoringActive(deps, test);
  const reference = required ? await findReference(deps.db, userId, test.id, attempt?.id ?? null) : null;
  const enrolled = Boolean(reference);
  const retentionDays = required ? await retentionForTest(deps, test.companyId) : undefined;
  return {
    required,
    enrolled,
    live: Boolean(reference?.livePassedAt),
    active: Boolean(attempt?.proctored),
    retentionDays,
  };
}

/** The event of a start without the live check (issue 41); the reviewer decides on it in the report. */
export const LIVE_UNCONFIRMED = 'live_unconfirmed';

const FALLBACK_TEXT: Record<LiveFallbackReason, string> = {
  timeout: 'the head turn did not pass within 60 s',
  request: 'the candidate said they cannot do the head turn',
};

/**
 * After the attempt row exists: the live_unconfirmed event, with a copy of the enrolment photo as its frame (so
 * the frames retention purges the event's copy, never the reference the spot checks compare with).
 */
export async function recordLiveUnconfirmed(
  deps: Pick<AppDeps, 'db' | 'clock'> & Partial<Pick<AppDeps, 'blobs'>>,
  attemptId: string,
  fallback: NonNullable<StartGate['liveFallback']>,
) {
  const blobs = deps.blobs;
  const photo = blobs && fallback.enrolmentFrameKey ? await blobs.get(fallback.enrolmentFrameKey) : null;
  const frameKey = blobs && photo ? await blobs.put(FLAG_FRAMES, photo.data, photo.contentType) : null;
  const still = fallback.stillCamera ? '; the page saw a still picture from the camera' : '';
  await recordProctoringEvent(
    deps,
    attemptId,
    LIVE_UNCONFIRMED,
    `Live check not completed: identity to be confirmed by a reviewer (${FALLBACK_TEXT[fallback.reason]}${still}). The frame is the enrolment photo taken before the start.`,
    frameKey,
  );
}
