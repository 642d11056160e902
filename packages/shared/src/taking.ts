import { z } from 'zod';
import { ZOwnAccommodationRequest } from './accommodation-requests';
import { ZComparisonMode } from './comparison';
import { PROBLEM_KINDS, ZFunctionSignature } from './function-problems';
import { LANGUAGE_IDS } from './languages';
import { ZCandidateLocale } from './locales';
import { ZTakeSection } from './sections';
import { ANSWER_LANGUAGES, ZSqlSpec } from './sql-problems';
import { ZHiddenResultItem } from './submissions';

/** Languages of the coding environment, in the order of the spec's dropdown (javascript is the default). */
export const CODE_LANGUAGES = LANGUAGE_IDS;
export type TCodeLanguage = (typeof CODE_LANGUAGES)[number];

/** A saved draft is at most this many characters (UTF-16 units ≈ bytes for code). */
export const DRAFT_MAX_CHARS = 64 * 1024;

/** A draft save whose JSON body is longer than this is sent gzipped (Content-Encoding: gzip) by the page. */
export const DRAFT_GZIP_THRESHOLD = 4096;

export const ZDraftInput = z.object({
  questionId: z.string().uuid('Unknown question'),
  language: z.enum(ANSWER_LANGUAGES, { error: 'Unknown language' }),
  code: z.string().max(DRAFT_MAX_CHARS, 'The code is too long to save (64 KiB at most)'),
  /**
   * The revision this code was based on (0: no draft yet). When given, the save is refused with DRAFT_STALE
   * (409) if the stored draft has moved on (another tab saved meanwhile). Omitted: the save always wins.
   */
  baseRevision: z.number().int().min(0).max(2_000_000_000).optional(),
});
export type TDraftInput = z.infer<typeof ZDraftInput>;

/** The longest written answer a candidate may give, in characters (issue 25). */
export const WRITTEN_ANSWER_MAX = 10_000;

export const ZAnswerInput = z.object({
  questionId: z.string().uuid('Unknown question'),
  /** An option index; for a multi-select question an array of option indexes (issue 25). */
  answer: z
    .union([
      z.number().int().min(0).max(25),
      z
        .array(z.number().int().min(0).max(25))
        .max(26)
        .refine((a) => new Set(a).size === a.length, 'Choose each option once'),
      /** A written answer (kind "text", issue 25); an empty one is no answer. */
      z
        .string()
        .max(
          WRITTEN_ANSWER_MAX,
          `A written answer holds at most ${WRITTEN_ANSWER_MAX.toLocaleString('en')} characters`,
        ),
    ])
    .nullable(),
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
  // Only the page's own kinds: server kinds (proctoring unavailable, face flags) come from the server alone.
  kind: z.enum(PROCTORING_EVENT_KINDS, { message: 'Unknown event kind' }),
  detail: z.string().max(500).optional(),
  /** When it happened on the page (ISO); the server clamps it to the last minute. */
  at: z.string().datetime().optional(),
});
/** One event, or a batch of up to 50. */
export const ZProctoringEventsInput = z.union([ZEvent, z.object({ events: z.array(ZEvent).min(1).max(50) })]);
export type TProctoringEventsInput = z.infer<typeof ZProctoringEventsInput>;

export const WINDOW_STATES = ['available', 'out-of-window', 'ended'] as const;
export type TWindowState = (typeof WINDOW_STATES)[number];

/**
 * A coding problem as a candidate sees it. Only these keys are ever sent: no hidden test cases, no solution
 * (the route's response schema strips anything else). GET /api/coding-tests/{id} and a test's questions also
 * carry testId, the limits and testCaseCount; the take state leaves those out (ZTakeTest).
 */
/** Starter code by language as answered: the known languages' entries only (a stray key in stored JSON is dropped). */
const ZCandidateStarterCode = z.preprocess(
  (v) =>
    v && typeof v === 'object'
      ? Object.fromEntries(Object.entries(v).filter(([k]) => (CODE_LANGUAGES as readonly string[]).includes(k)))
      : v,
  z.partialRecord(z.enum(CODE_LANGUAGES), z.string()),
);

export const ZCandidateProblem = z.object({
  id: z.string(),
  testId: z.string().nullable().optional(),
  title: z.string(),
  description: z.string(),
  marks: z.number(),
  examples: z.array(z.object({ input: z.string(), output: z.string() })),
  constraints: z.array(z.string()),
  starterCode: ZCandidateStarterCode,
  timeLimitMs: z.number().optional(),
  memoryLimitMb: z.number().optional(),
  /** How many hidden cases judge a submission (their data never leaves the server). */
  testCaseCount: z.number().optional(),
  /** How output is compared; the page shows describeComparison() under the problem. */
  comparisonMode: ZComparisonMode.optional(),
  floatTolerance: z.number().nullable().optional(),
  /** Function problems (issue 25): the candidate writes the function; its signature shows above the editor. */
  kind: z.enum(PROBLEM_KINDS).optional(),
  signature: ZFunctionSignature.nullable().optional(),
  unorderedResult: z.boolean().optional(),
  /** SQL problems (issue 25): the schema shows as tables, the examples' data and results as tables. */
  sql: ZSqlSpec.nullable().optional(),
  orderMatters: z.boolean().optional(),
});
export type TCandidateProblem = z.infer<typeof ZCandidateProblem>;

