import { z } from 'zod';
import type { TComparisonMode } from './comparison';

/** Languages of the coding environment, in the order of the spec's dropdown (javascript is the default). */
export const CODE_LANGUAGES = ['javascript', 'python', 'java', 'cpp', 'typescript'] as const;
export type TCodeLanguage = (typeof CODE_LANGUAGES)[number];

/** A saved draft is at most this many characters (UTF-16 units ≈ bytes for code). */
export const DRAFT_MAX_CHARS = 64 * 1024;

/** A draft save whose JSON body is longer than this is sent gzipped (Content-Encoding: gzip) by the page. */
export const DRAFT_GZIP_THRESHOLD = 4096;

export const ZDraftInput = z.object({
  questionId: z.string().uuid('Unknown question'),
  language: z.enum(CODE_LANGUAGES, { error: 'Unknown language' }),
  code: z.string().max(DRAFT_MAX_CHARS, 'The code is too long to save (64 KiB at most)'),
  /**
   * The revision this code was based on (0: no draft yet). When given, the save is refused with DRAFT_STALE
   * (409) if the stored draft has moved on (another tab saved meanwhile). Omitted: the save always wins.
   */
  baseRevision: z.number().int().min(0).max(2_000_000_000).optional(),
});
export type TDraftInput = z.infer<typeof ZDraftInput>;

export const ZAnswerInput = z.object({
  questionId: z.string().uuid('Unknown question'),
  answer: z.number().int().min(0).max(25).nullable(),
  flagged: z.boolean().optional(),
});
export type TAnswerInput = z.infer<typeof ZAnswerInput>;

export const PROCTORING_EVENT_KINDS = [
  'copy_attempt',
  'paste_attempt',
  'cut_attempt',
  'context_menu',
  'alt_tab_attempt',
  'tab_hidden',
  'tab_visible',
  'window_blur',
  'window_focus',
  'fullscreen_exit',
] as const;

const ZEvent = z.object({
  kind: z.string().regex(/^[a-z][a-z0-9_]{1,39}$/, 'Unknown event kind'),
  detail: z.string().max(500).optional(),
  /** When it happened on the page (ISO); the server clamps it to the last minute. */
  at: z.string().datetime().optional(),
});
/** One event, or a batch of up to 50. */
export const ZProctoringEventsInput = z.union([ZEvent, z.object({ events: z.array(ZEvent).min(1).max(50) })]);
export type TProctoringEventsInput = z.infer<typeof ZProctoringEventsInput>;

export type TWindowState = 'available' | 'out-of-window' | 'ended';

/** GET /api/attempts/take/{testId}: everything the test page needs in one call. */
export interface TTakeTest {
  test: {
    id: string;
    testName: string;
    testType: 'APTITUDE' | 'CODING';
    description: string;
    duration: number;
    totalMarks: number;
    passingMarks: number;
    startTime: string | null;
    endTime: string | null;
    questionIds: string[];
    questionCount: number;
  };
  window: { state: TWindowState; startTime: string | null; endTime: string | null };
  serverNow: string;
  /**
   * Camera proctoring (issue 17). required: the test is proctored and the server runs a face engine — the
   * entry step must enrol a face before start; enrolled: this candidate's reference face exists;
   * active: the running attempt is proctored (decided at start).
   */
  proctoring?: { required: boolean; enrolled: boolean; active: boolean; retentionDays?: number };
  /** The caller is a member of the company that owns the test: starting makes a preview attempt (issue 13). */
  preview?: boolean;
  attempt: null | {
    /** A preview never counts in results, CSV, stats or emails and can be restarted. */
    isPreview?: boolean;
    /** Extra minutes of an accommodation included in deadlineAt. */
    extraMinutes?: number;
    id: string;
    startedAt: string;
    deadlineAt: string;
    endedAt: string | null;
    endReason: 'manual' | 'timeout' | null;
    score: number | null;
    maxScore: number | null;
  };
  /** Present once the attempt exists (questions are not shown before the candidate starts). */
  problems: TCandidateProblem[];
  questions: TCandidateQuestion[];
  drafts: { questionId: string; language: TCodeLanguage; code: string; updatedAt: string; revision: number }[];
  languages: Record<string, TCodeLanguage>;
  answers: Record<string, number>;
  flagged: string[];
}

export interface TCandidateProblem {
  id: string;
  title: string;
  description: string;
  marks: number;
  examples: { input: string; output: string }[];
  constraints: string[];
  starterCode: Record<string, string>;
  /** How output is compared; the page shows describeComparison() under the problem. */
  comparisonMode?: TComparisonMode;
  floatTolerance?: number | null;
}

export interface TCandidateQuestion {
  id: string;
  questionText: string;
  options: string[];
  marks: number;
}

/** One per-case result as a candidate sees it; hidden cases carry no data. */
export interface TCandidateResult {
  index?: number;
  passed: boolean;
  hidden?: boolean;
  verdict?: string;
  timeMs?: number;
  input?: string;
  expectedOutput?: string;
  output?: string;
  actualOutput?: string;
  message?: string | null;
  /** Visible cases only: what the program wrote to stderr, and how it exited. */
  stderr?: string;
  exitCode?: number | null;
}

/** PUT /api/attempts/{testId}/drafts answer. */
export interface TDraftSaved {
  ok: true;
  savedAt: string;
  revision: number;
}

export interface TCandidateSubmission {
  id: string;
  questionId: string;
  questionNumber: number;
  language: string;
  code: string;
  status: string;
  verdict: string | null;
  compileOutput: string | null;
  passedCount: number;
  totalCount: number;
  score: number;
  maxScore: number;
  results: TCandidateResult[];
  createdAt: string;
}
