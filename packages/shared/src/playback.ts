/**
 * Code playback (issue 29): the coding page records every change to the editor as batches of edit events per
 * stream (one problem and language of one attempt); the server replays them and keeps the text; the reviewer's
 * player and the integrity report read them back. A replay is data plus a pure function (`applyEdit`).
 */
import { z } from 'zod';
import { ANSWER_LANGUAGES } from './sql-problems';
import { DRAFT_MAX_CHARS } from './taking';

/** `assistant` (issue 44): a block inserted from the test's AI assistant (appended: stored rows keep their index). */
export const EDIT_KINDS = ['type', 'delete', 'paste', 'drop', 'undo', 'redo', 'reset', 'assistant'] as const;
export type TEditKind = (typeof EDIT_KINDS)[number];

/** Bounds of one batch: the page sends one every few seconds, so these hold hours of fast typing. */
export const EDIT_BATCH_MAX_EVENTS = 2000;
/** Inserted characters of one batch (a whole-file paste or reset fits). */
export const EDIT_BATCH_MAX_CHARS = 2 * DRAFT_MAX_CHARS;
/**
 * Edits one stream keeps: a 2-hour sitting is about 20,000; beyond this the server refuses more (EDITS_LIMIT), so
 * a replay stays a bounded read.
 */
export const EDIT_STREAM_MAX_EVENTS = 200_000;
/**
 * Characters one stream may insert plus delete (issue 42): an hour of honest typing is well under 100 K; a stream
 * past this is refused (EDITS_LIMIT), as is an attempt whose streams together pass EDIT_ATTEMPT_MAX_CHARS.
 */
export const EDIT_STREAM_MAX_CHARS = 4 * 1024 * 1024;
export const EDIT_ATTEMPT_MAX_CHARS = 8 * 1024 * 1024;
/** How far an edit's `at` may lie past the server's elapsed time of the attempt (the page's clock offset error). */
export const EDIT_AT_SKEW_MS = 60_000;
/** `at` is ms since the attempt started: at most a week. */
export const EDIT_AT_MAX_MS = 7 * 24 * 3_600_000;

export const ZEditEvent = z.object({
  at: z.number().int().min(0).max(EDIT_AT_MAX_MS),
  from: z.number().int().min(0).max(DRAFT_MAX_CHARS),
  to: z.number().int().min(0).max(DRAFT_MAX_CHARS),
  insert: z.string().max(DRAFT_MAX_CHARS),
  kind: z.enum(EDIT_KINDS, { error: 'Unknown edit kind' }),
});
export type TEditEvent = z.infer<typeof ZEditEvent>;

export const ZEditBatch = z
  .object({
    questionId: z.string().uuid('Unknown question'),
    language: z.enum(ANSWER_LANGUAGES, { error: 'Unknown language' }),
    seq: z.number().int().min(1).max(10_000_000),
    events: z.array(ZEditEvent).min(1).max(EDIT_BATCH_MAX_EVENTS, `At most ${EDIT_BATCH_MAX_EVENTS} edits a batch`),
    /**
     * SHA-256 (hex) of the code after this batch as the page's editor holds it (what its autosave saves). The
     * server compares it with its own replay and refuses a batch that disagrees (EDITS_OUT_OF_SYNC).
     */
    hash: z
      .string()
      .regex(/^[0-9a-f]{64}$/, 'A hash is 64 hex digits')
      .optional(),
  })
  .refine((b) => b.events.reduce((n, e) => n + e.insert.length, 0) <= EDIT_BATCH_MAX_CHARS, {
    message: 'This batch inserts too much text',
    path: ['events'],
  });
export type TEditBatch = z.infer<typeof ZEditBatch>;

/** `applied`: false when this seq was already applied (a retry); `seq` is the stream's last applied batch. */
export const ZEditBatchSaved = z.object({
  ok: z.literal(true),
  applied: z.boolean(),
  seq: z.number().int(),
  hash: z.string(),
});
export type TEditBatchSaved = z.infer<typeof ZEditBatchSaved>;

export const ZPlaybackStream = z.object({
  questionId: z.string(),
  language: z.string(),
  initial: z.string(),
  events: z.array(ZEditEvent),
});
export type TPlaybackStream = z.infer<typeof ZPlaybackStream>;

