import type { FaceQualityIssue } from '@assessly/shared';

export type { FaceQualityIssue };

/** A face found in the frame, in pixels of the original (unpadded) image. score is the detector confidence 0..1. */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
}

export interface DetectResult {
  /** Faces that passed the human-face gate (mesh confidence, geometry, size), highest score first. */
  faces: FaceBox[];
  /** Detections the gate refused (not a human face, or too small to be the candidate's). */
  ignored: number;
  /** A COCO 'cell phone' object was seen (always false when the engine was created with detectPhone: false). */
  phone: boolean;
  /** Confidence of the best phone seen, or null (also null when the phone model did not run). */
  phoneScore: number | null;
  width: number;
  height: number;
  /** Wall time of the call in ms, decoding included. */
  ms: number;
}

/** DESCRIPTOR_LENGTH (512) unit-length values; model names the net and alignment, so descriptors of other models are refused (DescriptorModelError: enrol again). */
export interface Descriptor {
  values: number[];
  model: string;
}

export type EnrollResult =
  | { ok: true; descriptor: Descriptor; face: FaceBox; real: number | null }
  | {
      ok: false;
      /** poor_quality: one face, but too small/dark/blurred/turned (issues says which); spoof: a photo or screen. */
      reason: 'no_face' | 'multiple_faces' | 'bad_image' | 'poor_quality' | 'spoof';
      message: string;
      issues?: FaceQualityIssue[];
    };

/** unclear: faces were found but none is good enough for a verdict (guidance says what to fix). */
export type VerifyStatus = 'matched' | 'not_matched' | 'not_detected' | 'unclear';

export interface LivenessCheck {
  /** Anti-spoofing score of the judged face (1 = real), null when no face. */
  real: number | null;
  passed: boolean;
  threshold: number;
}

export interface VerifyResult {
  /** matched: some face is closer than threshold; not_matched: faces but none close enough; not_detected: no face. */
  status: VerifyStatus;
  /** Smallest distance to the enrolled descriptor, null when no face was good enough to describe. */
  distance: number | null;
  faces: FaceBox[];
  /**
   * Distance per face, same order as faces; null for a face too poor for a verdict or beyond the first
   * MAX_VERIFY_FACES.
   */
  distances: Array<number | null>;
  threshold: number;
  /** For status unclear: what the candidate should fix ("come closer", "more light"); else null. */
  guidance: string | null;
  issues: FaceQualityIssue[];
  /** Anti-spoofing on the matched (else the first) face: a failure is a liveness finding, never a mismatch. */
  liveness: LivenessCheck;
  /** Head turn (radians, FaceMesh) of the judged face: the enrolment's live sequence reads it (issue 27). */
  yaw: number | null;
  /**
   * The frame with boxes drawn: green for a face that matched, red otherwise. Same size as the input,
   * except frames longer than MAX_INFERENCE_SIDE (1280 px) come back shrunk to that long side.
   */
  annotatedJpeg: Buffer;
  /** With opts.phone: the best 'cell phone' score at or above PHONE_MIN_SCORE, else null (also when not asked). */
  phoneScore: number | null;
  ms: number;
  /** Process CPU of this call's detection (detector, mesh, anti-spoofing, quality) and descriptors (all faces). */
  cpu: { detectMs: number; descriptorMs: number };
}

export interface VerifyOptions {
  /**
   * 'always' (default): annotatedJpeg is the frame with boxes. 'flagged': only when the verdict is not a clean
   * single-face match; a clean match gets an empty buffer (spot checks save the JPEG encode, ~15 % of verify).
   */
  annotate?: 'always' | 'flagged';
  /**
   * Issue 41: also run the object model and report a phone (phoneScore). Off by default: it is most of a check's
   * cost (CenterNet). The server's candidate checks ask for it, since the page no longer loads that model.
   */
  phone?: boolean;
}

export interface FaceEngineOptions {
  /** Cosine distance (1 - cosine similarity) below which two descriptors are the same person. Default 0.62. */
  threshold?: number;
  /** Run the object model in detect() to report phones. Default true (costs most of detect's time). */
  detectPhone?: boolean;
  /** Load the models before createFaceEngine resolves instead of on first use. Default false. */
  preload?: boolean;
}

export interface FaceEngine {
  /**
   * Faces and phone in a JPEG/PNG frame. opts.phone overrides the engine's detectPhone for this call
   * (the object model is ~75% of detect's time). Throws FaceImageError for bad bytes.
   */
  detect(image: Buffer, opts?: { phone?: boolean }): Promise<DetectResult>;
  /** Enrolment: exactly one face gives its descriptor. Bad bytes give { ok: false, reason: 'bad_image' } (no throw). */
  describe(image: Buffer): Promise<EnrollResult>;
  /** Compare every face of the frame with the enrolled descriptor. Throws FaceImageError for bad bytes, TypeError for a bad descriptor (DescriptorModelError, a TypeError, for one of another model: enrol again). */
  verify(image: Buffer, enrolled: Descriptor, opts?: VerifyOptions): Promise<VerifyResult>;
  /** Cosine distance of two descriptors (TypeError when either is malformed, DescriptorModelError when from another model). */
  distance(a: Descriptor, b: Descriptor): number;
  readonly threshold: number;
  info(): { backend: string; models: string[]; ready: boolean };
  /** Load the models now (otherwise the first call does); resolves with the load time of the process-wide models. */
  load(): Promise<{ loadMs: number }>;
  /** Refuse further calls and wait for calls in flight. The models stay loaded for other engines of the process. */
  close(): Promise<void>;
}
