/** JSON answers of the face and candidate proctoring routes (issue 6, 17); frames are sent as image/jpeg. */
import { z } from 'zod';

/** POST /api/face/enroll and /api/proctoring/{testId}/enroll. */
export const ZFaceEnrolled = z.object({
  enrolled: z.literal(true),
  face: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number(), score: z.number() }),
  enrolledAt: z.string(),
});

/** POST /api/proctoring/{testId}/heartbeat: a spot check the page must answer with a fresh frame, or null. */
export const ZHeartbeat = z.object({
  challenge: z.object({ id: z.string(), expiresInMs: z.number() }).nullable(),
});

/** POST /api/proctoring/{testId}/detect when flagged (200; one face and no phone is a 204). */
export const ZDetectFlagged = z.object({
  faces: z.number(),
  phone: z.boolean(),
  flags: z.array(z.enum(['no_face', 'multiple_faces', 'phone'])),
});

/** POST /api/proctoring/{testId}/verify when matched (200; 401/403/422 carry the same keys). */
export const ZVerifyAnswer = z.object({
  status: z.enum(['matched', 'not_matched', 'not_detected', 'unclear']),
  distance: z.number().nullable(),
  faces: z.number(),
  /** unclear (422): what the candidate should fix. */
  guidance: z.string().nullable().optional(),
  /** false: the face looked like a photo or a screen (its own finding, not a mismatch). */
  live: z.boolean().optional(),
  challenge: z.enum(['answered', 'late']).nullable().optional(),
});

/**
 * POST /api/proctoring/{testId}/live (issue 27): one frame of the enrolment's live sequence, judged by the
 * server. step: where the sequence stands (done: a proctored start is allowed); counted: this frame was used
 * (one face, the enrolled one, live); message: what to do next, in words for the candidate.
 */
export const ZLiveAnswer = z.object({
  step: z.enum(['turn_first', 'turn_other', 'done']),
  counted: z.boolean(),
  message: z.string(),
});
