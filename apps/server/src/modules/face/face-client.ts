/**
 * FaceClient: what the main server needs from face recognition, whether the engine runs in this process
 * (the default for `npm start`) or in the separate face service (FACE_SERVICE_URL + FACE_SERVICE_SECRET).
 * The server owns the enrolled descriptors (table face_enrollments) and hands them to verify(), so the
 * face service can stay stateless. `subject` names whose face it is (the user id) for the service's logs.
 */
import type { Descriptor, EnrollResult, FaceBox, LivenessCheck, VerifyStatus } from '@assessly/face';

export type { Descriptor, FaceBox, LivenessCheck, VerifyStatus };

export type FaceEnrollOutcome =
  | { ok: true; descriptor: Descriptor; face: FaceBox }
  | Extract<EnrollResult, { ok: false }>;

export interface FaceDetectOutcome {
  /** Number of faces in the frame (the spec: 1 is fine, 0 or several is a flag). */
  faceCount: number;
  phone: boolean;
  phoneScore: number | null;
}

export interface FaceVerifyOutcome {
  status: VerifyStatus;
  /** Smallest distance to the enrolled descriptor; null when no face was found. */
  distance: number | null;
  faceCount: number;
  /** The frame with a green box on matching faces and a red one on the others. */
  annotatedJpeg: Buffer;
  /** Status unclear (face too small, dark, blurred or turned for a verdict): what the candidate should fix. */
  guidance: string | null;
  /** Anti-spoofing on the judged face; a failure is a liveness finding, never a mismatch. */
  liveness: LivenessCheck;
  /** Head turn of the judged face in radians (null without a face): the server-side live sequence reads it. */
  yaw: number | null;
  /** Issue 41: with opts.phone, the best phone score at or above PHONE_MIN_SCORE; null when none or not asked. */
  phoneScore?: number | null;
}

export interface FaceHealth {
  state: 'loading' | 'ready' | 'error' | 'remote';
  backend: string;
  models: string[];
  message?: string;
  /** Calls waiting for or in inference (in process). */
  queued?: number;
  url?: string;
  service?: unknown;
  /** A remote service too busy to answer its /health at once: this is what it last said (issue 28). */
  busy?: boolean;
  /** How old that reading is (null: no reading yet, but calls were answered lately). */
  readingAgeMs?: number | null;
}

export interface FaceClient {
  readonly kind: 'in-process' | 'remote';
  /** Enrolment: exactly one face gives a descriptor. Bad bytes give ok:false with reason bad_image. */
  enroll(subject: string, jpeg: Buffer): Promise<FaceEnrollOutcome>;
  /** Faces (and, with phone: true, a phone) in the frame. Throws AppError FACE_BAD_IMAGE / FACE_IMAGE_TOO_LARGE. */
  detect(subject: string, jpeg: Buffer, opts?: { phone?: boolean }): Promise<FaceDetectOutcome>;
  /** Compare the frame with the enrolled descriptor. Throws AppError FACE_BAD_IMAGE / FACE_IMAGE_TOO_LARGE. */
  verify(
    subject: string,
    jpeg: Buffer,
    descriptor: Descriptor,
    opts?: { annotate?: 'always' | 'flagged'; phone?: boolean },
  ): Promise<FaceVerifyOutcome>;
  health(): Promise<FaceHealth> | FaceHealth;
  close(): Promise<void>;
}
