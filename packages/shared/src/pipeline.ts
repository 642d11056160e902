/**
 * A company's hiring pipeline (issue 26): ordered stages a candidate moves through. The three built-in stages
 * (pending shown as "Applied", shortlisted, rejected) are in every pipeline, keep their labels and their
 * emails; a company adds, renames, reorders and removes its own stages. Moving a candidate to a company's own
 * stage mails them only when the employer asks to notify (a plain "moved to <stage>" email).
 */
import { z } from 'zod';

export const BUILT_IN_STAGES = { pending: 'Applied', shortlisted: 'Shortlisted', rejected: 'Rejected' } as const;
export type TBuiltInStage = keyof typeof BUILT_IN_STAGES;
export function isBuiltInStage(key: string): key is TBuiltInStage {
  return Object.hasOwn(BUILT_IN_STAGES, key);
}

export const STAGE_KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
export const MAX_PIPELINE_STAGES = 20;

export const ZPipelineStage = z.object({ key: z.string(), label: z.string(), builtIn: z.boolean() });
export type TPipelineStage = z.infer<typeof ZPipelineStage>;
export const ZPipeline = z.object({ stages: z.array(ZPipelineStage) });
export type TPipeline = z.infer<typeof ZPipeline>;

/** What a company without its own pipeline uses. */
export const DEFAULT_PIPELINE: TPipelineStage[] = [
  { key: 'pending', label: 'Applied', builtIn: true },
  { key: 'shortlisted', label: 'Shortlisted', builtIn: true },
  { key: 'interview', label: 'Interview', builtIn: false },
  { key: 'offer', label: 'Offer', builtIn: false },
  { key: 'hired', label: 'Hired', builtIn: false },
  { key: 'rejected', label: 'Rejected', builtIn: true },
];

/** PUT /api/companies/me/pipeline: the whole ordered list. A stage without a key is new (the server names it). */
export const ZPipelineUpdate = z.object({
  stages: z
    .array(
      z.object({
        key: z.string().regex(STAGE_KEY_PATTERN, 'Unknown stage').optional(),
        label: z
          .string({ error: 'A stage needs a name' })
          .trim()
          .min(1, 'A stage needs a name')
          .max(40, 'A stage name is at most 40 characters'),
      }),
      { error: 'List the stages' },
    )
    .min(3, 'The pipeline keeps Applied, Shortlisted and Rejected')
    .max(MAX_PIPELINE_STAGES, `At most ${MAX_PIPELINE_STAGES} stages`),
});
export type TPipelineUpdate = z.infer<typeof ZPipelineUpdate>;

/** The label of a stage key in a pipeline (a key no longer in it shows as itself). */
export function stageLabel(stages: readonly TPipelineStage[], key: string | null): string {
  if (key === null) return '';
  return stages.find((s) => s.key === key)?.label ?? key;
}
