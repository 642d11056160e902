/**
 * Sections of a test (issue 46): one test, any mix of kinds. A coding test may be a list of sections, each of
 * one kind (coding problems of any kind — stdin, function, SQL — or single-select, multi-select or written
 * questions), in the order the candidate takes them, each with an optional time budget of its own. The overall
 * duration still rules: a section's time ends at the latest with the attempt's deadline.
 */
import { z } from 'zod';

export const SECTION_KINDS = ['coding', 'single', 'multiple', 'written'] as const;
export type TSectionKind = (typeof SECTION_KINDS)[number];

/** What each kind holds, for labels. */
export const SECTION_KIND_LABELS: Record<TSectionKind, string> = {
  coding: 'Coding problems',
  single: 'Single-select questions',
  multiple: 'Multi-select questions',
  written: 'Written questions',
};

export const ZSectionInput = z.object({
  /** Kept from the test as read; a new section leaves it out and the server gives it one. */
  id: z.string().uuid('Invalid section id').optional(),
  title: z.string().trim().min(1, 'Section title is required').max(120, 'Section title is too long'),
  kind: z.enum(SECTION_KINDS, { error: 'Pick what the section holds' }),
  itemIds: z.array(z.string().uuid('Invalid item id')).max(200, 'Too many items in one section'),
  /** Minutes for this section; null or absent = no limit of its own. */
  minutes: z
    .number({ error: 'Section time must be a number of minutes' })
    .int('Section time must be whole minutes')
    .min(1, 'Section time must be at least 1 minute')
    .max(100_000, 'Section time is too long')
    .nullable()
    .optional(),
});
export type TSectionInput = z.infer<typeof ZSectionInput>;

/** PUT /api/tests/{id}/sections: the whole list, in order. */
export const ZSectionsUpdate = z.object({
  sections: z.array(ZSectionInput).max(50, 'Too many sections'),
  version: z.number().int().min(1).optional(),
  /** Problems of other tests added here are copied unless listed here (as update-questions' linkIds). */
  linkIds: z.array(z.string().uuid('Invalid item id')).max(500).optional(),
});
export type TSectionsUpdate = z.infer<typeof ZSectionsUpdate>;

export const ZSection = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(SECTION_KINDS),
  itemIds: z.array(z.string()),
  minutes: z.number().nullable(),
});
export type TSection = z.infer<typeof ZSection>;

/** A section as the candidate's take state carries it: where it stands in this attempt. */
export const ZTakeSection = ZSection.extend({
  /** How many items it holds (itemIds stays empty before the attempt starts: nothing is shown before the clock runs). */
  itemCount: z.number().optional(),
  state: z.enum(['done', 'current', 'upcoming']),
  startedAt: z.string().nullable(),
  /** When this section closes: its own time or the attempt's deadline, whichever is first (null = not started). */
  deadlineAt: z.string().nullable(),
});
export type TTakeSection = z.infer<typeof ZTakeSection>;
