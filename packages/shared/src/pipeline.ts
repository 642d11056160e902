/**
 * A company's hiring pipeline (issue 26): ordered stages a candidate moves through. The three built-in stages
 * (pending shown as "Applied", shortlisted, rejected) are in every pipeline, keep their labels and their
 * emails; a company adds, renames, reorders and removes its own stages. Moving a candidate to a company's own
 * stage mails them only when the employer asks to notify: the stage's own subject and body when the company wrote
 * them (placeholders below), else the plain "moved to <stage>" text of DEFAULT_STAGE_MAIL.
 */
import { z } from 'zod';

export const BUILT_IN_STAGES = { pending: 'Applied', shortlisted: 'Shortlisted', rejected: 'Rejected' } as const;
export type TBuiltInStage = keyof typeof BUILT_IN_STAGES;
export function isBuiltInStage(key: string): key is TBuiltInStage {
  return Object.hasOwn(BUILT_IN_STAGES, key);
}

export const STAGE_KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
export const MAX_PIPELINE_STAGES = 20;

/** The placeholders a stage's email may use; any other {word} is refused when the pipeline is saved. */
export const STAGE_MAIL_PLACEHOLDERS = ['candidateName', 'testName', 'stageLabel', 'companyName'] as const;
export type TStageMailValues = Record<(typeof STAGE_MAIL_PLACEHOLDERS)[number], string>;
export const STAGE_MAIL_SUBJECT_MAX = 200;
export const STAGE_MAIL_BODY_MAX = 5000;

/** What a company's own stage mails when the company wrote nothing for it. */
export const DEFAULT_STAGE_MAIL = {
  subject: 'Your application for {testName} moved to {stageLabel}',
  body: 'Hello {candidateName},\n\nYour application for "{testName}" at {companyName} moved to the stage "{stageLabel}".\n\n{companyName}',
} as const;

/** Fills the placeholders (plain text; the server escapes the result for the HTML part). */
export function renderStageMail(text: string, values: Partial<TStageMailValues>): string {
  return text.replace(
    /\{(candidateName|testName|stageLabel|companyName)\}/g,
    (m, k: keyof TStageMailValues) => values[k] ?? m,
  );
}

/** The {words} of a text that are no placeholder of a stage's email. */
export function unknownPlaceholders(text: string): string[] {
  const known: readonly string[] = STAGE_MAIL_PLACEHOLDERS;
  return [...new Set([...text.matchAll(/\{([^{}\s]{1,40})\}/g)].map((m) => m[1]!).filter((w) => !known.includes(w)))];
}

export const ZStageMail = z.object({ subject: z.string(), body: z.string() });
export type TStageMail = z.infer<typeof ZStageMail>;

/** mail: the company's own email for the stage, null for the default text (and always null for a built-in stage). */
export const ZPipelineStage = z.object({
  key: z.string(),
  label: z.string(),
  builtIn: z.boolean(),
  mail: ZStageMail.nullable(),
});
export type TPipelineStage = z.infer<typeof ZPipelineStage>;
export const ZPipeline = z.object({ stages: z.array(ZPipelineStage) });
export type TPipeline = z.infer<typeof ZPipeline>;

/** What a company without its own pipeline uses. */
export const DEFAULT_PIPELINE: TPipelineStage[] = [
  { key: 'pending', label: 'Applied', builtIn: true, mail: null },
  { key: 'shortlisted', label: 'Shortlisted', builtIn: true, mail: null },
  { key: 'interview', label: 'Interview', builtIn: false, mail: null },
  { key: 'offer', label: 'Offer', builtIn: false, mail: null },
  { key: 'hired', label: 'Hired', builtIn: false, mail: null },
  { key: 'rejected', label: 'Rejected', builtIn: true, mail: null },
];

/**
 * PUT /api/companies/me/pipeline: the whole ordered list. A stage without a key is new (the server names it).
 * mail: the stage's email (own stages only); null goes back to the default text; left out keeps what is stored.
 */
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
        mail: z
          .object({
            subject: z
              .string({ error: 'The email needs a subject' })
              .trim()
              .min(1, 'The email needs a subject')
              .max(STAGE_MAIL_SUBJECT_MAX, `A subject is at most ${STAGE_MAIL_SUBJECT_MAX} characters`),
            body: z
              .string({ error: 'The email needs a text' })
              .trim()
              .min(1, 'The email needs a text')
              .max(STAGE_MAIL_BODY_MAX, `An email text is at most ${STAGE_MAIL_BODY_MAX} characters`),
          })
          .nullable()
          .optional(),
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
