/** Review and hiring: dashboard, reports, invitations, hiring status, email templates, similarity (issue 8). */
import { z } from 'zod';
import { ZAccommodation } from './accommodations';

export const HIRING_STATUSES = ['pending', 'shortlisted', 'rejected'] as const;
export type THiringStatus = (typeof HIRING_STATUSES)[number];
export const TEMPLATE_KINDS = ['invitation', 'reminder', 'shortlisted', 'rejected'] as const;
export type TTemplateKind = (typeof TEMPLATE_KINDS)[number];
export const TEMPLATE_PLACEHOLDERS = [
  '{candidateName}',
  '{testName}',
  '{companyName}',
  '{inviteLink}',
  '{endTime}',
] as const;
export const MAX_INVITES_PER_REQUEST = 500;

/** Colour and status of a submission by its share of passed results (spec part 2 §4, §9). */
export type TScoreBand = 'Passed' | 'Partial' | 'Failed';
export function scoreBand(passed: number, total: number): TScoreBand {
  const share = total > 0 ? passed / total : 0;
  if (share >= 1) return 'Passed';
  if (share >= 0.5) return 'Partial';
  return 'Failed';
}

export const ZReviewPage = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** GET /api/review/dashboard: `needsGrading=true` lists only tests with written answers to grade (issue 25). */
export const ZDashboardQuery = ZReviewPage.extend({
  needsGrading: z
    .enum(['true', 'false'], { error: 'needsGrading is true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

const ZNotify = z.boolean({ error: 'notify is true or false' }).default(true);

/** notify: false changes the status without the status email (issue 26); true (the default) emails as before. */
/** status: a stage of the company's pipeline (pipeline.ts); pending, shortlisted and rejected are in every one. */
const ZStageStatus = z
  .string({ error: 'Status must be a stage of your pipeline' })
  .regex(/^[a-z][a-z0-9_]{0,39}$/, 'Status must be a stage of your pipeline');

export const ZHiringStatusUpdate = z.object({
  status: ZStageStatus,
  notify: ZNotify,
});

/**
 * PUT /api/review/attempts/{attemptId}/identity (issue 41): the reviewer's decision on an attempt that started
 * without the live check (its live_unconfirmed event, with the enrolment photo).
 */
export const IDENTITY_NOTE_MAX = 500;
export const ZIdentityDecision = z.object({
  decision: z.enum(['confirmed', 'rejected'], { error: 'Choose confirmed or rejected' }),
  note: z.string().trim().max(IDENTITY_NOTE_MAX, `At most ${IDENTITY_NOTE_MAX} characters`).optional(),
});
export type TIdentityDecision = z.infer<typeof ZIdentityDecision>;
export const ZIdentityDecided = z.object({
  attemptId: z.string(),
  eventId: z.string(),
  decision: z.enum(['confirmed', 'rejected']),
  decidedAt: z.string(),
  /** Whether this call changed the decision (false: the same decision again). */
  changed: z.boolean(),
});

/** POST /api/review/tests/{testId}/status: one status for many candidates of one test at once (issue 26). */
export const ZBulkStatusUpdate = z.object({
  attemptIds: z
    .array(z.string().uuid('Attempt not found'), { error: 'Choose the candidates to move' })
    .min(1, 'Choose the candidates to move')
    .max(200, 'At most 200 candidates at once'),
  status: ZStageStatus,
  notify: ZNotify,
});
export type TBulkStatusUpdate = z.infer<typeof ZBulkStatusUpdate>;

export const ZTemplateUpdate = z.object({
  kind: z.enum(TEMPLATE_KINDS, { error: 'Unknown template' }),
  subject: z.string().trim().min(1, 'Subject is required').max(200, 'Subject is too long'),
  body: z.string().trim().min(1, 'Body is required').max(10_000, 'Body is too long'),
});
export type TTemplateUpdate = z.infer<typeof ZTemplateUpdate>;

/** POST /api/invitations: addresses as a list, or CSV/free text (one or many per line), or both. */
export const ZInviteRequest = z
  .object({
    testId: z.string().uuid('Choose a test'),
    emails: z.array(z.string().max(320)).max(MAX_INVITES_PER_REQUEST).optional(),
    csv: z.string().max(200_000, 'The CSV is too large').optional(),
    /** Applied to every address of this request (issue 13). */
    accommodation: ZAccommodation.optional(),
  })
  .refine((v) => (v.emails?.length ?? 0) > 0 || (v.csv ?? '').trim() !== '', {
    message: 'Enter at least one email address',
    path: ['emails'],
  });
export type TInviteRequest = z.infer<typeof ZInviteRequest>;

// ---------- reviewer notes and comparison (issue 13) ----------

export const ZReviewNote = z.object({
  body: z.string().trim().min(1, 'Write a note first').max(5000, 'A note is at most 5000 characters'),
});

export const ZCompareQuery = z.object({
  attemptIds: z
    .string()
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().uuid('Attempt not found'))
        .min(2, 'Choose two or three candidates to compare')
        .max(3, 'Choose two or three candidates to compare'),
    ),
});
