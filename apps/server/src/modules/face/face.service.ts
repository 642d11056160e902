/**
 * Face proctoring on the main server. Two callers:
 * - a signed-in user on the live screens (/api/face/*): subject = the caller, enrolment with no attempt;
 * - a candidate inside a test (/api/proctoring/{testId}/*): everything is bound to the caller's open attempt,
 *   and every flag (no face, several faces, phone, mismatch, camera lost, failed enrolment) becomes a
 *   proctoring event with its time and the frame that caused it (blob store). Flags never end a test.
 */
import { DEFAULT_THRESHOLD, PHONE_MIN_SCORE } from '@assessly/face';
import {
  LIVE_SEQUENCE,
  type LiveStep,
  liveStep,
  type PhoneEvidence,
  parsePhoneEvidence,
  phoneRuleText,
} from '@assessly/shared';
import type { UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { findAttempt, requireOpenAttempt } from '../attempts/attempts.service';
import { requireTest } from '../attempts/attempts.take';
import { recordProctoringEvent } from '../proctoring-events/proctoring-events.service';
import { type DetectFlag, detectFlags } from './face.http';
import {
  findLatestEnrollment,
  findReference,
  insertEnrollment,
  noteLiveYaw,
  saveReference,
  toDescriptor,
} from './face.repo';
import type { FaceClient, FaceDetectOutcome, FaceVerifyOutcome } from './face-client';
import { ENROLL_FRAMES, FLAG_FRAMES } from './frame-buckets';
import { answerChallenge, challengeOnHeartbeat, noteCheckOutcome, reopenChallenge } from './proctoring.challenge';
import { noteOutage, proctoringActive } from './proctoring.gate';
import { isServiceFailure, noteFrame, outageObserved, withFaceService } from './proctoring.track';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'blobs' | 'face'>;

export { ENROLL_FRAMES, FLAG_FRAMES };

const FLAG_DETAIL: Record<DetectFlag, (d: FaceDetectOutcome, phone: PhoneEvidence | null) => string> = {
  no_face: () => 'Device flag, checked by the server: no face in the frame',
  multiple_faces: (d) => `Device flag, checked by the server: ${d.faceCount} faces in the frame`,
  phone: (d, phone) =>
    `Device flag, checked by the server: a phone was seen${d.phoneScore !== null ? ` (score ${d.phoneScore.toFixed(2)})` : ''}; device rule: ${phoneRuleText(phone)}; recall and false-flag rate not yet measured`,
};

export function requireFace(deps: Pick<AppDeps, 'face'>): FaceClient {
  if (!deps.face) throw new AppError('FACE_UNAVAILABLE', 'Face verification is not available on this server');
  return deps.face;
}

/** Enrols the user's face (descriptor in face_enrollments, frame in the blob store). */
/** A refused enrolment as the API answers it: a bad image, or no single usable face. */
function enrollError(r: { reason: string; message: string; issues?: string[] }): AppError {
  return new AppError(r.reason === 'bad_image' ? 'FACE_BAD_IMAGE' : 'FACE_ENROLL_FAILED', r.message, {
    reason: r.reason,
    ...(r.issues ? { issues: r.issues.join(',') } : {}),
  });
}

export async function enrollUser(deps: Deps, user: UserRow, jpeg: Buffer, attemptId: string | null = null) {
  const r = await requireFace(deps).enroll(user.id, jpeg);
  if (!r.ok) throw enrollError(r);
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

/**
 * The entry step's enrolment (issue 17): before the attempt starts it saves (or retakes) the candidate's
 * reference face for this test; start then binds it to the attempt. Once the attempt runs with a reference,
 * another enrolment (a reload, a second device, someone else) is refused with 409 and recorded with its frame:
 * verification always compares with the reference. An attempt that started during a face-service outage has
 * no reference yet; its first successful enrolment becomes the reference.
 */
export async function enrollForTest(deps: Deps, user: UserRow, testId: string, jpeg: Buffer) {
  const face = requireFace(deps);
  const test = await requireTest(deps, testId);
  if (!proctoringActive(deps, test))
    throw new AppError('PROCTORING_OFF', 'This test is not camera-proctored: no enrolment is needed.');
  const attempt = await findAttempt(deps, user.id, testId);
  if (attempt) {
    await requireOpenAttempt(deps, user.id, testId);
    if (await findReference(deps.db, user.id, testId, attempt.id)) {
      await recordProctoringEvent(
        deps,
        attempt.id,
        'enroll_refused',
        'A new face enrolment was sent during the test and refused; checks compare with the face enrolled before the start',
        await saveFrame(deps, jpeg),
      );
      throw new AppError(
        'FACE_ALREADY_ENROLLED',
        'Your face was enrolled before the test started; it cannot be replaced during the test.',
      );
    }
  }
  let r: Awaited<ReturnType<FaceClient['enroll']>>;
  try {
    r = attempt
      ? await withFaceService(deps, attempt, () => face.enroll(user.id, jpeg))
      : await face.enroll(user.id, jpeg);
  } catch (err) {
    // The grace to start without a reference face is for an outage the server itself sees, not a busy queue.
    if (!attempt && (await outageObserved(face, err))) await noteOutage(deps, user.id, testId);
    throw err;
  }
  if (!r.ok) {
    if (attempt && r.reason !== 'bad_image') {
      await recordProctoringEvent(
        deps,
        attempt.id,
        'enroll_failed',
        `Enrolment failed: ${r.message}`,
        await saveFrame(deps, jpeg),
      );
    }
    throw enrollError(r);
  }
  const frameKey = await deps.blobs.put(ENROLL_FRAMES, jpeg, 'image/jpeg');
  const row = await saveReference(deps.db, {
    userId: user.id,
    testId,
    attemptId: attempt?.id ?? null,
    descriptor: r.descriptor,
    frameKey,
    createdAt: deps.clock.now(),
  });
  if (!row) throw new AppError('FACE_ALREADY_ENROLLED', 'Your face is already enrolled for this test.');
  if (attempt) await noteFrame(deps, attempt);
  return { enrolled: true as const, face: r.face, enrolledAt: row.createdAt.toISOString() };
}

const LIVE_ASK: Record<LiveStep, string> = {
  turn_first: 'Turn your head slowly to one side.',
  turn_other: 'Now turn your head slowly to the other side.',
  done: 'Live check done.',
};

/**
 * One frame of the enrolment's live sequence (issue 27), judged here and not on the page: the frame must show
 * one face, the enrolled one, passing anti-spoofing; its head turn (FaceMesh yaw) widens the extremes stored on
 * the reference, and the sequence is done once they are LIVE_SEQUENCE.swing apart. A still picture shows one
 * pose, so it never gets there. A frame that does not count is never a "different person" finding: the answer
 * only says what to do. A photo or a screen (anti-spoofing) is its own event with its frame once an attempt exists
 * (before the start there is no attempt: the candidate is told, and cannot start).
 */
export async function liveForTest(deps: Deps, user: UserRow, testId: string, jpeg: Buffer) {
  const face = requireFace(deps);
  const test = await requireTest(deps, testId);
  if (!proctoringActive(deps, test))
    throw new AppError('PROCTORING_OFF', 'This test is not camera-proctored: no live check is needed.');
  const attempt = await findAttempt(deps, user.id, testId);
  if (attempt) await requireOpenAttempt(deps, user.id, testId);
  const reference = await findReference(deps.db, user.id, testId, attempt?.id ?? null);
  if (!reference)
    throw new AppError('FACE_NOT_ENROLLED', 'Enrol your face first; the live check compares with that photo.');
  const before = liveStep(reference.liveMinYaw, reference.liveMaxYaw);
  if (reference.livePassedAt) return { step: 'done' as const, counted: false, message: LIVE_ASK.done };
  const check = () => face.verify(user.id, jpeg, toDescriptor(reference), { annotate: 'flagged' });
  let v: FaceVerifyOutcome;
  try {
    v = attempt ? await withFaceService(deps, attempt, check) : await check();
  } catch (err) {
    // A face-service outage the server observed never locks the candidate out: it lets the start through (issue 23: a busy queue or an unconfirmed failure opens no grace).
    if (!attempt && (await outageObserved(face, err))) await noteOutage(deps, user.id, testId);
    throw err;
  }
  if (!v.liveness.passed) {
    if (attempt)
      await recordProctoringEvent(
        deps,
        attempt.id,
        'liveness_failed',
        `Enrolment live check: the face looks like a photo or a screen (anti-spoofing score ${v.liveness.real?.toFixed(2)})`,
        await saveFrame(deps, v.annotatedJpeg.length ? v.annotatedJpeg : jpeg),
        undefined,
        { threshold: v.liveness.threshold, score: v.liveness.real },
      );
    return {
      step: before,
      counted: false,
      message: 'This looks like a photo or a screen. Face the camera yourself, without a picture in front of it.',
    };
  }
  if (v.status !== 'matched' || v.faceCount !== 1 || v.yaw === null) {
    const message =
      v.status === 'unclear'
        ? (v.guidance ?? 'Your face is not clear enough.')
        : v.faceCount > 1
          ? 'Make sure only you are in view.'
          : v.status === 'not_detected'
            ? 'Keep your face in view while you turn.'
            : 'Keep your face in view and turn slowly; if this keeps failing, retake the enrolment photo.';
    return { step: before, counted: false, message };
  }
  const saved = await noteLiveYaw(
    deps.db,
    reference,
    v.yaw,
    (min, max) => max - min >= LIVE_SEQUENCE.swing,
    deps.clock.now(),
  );
  const step = saved.livePassedAt ? 'done' : liveStep(saved.liveMinYaw, saved.liveMaxYaw);
  return { step, counted: true, message: LIVE_ASK[step] };
}

/** A proctored, open attempt of the caller (the candidate-side frame calls need one). */
async function requireProctoredAttempt(deps: Deps, user: UserRow, testId: string) {
  const attempt = await requireOpenAttempt(deps, user.id, testId);
  if (!attempt.proctored) throw new AppError('PROCTORING_OFF', 'This sitting is not camera-proctored.');
  return attempt;
}

/**
 * Detect on a frame the page flagged or sent: faces and phone; each flag becomes an event with the frame.
 * phoneRule: the device's sightings (multipart field, parsePhoneEvidence); it only adds to the text of a phone
 * event this server's own check confirmed, and a malformed value is ignored.
 */
export async function detectForAttempt(deps: Deps, user: UserRow, testId: string, jpeg: Buffer, phoneRule?: string) {
  const face = requireFace(deps);
  const attempt = await requireProctoredAttempt(deps, user, testId);
  const outcome = await withFaceService(deps, attempt, () => face.detect(user.id, jpeg, { phone: true }));
  await noteFrame(deps, attempt);
  // The device flagged this frame: the next spot check comes sooner, whatever the server reads in it.
  await noteCheckOutcome(deps, attempt.id, false);
  const flags = detectFlags(outcome);
  if (flags.length > 0) {
    const frameKey = await saveFrame(deps, jpeg);
    for (const flag of flags) {
      const measure =
        flag === 'phone'
          ? { threshold: PHONE_MIN_SCORE, score: outcome.phoneScore }
          : { threshold: 1, score: outcome.faceCount };
      const detail = FLAG_DETAIL[flag](outcome, parsePhoneEvidence(phoneRule));
      await recordProctoringEvent(deps, attempt.id, flag, detail, frameKey, undefined, measure);
    }
  }
  return { outcome, flags };
}

/**
 * Verification against the attempt's reference enrolment (never a later one): a mismatch or no face is an
 * event with the annotated frame. 200 matched / 403 not matched / 401 no face (face.http.ts).
 */
export async function verifyForAttempt(
  deps: Deps,
  user: UserRow,
  testId: string,
  jpeg: Buffer,
  challengeId?: string,
): Promise<FaceVerifyOutcome & { challenge: 'answered' | 'late' | null }> {
  const face = requireFace(deps);
  const attempt = await requireProctoredAttempt(deps, user, testId);
  const challenge = challengeId ? ((await answerChallenge(deps, attempt, challengeId)) ? 'answered' : 'late') : null;
  const source = challenge ? 'Spot check' : 'Verification';
  const enrollment = await findReference(deps.db, user.id, testId, attempt.id);
  if (!enrollment)
    throw new AppError('FACE_NOT_ENROLLED', 'Face enrollment is missing for this test. Enrol on the entry step.');
  let v: Awaited<ReturnType<typeof face.verify>>;
  try {
    v = await withFaceService(deps, attempt, () =>
      face.verify(user.id, jpeg, toDescriptor(enrollment), { annotate: 'flagged', phone: true }),
    );
  } catch (err) {
    // A spot-check answer the service could not take stays answerable (the page sends it again): the candidate
    // is not flagged for the service's load.
    if (challenge === 'answered' && (isServiceFailure(err) || (err as AppError).code === 'FACE_BUSY'))
      await reopenChallenge(deps, attempt.id, challengeId!, attempt.challengeIssuedAt!);
    throw err;
  }
  await noteFrame(deps, attempt);
  if (v.status === 'unclear') {
    // No verdict on a face too poor to judge (issue 27): the reviewer sees that the check could not decide.
    await recordProctoringEvent(
      deps,
      attempt.id,
      'face_unclear',
      `${source}: ${v.guidance ?? 'the face was not clear enough to compare'}`,
      await saveFrame(deps, v.annotatedJpeg),
    );
  } else if (v.status !== 'matched') {
    const frameKey = await saveFrame(deps, v.annotatedJpeg);
    const detail =
      v.status === 'not_detected'
        ? `${source}: no face in the frame`
        : `${source}: the face does not match the enrolment (closest distance ${v.distance?.toFixed(3)}, ${v.faceCount} face(s))`;
    await recordProctoringEvent(
      deps,
      attempt.id,
      v.status === 'not_detected' ? 'no_face' : 'face_mismatch',
      detail,
      frameKey,
      undefined,
      v.status === 'not_detected' ? { threshold: 1, score: 0 } : { threshold: DEFAULT_THRESHOLD, score: v.distance },
    );
  }
  // A photo or a screen in front of the camera: its own finding with its frame, never a "different person".
  if (!v.liveness.passed) {
    await recordProctoringEvent(
      deps,
      attempt.id,
      'liveness_failed',
      `${source}: the face looks like a photo or a screen (anti-spoofing score ${v.liveness.real?.toFixed(2)})`,
      await saveFrame(deps, v.annotatedJpeg),
      undefined,
      { threshold: v.liveness.threshold, score: v.liveness.real },
    );
  }
  // A matching face with someone beside it: the match stands, the second person is a flag of its own.
  if (v.status === 'matched' && v.faceCount > 1) {
    await recordProctoringEvent(
      deps,
      attempt.id,
      'multiple_faces',
      `${source}: ${v.faceCount} faces in the frame`,
      await saveFrame(deps, v.annotatedJpeg),
      undefined,
      { threshold: 1, score: v.faceCount },
    );
  }
  // Issue 41: the phone check is the server's (the page no longer loads the phone model): one frame at or above
  // PHONE_MIN_SCORE is an event with the frame; the next spot check then comes sooner.
  const phoneScore = v.phoneScore ?? null;
  if (phoneScore !== null) {
    await recordProctoringEvent(
      deps,
      attempt.id,
      'phone',
      `${source}: a phone in the frame (the server's check, score ${phoneScore.toFixed(2)})`,
      await saveFrame(deps, v.annotatedJpeg.length ? v.annotatedJpeg : jpeg),
      undefined,
      { threshold: PHONE_MIN_SCORE, score: phoneScore },
    );
  }
  const clean = v.status === 'matched' && v.faceCount === 1 && v.liveness.passed && phoneScore === null;
  // The cadence: a clean answered spot check spaces the next ones out; anything flagged brings the next one closer.
  if (!clean) await noteCheckOutcome(deps, attempt.id, false);
  else if (challenge === 'answered') await noteCheckOutcome(deps, attempt.id, true);
  return { ...v, challenge };
}

/**
 * The page's heartbeat: its camera runs and on-device detection is working. The answer may carry a spot
 * check (a challenge) that the page must answer with a fresh frame on verify.
 */
export async function heartbeat(deps: Deps, user: UserRow, testId: string) {
  const attempt = await requireProctoredAttempt(deps, user, testId);
  await noteFrame(deps, attempt);
  return { challenge: await challengeOnHeartbeat(deps, attempt) };
}

/** The page lost its camera (track ended, device unplugged, permission revoked). */
export async function reportCameraLost(deps: Deps, user: UserRow, testId: string, detail: string) {
  const attempt = await requireOpenAttempt(deps, user.id, testId);
  await recordProctoringEvent(deps, attempt.id, 'camera_lost', detail ? `Camera lost: ${detail}` : 'Camera lost');
}
