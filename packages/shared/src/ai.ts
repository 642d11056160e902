/**
 * The sanctioned AI assistant (issue 44): per test, the employer allows it (or not) with a mode, an optional
 * instruction and a budget per candidate; every exchange is stored and shown to the reviewer.
 */
import { z } from 'zod';
import { DRAFT_MAX_CHARS } from './taking';

/** off: no assistant. explain: explains the problem and concepts, no code. hints: hints and small snippets. full: any help. */
export const AI_MODES = ['off', 'explain', 'hints', 'full'] as const;
export type TAiMode = (typeof AI_MODES)[number];

export const AI_INSTRUCTION_MAX = 2000;
export const AI_QUESTION_MAX = 4000;
export const AI_MAX_MESSAGES = 200;
export const AI_MAX_TOKENS = 500_000;

export const ZAiSettings = z.object({
  mode: z.enum(AI_MODES, { error: 'Choose off, explain, hints or full' }),
  instruction: z.string().trim().max(AI_INSTRUCTION_MAX, `At most ${AI_INSTRUCTION_MAX} characters`).default(''),
  maxMessages: z.number().int().min(1, 'At least one message').max(AI_MAX_MESSAGES, `At most ${AI_MAX_MESSAGES}`),
  maxTokens: z.number().int().min(100, 'At least 100 tokens').max(AI_MAX_TOKENS, `At most ${AI_MAX_TOKENS}`),
  /** Authorship follow-ups: after a coding answer is submitted, up to three questions about the candidate's code. */
  followUps: z.boolean().default(false),
});
export type TAiSettings = z.infer<typeof ZAiSettings>;

export const DEFAULT_AI_SETTINGS: TAiSettings = {
  mode: 'off',
  instruction: '',
  maxMessages: 20,
  maxTokens: 20_000,
  followUps: false,
};

/** The employer's view: the settings, and whether the server has a provider (else which variable turns it on). */
export const ZAiSettingsView = ZAiSettings.extend({
  configured: z.boolean(),
  model: z.string().nullable(),
  /** The environment variables that turn the assistant on, when it is off on this server. */
  missing: z.array(z.string()),
});
export type TAiSettingsView = z.infer<typeof ZAiSettingsView>;

/** What the candidate sees: the rules and what is left of the budget (null when the assistant is not offered). */
export const ZCandidateAi = z.object({
  available: z.boolean(),
  mode: z.enum(AI_MODES),
  maxMessages: z.number().int(),
  maxTokens: z.number().int(),
  usedMessages: z.number().int(),
  usedTokens: z.number().int(),
  /** Submitted coding answers are followed by questions about the candidate's own code. */
  followUps: z.boolean().default(false),
  /** What is recorded, in one sentence the page shows. */
  recorded: z.string(),
});
export type TCandidateAi = z.infer<typeof ZCandidateAi>;

export const ZAiAsk = z.object({
  question: z.string().trim().min(1, 'Write a question').max(AI_QUESTION_MAX, `At most ${AI_QUESTION_MAX} characters`),
  /** The problem the candidate is on (its statement and visible examples go into the prompt). */
  questionId: z.string().uuid('Unknown question').optional(),
  language: z.string().max(40).optional(),
  /** The candidate's current code in the editor. */
  code: z.string().max(DRAFT_MAX_CHARS, 'The code is longer than 64 KiB').optional(),
});
export type TAiAsk = z.infer<typeof ZAiAsk>;

export const AI_EXCHANGE_STATUSES = ['pending', 'ok', 'failed'] as const;

export const ZAiExchange = z.object({
  id: z.string(),
  /** ms since the attempt started (the replay's timeline). */
  at: z.number().int(),
  askedAt: z.string(),
  questionId: z.string().nullable(),
  question: z.string(),
  answer: z.string(),
  status: z.enum(AI_EXCHANGE_STATUSES),
  error: z.string().nullable(),
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  model: z.string(),
  mode: z.enum(AI_MODES),
});
export type TAiExchange = z.infer<typeof ZAiExchange>;

/** Seconds a candidate has for each follow-up question. */
export const FOLLOW_UP_SECONDS = 120;
export const FOLLOW_UP_MAX = 3;
export const FOLLOW_UP_ANSWER_MAX = 2000;

export const ZFollowUp = z.object({
  id: z.string(),
  questionId: z.string(),
  n: z.number().int(),
  prompt: z.string(),
  source: z.enum(['model', 'rules']),
  createdAt: z.string(),
  dueAt: z.string(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type TFollowUp = z.infer<typeof ZFollowUp>;

export const ZFollowUpsRequest = z.object({ questionId: z.string().uuid('Unknown question') });
export const ZFollowUpAnswer = z.object({
  answer: z
    .string()
    .trim()
    .min(1, 'Write a few words')
    .max(FOLLOW_UP_ANSWER_MAX, `At most ${FOLLOW_UP_ANSWER_MAX} characters`),
});

/** The reviewer's "AI use": the transcript, the share of the final code inserted from the assistant, the rules. */
export const ZAiReview = z.object({
  settings: ZAiSettings,
  exchanges: z.array(ZAiExchange),
  followUps: z.array(ZFollowUp).default([]),
  streams: z.array(
    z.object({
      questionId: z.string(),
      language: z.string(),
      /** Non-blank characters of the final recorded code, and how many of them came from assistant insertions. */
      finalChars: z.number().int(),
      assistantChars: z.number().int(),
      insertions: z.number().int(),
    }),
  ),
});
export type TAiReview = z.infer<typeof ZAiReview>;

/** The fenced code blocks of a markdown answer, in order (what the panel offers to insert). */
export function codeBlocksOf(markdown: string): string[] {
  const blocks: string[] = [];
  const re = /```[^\n`]*\n([\s\S]*?)```/g;
  for (let m = re.exec(markdown); m; m = re.exec(markdown)) blocks.push(m[1]!.replace(/\n$/, ''));
  return blocks;
}
