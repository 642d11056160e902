/**
 * Face proctoring on the main server. Two callers:
 * - a signed-in user on the live screens (/api/face/*): subject = the caller, enrolment with no attempt;
 * - a candidate inside a test (/api/proctoring/{testId}/*): everything is bound to the caller's open attempt,
 *   and every flag (no face, several faces, phone, mismatch, camera lost, failed enrolment) becomes a
 *   proctoring event with its time and the frame that caused it (blob store). Flags never end a test.
 */
import type { AppDeps } from '../../app';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { requireOpenAttempt } from '../attempts/attempts.service';
import { recordProctoringEvent } from '../proctoring-events/proctoring-events.service';
import { type DetectFlag, detectFlags } from './face.http';
import { findLatestEnrollment, insertEnrollment, toDescriptor } from './face.repo';
import type { FaceClient, FaceDetectOutcome, FaceVerifyOutcome } from './face-client';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'blobs' | 'face'>;

export const ENROLL_FRAMES = 'face-enrollments';
export const FLAG_FRAMES = 'proctoring-frames';

const FLAG_DETAIL: Record<DetectFlag, (d: FaceDetectOutcome) => string> = {
  no_face: () => 'Periodic check: no face in the frame',
  multiple_faces: (d) => `Periodic check: ${d.faceCount} faces in the frame`,
  phone: (d) => `Periodic check: a phone was seen${d.phoneScore !== null ? ` (score ${d.phoneScore.toFixed(2)})` : ''}`,
};

export function requireFace(deps: Pick<AppDeps, 'face'>): FaceClient {
  if (!deps.face) throw new AppError('FACE_UNAVAILABLE', 'Face verification is not available on this server');
  return deps.face;
}

/** Enrols the user's face (descriptor in face_enrollments, frame in the blob store). */
export async function enrollUser(deps: Deps, user: UserRow, jpeg: Buffer, attemptId: string | null = null) {
  const r = await requireFace(deps).enroll(user.id, jpeg);
  if (!r.ok)
    throw new AppError(r.reason === 'bad_image' ? 'FACE_BAD_IMAGE' : 'FACE_ENROLL_FAILED', r.message, {
      reason: r.reason,
    });
  const frameKey = await deps.blobs.put(ENROLL_FRAMES, jpeg, 'image/jpeg');
  const row = await insertEnrollment(deps.db, {
    userId: user.id,
    attemptId,
    descriptor: r.descriptor,
    frameKey,
    createdAt: deps.clock.now(),
  });
  return { enrolled: true as const, face: r.face, enrolledAt: row.createdAt.toISOString() };
}

/** Live screen A: faces and phone in the frame; nothing is stored. */
export async function detectForUser(deps: Deps, user: UserRow, jpeg: Buffer): Promise<FaceDetectOutcome> {
  return requireFace(deps).detect(user.id, jpeg, { phone: true });
}

/** Live screen B: compare with the user's own latest enrolment. */
export async function verifyUser(deps: Deps, user: UserRow, jpeg: Buffer): Promise<FaceVerifyOutcome> {
  const face = requireFace(deps);
  const enrollment = await findLatestEnrollment(deps.db, user.id, null);
  if (!enrollment) throw new AppError('FACE_NOT_ENROLLED', 'Please enroll face first.');
  return face.verify(user.id, jpeg, toDescriptor(enrollment));
}

async function saveFrame(deps: Deps, jpeg: Buffer): Promise<string> {
  return deps.blobs.put(FLAG_FRAMES, jpeg, 'image/jpeg');
}

/** Enrolment for the candidate's open attempt. A failure is recorded (with the frame) and answered 4xx. */
export async function enrollForAttempt(deps: Deps, user: UserRow, testId: string, jpeg: Buffer) {
  requireFace(deps);
  const attempt = await requireOpenAttempt(deps, user.id, testId);
  try {
    return await enrollUser(deps, user, jpeg, attempt.id);
  } catch (err) {
    if (err instanceof AppError && err.code === 'FACE_ENROLL_FAILED') {
      await recordProctoringEvent(
        deps,
        attempt.id,
        'enroll_failed',
        `Enrolment failed: ${err.message}`,
        await saveFrame(deps, jpeg),
      );
    }
    throw err;
  }
}

/** The wrapper's periodic detect (every 10 s): faces and phone; each flag becomes an event with the frame. */
export async function detectForAttempt(deps: Deps, user: UserRow, testId: string, jpeg: Buffer) {
  const face = requireFace(deps);
  const attempt = await requireOpenAttempt(deps, user.id, testId);
  const outcome = await face.detect(user.id, jpeg, { phone: true });
  const flags = detectFlags(outcome);
  if (flags.length > 0) {
    const frameKey = await saveFrame(deps, jpeg);
    for (const flag of flags) await recordProctoringEvent(deps, attempt.id, flag, FLAG_DETAIL[flag](outcome), frameKey);
  }
  return { outcome, flags };
}

/** The wrapper's periodic verify (every 15 s, no phone model): a mismatch or no face is an event with the annotated frame. */
export async function verifyForAttempt(
  deps: Deps,
  user: UserRow,
  testId: string,
  jpeg: Buffer,
): Promise<FaceVerifyOutcome> {
  const face = requireFace(deps);
  const attempt = await requireOpenAttempt(deps, user.id, testId);
  const enrollment = await findLatestEnrollment(deps.db, user.id, attempt.id);
  if (!enrollment)
    throw new AppError('FACE_NOT_ENROLLED', 'Face enrollment is missing for this test. Reload and try again.');
  const v = await face.verify(user.id, jpeg, toDescriptor(enrollment));
  if (v.status !== 'matched') {
    const frameKey = await saveFrame(deps, v.annotatedJpeg);
    const detail =
      v.status === 'not_detected'
        ? 'Verification: no face in the frame'
        : `Verification: the face does not match the enrolment (closest distance ${v.distance?.toFixed(3)}, ${v.faceCount} face(s))`;
    await recordProctoringEvent(
      deps,
      attempt.id,
      v.status === 'not_detected' ? 'no_face' : 'face_mismatch',
      detail,
      frameKey,
    );
  }
  return v;
}

/** The page lost its camera (track ended, device unplugged, permission revoked). */
export async function reportCameraLost(deps: Deps, user: UserRow, testId: string, detail: string) {
  const attempt = await requireOpenAttempt(deps, user.id, testId);
  await recordProctoringEvent(deps, attempt.id, 'camera_lost', detail ? `Camera lost: ${detail}` : 'Camera lost');
}