/**
 * A Run or Submit on the replay's timeline (ms since the start), for one stream: its verdict (null while
 * judging or when nothing was judged), cases passed of total, and for an interview room's run its output.
 */
export const ZPlaybackMoment = z.object({
  at: z.number(),
  kind: z.enum(['run', 'submit']),
  questionId: z.string(),
  language: z.string(),
  verdict: z.string().nullable(),
  passed: z.number().int(),
  total: z.number().int(),
  output: z.string().optional(),
});
export type TPlaybackMoment = z.infer<typeof ZPlaybackMoment>;

/**
 * `next` (issue 42): an attempt's playback comes in pages of at most `limit` batches; `next` is the cursor of
 * the following page (null on the last). A page's streams continue the previous page's (same stream, later
 * edits). An interview room's playback is one page.
 */
export const ZPlayback = z.object({
  streams: z.array(ZPlaybackStream),
  moments: z.array(ZPlaybackMoment),
  next: z.string().nullable().optional(),
});
export const PLAYBACK_PAGE_MAX = 500;
export const ZPlaybackQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PLAYBACK_PAGE_MAX).default(200),
  cursor: z
    .string()
    .regex(/^\d{1,9}$/, 'Unknown cursor')
    .optional(),
});
export type TPlayback = z.infer<typeof ZPlayback>;

export const INTEGRITY_KINDS = [
  'large_paste',
  'paste_after_focus_loss',
  'few_large_insertions',
  'fast_typing',
  'identical_to_candidate',
  'identical_to_solution',
  'pattern_match',
  // issue 42: the recording (sent by the candidate's page) does not hold the submitted code, or is missing
  'submitted_not_recorded',
  'no_recording',
  // issue 42: edits whose page-stamped times do not fit the server's receive times of their batches
  'implausible_timing',
  // issue 44: code inserted from the test's own AI assistant (allowed by the test, told apart from pastes)
  'assistant_insertions',
] as const;
export type TIntegrityKind = (typeof INTEGRITY_KINDS)[number];

/** One fact: what happened (`evidence`), which stated rule it meets, and when (ms into the replay). */
export const ZIntegritySignal = z.object({
  kind: z.enum(INTEGRITY_KINDS),
  at: z.number(),
  rule: z.string(),
  evidence: z.string(),
});
export type TIntegritySignal = z.infer<typeof ZIntegritySignal>;

/** `answers`: the candidate's answers, each naming its signal by index in `signals`. */
export const ZIntegrityReport = z.object({
  signals: z.array(ZIntegritySignal),
  answers: z.array(z.object({ signal: z.number().int(), response: z.string(), respondedAt: z.string() })),
});
export type TIntegrityReport = z.infer<typeof ZIntegrityReport>;

/** What the candidate sees after the test: the same signals, each with its id and their answer. */
export const ZCandidateIntegrity = z.object({
  signals: z.array(
    ZIntegritySignal.extend({ id: z.string(), response: z.string().nullable(), respondedAt: z.string().nullable() }),
  ),
});
export type TCandidateIntegrity = z.infer<typeof ZCandidateIntegrity>;

export const ZIntegrityAnswer = z.object({
  signalId: z.string().min(1).max(200),
  response: z.string().trim().min(1, 'Write a few words').max(2000, 'At most 2,000 characters'),
});
export type TIntegrityAnswer = z.infer<typeof ZIntegrityAnswer>;

export const PASTE_POLICIES = ['allow', 'record', 'block'] as const;
export type TPastePolicy = (typeof PASTE_POLICIES)[number];

/**
 * Applies one edit to `text`: the characters [from, to) are replaced by `insert`. Returns null when the edit
 * does not fit the text (a range past its end, or reversed), so a replay never guesses.
 */
export function applyEdit(text: string, e: Pick<TEditEvent, 'from' | 'to' | 'insert'>): string | null {
  if (e.from > e.to || e.to > text.length) return null;
  return text.slice(0, e.from) + e.insert + text.slice(e.to);
}

/** The text after applying `events` in order to `initial`, or null at the first edit that does not fit. */
export function replayEdits(initial: string, events: readonly Pick<TEditEvent, 'from' | 'to' | 'insert'>[]) {
  let text = initial;
  for (const e of events) {
    const next = applyEdit(text, e);
    if (next === null) return null;
    text = next;
  }
  return text;
}