/** An aptitude question as a candidate sees it: no correctAnswer, no explanation. */
export const ZCandidateQuestion = z.object({
  id: z.string(),
  testId: z.string().nullable().optional(),
  questionText: z.string(),
  options: z.array(z.string()),
  marks: z.number(),
  /** Several options are correct (issue 25): the page offers checkboxes and the answer is an array. */
  multiple: z.boolean().optional(),
  /** A written answer (issue 25): the page offers a text box; options is empty. Absent for a choice question. */
  kind: z.literal('text').optional(),
});
export type TCandidateQuestion = z.infer<typeof ZCandidateQuestion>;

const ZCodeLanguage = z.enum(CODE_LANGUAGES);

/**
 * POST /api/attempts/{testId}/start (issue 41). A camera-proctored candidate whose live check did not pass may
 * start anyway: `liveFallback` says why (`timeout`: 60 s without success; `request`: "I can't do the head turn"),
 * `stillCamera` that the page saw a still picture. The server still needs the enrolment photo and records a
 * live_unconfirmed event for a reviewer. No body (or {}) is the ordinary start.
 */
export const LIVE_FALLBACK_REASONS = ['timeout', 'request'] as const;
export const ZStartAttempt = z
  .object({
    liveFallback: z.enum(LIVE_FALLBACK_REASONS, { error: 'liveFallback is timeout or request' }).optional(),
    stillCamera: z.boolean().optional(),
  })
  .strict()
  .optional();
export type TStartAttempt = z.infer<typeof ZStartAttempt>;

/** GET /api/attempts/take/{testId} (and start, restart-preview, end): everything the test page needs. */
export const ZTakeTest = z.object({
  test: z.object({
    id: z.string(),
    testName: z.string(),
    testType: z.enum(['APTITUDE', 'CODING']),
    description: z.string(),
    duration: z.number(),
    totalMarks: z.number(),
    passingMarks: z.number(),
    startTime: z.string().nullable(),
    endTime: z.string().nullable(),
    questionIds: z.array(z.string()),
    questionCount: z.number(),
    /** Issue 46: the sum of its problems' and questions' marks (what the entry page states). */
    questionMarks: z.number().optional(),
    /** Issue 46: the extra minutes this candidate gets (their invitation's accommodation, or the attempt's). */
    extraMinutes: z.number().optional(),
    /** The languages this test offers (issue 24), in picker order; absent from older servers = all. */
    languages: z.array(ZCodeLanguage).optional(),
    /** Issue 46: the language the employer chose for the candidate's pages (the candidate may switch). */
    defaultLocale: ZCandidateLocale.optional(),
  }),
  window: z.object({
    state: z.enum(WINDOW_STATES),
    startTime: z.string().nullable(),
    endTime: z.string().nullable(),
  }),
  serverNow: z.string(),
  /**
   * Camera proctoring (issue 17). required: the test is proctored and the server runs a face engine — the
   * entry step must enrol a face before start; enrolled: this candidate's reference face exists;
   * active: the running attempt is proctored (decided at start).
   */
  proctoring: z
    .object({
      required: z.boolean(),
      enrolled: z.boolean(),
      /** The enrolment's live sequence was judged done by the server (issue 27); a proctored start needs it. */
      live: z.boolean().optional(),
      active: z.boolean(),
      retentionDays: z.number().optional(),
    })
    .optional(),
  /** What a paste from outside the code editor does on this test (issue 29; coding tests). */
  pastePolicy: z.enum(['allow', 'record', 'block']).optional(),
  /** Issue 46: the candidate's own practice test: never scored (no Submit), never an employer's. */
  practice: z.boolean().optional(),
  /** Issue 46: the candidate's own accommodation request on this test and its answer. */
  accommodationRequest: ZOwnAccommodationRequest.optional(),
  /** Issue 46: what a granted request changes: no camera step; the editor's accessible mode. */
  accommodations: z.object({ cameraWaived: z.boolean(), screenReader: z.boolean() }).optional(),
  /** The caller is a member of the company that owns the test: starting makes a preview attempt (issue 13). */
  preview: z.boolean().optional(),
  /** The company does not show candidates their score (issue 26): attempt and submissions carry no marks. */
  scoreHidden: z.boolean().optional(),
  attempt: z
    .object({
      /** A preview never counts in results, CSV, stats or emails and can be restarted. */
      isPreview: z.boolean().optional(),
      /** Extra minutes of an accommodation included in deadlineAt. */
      extraMinutes: z.number().optional(),
      id: z.string(),
      startedAt: z.string(),
      deadlineAt: z.string(),
      endedAt: z.string().nullable(),
      endReason: z.enum(['manual', 'timeout']).nullable(),
      /** null while a written answer awaits a reviewer's grade (issue 25). */
      score: z.number().nullable(),
      maxScore: z.number().nullable(),
      awaitingGrading: z.boolean().optional(),
    })
    .nullable(),
  /** Present once the attempt exists (questions are not shown before the candidate starts). */
  problems: z.array(
    ZCandidateProblem.omit({ testId: true, timeLimitMs: true, memoryLimitMb: true, testCaseCount: true }),
  ),
  questions: z.array(ZCandidateQuestion.omit({ testId: true })),
  drafts: z.array(
    z.object({
      questionId: z.string(),
      /** `sql` for an SQL problem's draft (issue 25). */
      language: z.enum(ANSWER_LANGUAGES),
      code: z.string(),
      updatedAt: z.string(),
      revision: z.number(),
    }),
  ),
  languages: z.record(z.string(), z.enum(ANSWER_LANGUAGES)),
  answers: z.record(z.string(), z.union([z.number(), z.array(z.number()), z.string()])),
  flagged: z.array(z.string()),
  /** Issue 46: a mixed test's sections, taken in order, with where this attempt stands (absent otherwise). */
  sections: z.array(ZTakeSection).optional(),
});
export type TTakeTest = z.infer<typeof ZTakeTest>;

