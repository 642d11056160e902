import { z } from 'zod';

/**
 * Issue 46: accommodations a candidate asks for from the entry page, which the employer grants or refuses
 * (docs/DECISIONS.md §23). Extra time is granted through the invitation's extra minutes (issue 13's mechanism);
 * no camera starts the attempt without the camera step; screen-reader mode turns on the editor's accessible mode.
 */
export const ACCOMMODATION_KINDS = ['extra_time', 'no_camera', 'screen_reader'] as const;
export const ZAccommodationKind = z.enum(ACCOMMODATION_KINDS);
export type TAccommodationKind = z.infer<typeof ZAccommodationKind>;

const ZMinutes = z
  .number({ error: 'Extra minutes must be a number' })
  .int('Extra minutes must be a whole number')
  .min(1, 'Ask for at least 1 extra minute')
  .max(600, 'At most 600 extra minutes');

/** PUT /api/attempts/{testId}/accommodation: the candidate's request (replaces a pending one). */
export const ZAccommodationRequestInput = z
  .object({
    kinds: z
      .array(ZAccommodationKind)
      .min(1, 'Choose at least one accommodation')
      .max(ACCOMMODATION_KINDS.length)
      .refine((k) => new Set(k).size === k.length, 'Each accommodation once'),
    extraMinutes: ZMinutes.nullable().optional(),
    reason: z.string().trim().min(1, 'Say briefly why you need it').max(500, 'At most 500 characters'),
  })
  .refine((r) => !r.kinds.includes('extra_time') || r.extraMinutes != null, {
    message: 'Say how many extra minutes you need',
    path: ['extraMinutes'],
  });
export type TAccommodationRequestInput = z.infer<typeof ZAccommodationRequestInput>;

export const ACCOMMODATION_STATUSES = ['pending', 'granted', 'refused'] as const;

/** What the candidate sees of their own request. */
export const ZOwnAccommodationRequest = z.object({
  id: z.string(),
  kinds: z.array(ZAccommodationKind),
  extraMinutes: z.number().nullable(),
  reason: z.string(),
  status: z.enum(ACCOMMODATION_STATUSES),
  /** The minutes granted (may differ from those asked for). */
  grantedMinutes: z.number().nullable(),
  decisionNote: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type TOwnAccommodationRequest = z.infer<typeof ZOwnAccommodationRequest>;

/** GET /api/tests/{id}/accommodation-requests: one row per candidate who asked. */
export const ZAccommodationRequestRow = ZOwnAccommodationRequest.extend({
  candidateName: z.string(),
  email: z.string(),
  createdAt: z.string(),
  /** The candidate has started: the decision can no longer change. */
  started: z.boolean(),
});
export type TAccommodationRequestRow = z.infer<typeof ZAccommodationRequestRow>;

/** PUT /api/accommodation-requests/{id}/decision */
export const ZAccommodationDecision = z.object({
  decision: z.enum(['granted', 'refused']),
  /** Granted extra time: the minutes (the candidate's ask when left out). */
  extraMinutes: ZMinutes.nullable().optional(),
  note: z.string().trim().max(500, 'At most 500 characters').nullable().optional(),
});
export type TAccommodationDecision = z.infer<typeof ZAccommodationDecision>;
