import { z } from 'zod';

/**
 * The ONE table of application error codes and their HTTP status. Add a code here when a feature needs one;
 * the server maps `AppError(code)` to this status, the web reads `code` (never the message) to branch.
 */
export const ERROR_STATUS = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  INVALID_JSON: 400,
  TOKEN_INVALID: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  ORIGIN_REJECTED: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  TEST_NOT_FOUND: 404,
  QUESTION_NOT_FOUND: 404,
  PROBLEM_NOT_FOUND: 404,
  SUBMISSION_NOT_FOUND: 404,
  INTERVIEW_NOT_FOUND: 404,
  INTERVIEW_ENDED: 409,
  INTERVIEW_NOT_ENDED: 409,
  WINDOW_CLOSED: 403,
  DEADLINE_PASSED: 403,
  EMAIL_TAKEN: 409,
  COMPANY_EMAIL_TAKEN: 409,
  ATTEMPT_ENDED: 409,
  /** Issue 46: an item of a section that is over or not yet started. */
  SECTION_CLOSED: 409,
  ATTEMPT_NOT_STARTED: 409,
  CONFLICT: 409,
  RUN_SUPERSEDED: 409,
  ACCOUNT_THROTTLED: 429,
  // The AI assistant (issue 44)
  AI_OFF: 403,
  AI_NOT_CONFIGURED: 503,
  AI_BUDGET: 429,
  AI_BUSY: 409,
  // Candidate page (issue 12)
  DRAFT_STALE: 409,
  TEST_NOT_READY: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  LANGUAGE_UNAVAILABLE: 422,
  // Judging an employer can trust (issue 11): "Check solution" on a problem without a model solution
  NO_MODEL_SOLUTION: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  JUDGE_BUSY: 503,
  // Face proctoring (issue 6)
  FACE_BAD_IMAGE: 400,
  FACE_NOT_ENROLLED: 409,
  FACE_IMAGE_TOO_LARGE: 413,
  FACE_ENROLL_FAILED: 422,
  FACE_UNAVAILABLE: 503,
  /** The face queue is full (issue 23): a load, not an outage; it never opens the outage grace. */
  FACE_BUSY: 503,
  // Integrations (issue 14)
  WEBHOOK_URL_REFUSED: 400,
  SSO_NOT_CONFIGURED: 404,
  SSO_FAILED: 401,
  ACCOUNT_ERASED: 410,
  // Proctoring bound to the attempt (issue 17)
  FACE_ENROLMENT_REQUIRED: 428,
  FACE_LIVENESS_REQUIRED: 428,
  FACE_ALREADY_ENROLLED: 409,
  /** Issue 41: a reviewer's identity decision on an attempt without a live_unconfirmed event. */
  IDENTITY_NOT_PENDING: 409,
  PROCTORING_OFF: 409,
  // Employer workflow (issue 13)
  EMAIL_NOT_VERIFIED: 403,
  WEAK_PASSWORD: 400,
  PACKAGE_INVALID: 400,
  // Code playback (issue 29): an edit batch that does not apply to the server's copy of the stream
  EDITS_OUT_OF_SYNC: 409,
  // a stream past EDIT_STREAM_MAX_EVENTS edits
  EDITS_LIMIT: 413,
  // an edit whose time goes back or lies past the attempt's elapsed time (issue 42)
  EDITS_BAD_TIME: 400,
} as const;

export type AppErrorCode = keyof typeof ERROR_STATUS;

/** Every error answer of the API has this shape. `fields` holds per-field messages for VALIDATION. */
export const ZErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;