/**
 * One per-case result of /api/attempts/{testId}/submissions (the older candidate shape). A hidden case is
 * exactly { index, hidden: true, passed, verdict }.
 */
const ZVisibleCandidateResult = z.object({
  index: z.number().optional(),
  passed: z.boolean(),
  hidden: z.literal(false).optional(),
  verdict: z.string().optional(),
  timeMs: z.number().optional(),
  input: z.string().optional(),
  expectedOutput: z.string().optional(),
  output: z.string().optional(),
  actualOutput: z.string().optional(),
  message: z.string().nullable().optional(),
  /** Visible cases only: what the program wrote to stderr, and how it exited. */
  stderr: z.string().optional(),
  exitCode: z.number().nullable().optional(),
});
export const ZCandidateResult = z.union([ZHiddenResultItem, ZVisibleCandidateResult]);
/** Flat for readers (either variant is assignable): hidden cases simply lack the data fields. */
export type TCandidateResult = Omit<z.infer<typeof ZVisibleCandidateResult>, 'hidden'> & { hidden?: boolean };

/** PUT /api/attempts/{testId}/drafts answer. */
export const ZDraftSaved = z.object({ ok: z.literal(true), savedAt: z.string(), revision: z.number() });
export type TDraftSaved = z.infer<typeof ZDraftSaved>;

/** PUT /api/attempts/{testId}/answers answer. */
export const ZAnswerSaved = z.object({
  ok: z.literal(true),
  answers: z.record(z.string(), z.union([z.number(), z.array(z.number()), z.string()])),
  flagged: z.array(z.string()),
});
export type TAnswerSaved = z.infer<typeof ZAnswerSaved>;

export const ZCandidateSubmission = z.object({
  id: z.string(),
  questionId: z.string(),
  questionNumber: z.number(),
  language: z.string(),
  code: z.string(),
  status: z.string(),
  verdict: z.string().nullable(),
  compileOutput: z.string().nullable(),
  passedCount: z.number(),
  totalCount: z.number(),
  /** null: the company does not show candidates their score (issue 26). */
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
  results: z.array(ZCandidateResult),
  createdAt: z.string(),
});
export type TCandidateSubmission = z.infer<typeof ZCandidateSubmission>;

/** POST /api/attempts/{testId}/events answer. */
export const ZEventsRecorded = z.object({ recorded: z.number(), dropped: z.number() });

/** GET /api/attempts/{testId}/proctoring-record: the candidate's own record after the test (issue 17). */
export const ZOwnProctoringRecord = z.object({
  proctored: z.boolean(),
  events: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      rule: z.string(),
      source: z.enum(['page', 'server']).optional(),
      detail: z.string(),
      occurredAt: z.string(),
      threshold: z.number().nullable(),
      score: z.number().nullable(),
      frameKept: z.boolean(),
      response: z.string().nullable(),
    }),
  ),
});
export type TOwnProctoringRecord = z.infer<typeof ZOwnProctoringRecord>;

/** PUT /api/attempts/{testId}/proctoring-events/{eventId}/response answer. */
export const ZEventResponse = z.object({ id: z.string(), response: z.string() });
