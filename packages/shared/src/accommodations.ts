import { z } from 'zod';

/**
 * Accommodations (issue 13): extra time for one candidate on one test — minutes, or a multiplier of the
 * duration (1.5 = half as long again) — and a note for reviewers. Included in the attempt's deadline.
 */
export const ZAccommodation = z
  .object({
    extraMinutes: z
      .number({ error: 'Extra minutes must be a number' })
      .int('Extra minutes must be a whole number')
      .min(0, 'Extra minutes cannot be negative')
      .max(1440, 'At most 1440 extra minutes')
      .nullable()
      .optional(),
    multiplier: z
      .number({ error: 'The multiplier must be a number' })
      .min(1, 'The multiplier is at least 1')
      .max(4, 'The multiplier is at most 4')
      .nullable()
      .optional(),
    note: z.string().trim().max(500, 'The note is at most 500 characters').nullable().optional(),
  })
  .refine((a) => a.extraMinutes == null || a.multiplier == null, {
    message: 'Give extra minutes or a multiplier, not both',
    path: ['multiplier'],
  });
export type TAccommodation = z.infer<typeof ZAccommodation>;

/** The minutes an accommodation adds to a test of `duration` minutes. */
export function accommodationMinutes(
  duration: number,
  a: { extraMinutes?: number | null; multiplier?: number | null } | null | undefined,
): number {
  if (!a) return 0;
  if (a.extraMinutes != null) return a.extraMinutes;
  if (a.multiplier != null) return Math.round(duration * (a.multiplier - 1));
  return 0;
}
