import { z } from 'zod';
import { LANGUAGE_IDS } from './languages';
import { ANSWER_LANGUAGES } from './sql-problems';

/** The API contract of the judge calls (spec part 2 §7): run, submit, list, languages. */
export const JUDGE_LANGUAGES = LANGUAGE_IDS;
export type TJudgeLanguage = (typeof JUDGE_LANGUAGES)[number];

export const CODE_MAX_CHARS = 100_000;
export const STDIN_MAX_CHARS = 1_000_000;

/** POST /api/submissions/run. `userId` is accepted for the spec's payload but ignored: the session decides. */
export const ZRunCode = z.object({
  /** A code language, or `sql` for an SQL problem (issue 25). */
  language: z.enum(ANSWER_LANGUAGES, { error: 'Choose a supported language' }),
  code: z
    .string({ error: 'Code is required' })
    .max(CODE_MAX_CHARS, `Code is too long (${CODE_MAX_CHARS} characters at most)`),
  testId: z.string({ error: 'Test not found' }).uuid('Test not found'),
  questionNumber: z.coerce.number({ error: 'Question number is required' }).int().min(0, 'Question number is required'),
  userId: z.unknown().optional(),
  /** Custom input: when given, only this input is run and nothing is compared. */
  stdin: z.string().max(STDIN_MAX_CHARS, 'Custom input is too long').optional(),
});
export type TRunCode = z.infer<typeof ZRunCode>;

/** POST /api/submissions: the same payload (stdin is ignored). */
export const ZSubmitCode = ZRunCode.omit({ stdin: true });
export type TSubmitCode = z.infer<typeof ZSubmitCode>;

export const VERDICTS = [
  'Accepted',
  'Wrong Answer',
  'Time Limit Exceeded',
  'Memory Limit Exceeded',
  'Runtime Error',
  'Output Limit Exceeded',
  'Compilation Error',
  'Internal Error',
] as const;
export const ZVerdict = z.enum(VERDICTS);
export type TVerdict = z.infer<typeof ZVerdict>;

/**
 * One test case's result. Visible cases (examples, custom input) carry input, expected output and the
 * program's output (`output` and `actualOutput` hold the same text; the spec reads either). For a candidate
 * a hidden case is exactly `{ index, hidden: true, passed, verdict }` (ZHiddenResultItem): no figures, no
 * output, nothing the program could encode hidden input into. Employers get every field of every case.
 * On a compile error every item has verdict 'Compilation Error' and the compiler's message as output.
 */
export const ZResultItem = z.object({
  index: z.number(),
  passed: z.boolean(),
  verdict: ZVerdict,
  /** Absent on a candidate's hidden case. */
  timeMs: z.number().optional(),
  /** Absent on a candidate's hidden case. */
  memoryKb: z.number().optional(),
  hidden: z.boolean(),
  input: z.string().optional(),
  /** null for a custom-input run (nothing to compare). */
  expectedOutput: z.string().nullable().optional(),
  output: z.string().optional(),
  actualOutput: z.string().optional(),
  stderr: z.string().optional(),
  exitCode: z.number().nullable().optional(),
  signal: z.string().nullable().optional(),
  /** Detail for a failed case, e.g. "exit code 1" or "CPU time limit". */
  message: z.string().nullable().optional(),
  /** Issue 42: a hidden case whose input and outputs the company keeps from the caller (a reviewer). */
  withheld: z.boolean().optional(),
});
export type TResultItem = z.infer<typeof ZResultItem>;

/** The only keys a candidate ever receives for a hidden case. */
export const HIDDEN_RESULT_KEYS = ['index', 'hidden', 'passed', 'verdict'] as const;
export const ZHiddenResultItem = z.object({
  index: z.number(),
  hidden: z.literal(true),
  passed: z.boolean(),
  verdict: ZVerdict,
});
export type THiddenResultItem = z.infer<typeof ZHiddenResultItem>;

/** A candidate's result item: a visible case whole, a hidden one reduced to ZHiddenResultItem's keys. */
export const ZCandidateResultItem = z.discriminatedUnion('hidden', [
  ZResultItem.extend({ hidden: z.literal(false) }),
  ZHiddenResultItem,
]);
export type TCandidateResultItem = z.infer<typeof ZCandidateResultItem>;

/** What candidates are told instead of an Internal Error's text (which goes to the log and to employers). */
export const INTERNAL_ERROR_MESSAGE =
  'The judge could not run this submission. It has been reported; please try again.';

export const SUBMISSION_STATUSES = ['queued', 'running', 'judged', 'error'] as const;
export type TSubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

const ZJudgeHistoryEntry = z.object({
  problemVersion: z.number(),
  verdict: z.string().nullable(),
  compileOutput: z.string().nullable(),
  results: z.array(z.unknown()),
  passedCount: z.number(),
  totalCount: z.number(),
  score: z.number(),
  judgedAt: z.string().nullable(),
  rejudgedAt: z.string(),
  rejudgedBy: z.string(),
});

/**
 * GET /api/submissions/all and /api/submissions/{id}: the employer's view (every field of every case);
 * a candidate's copy is built with ZCandidateSubmissionJson (server: toSubmissionJson).
 */
export const ZSubmission = z.object({
  id: z.string(),
  testId: z.string(),
  userId: z.string(),
  attemptId: z.string().nullable(),
  questionId: z.string(),
  questionNumber: z.number(),
  language: z.string(),
  code: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  verdict: ZVerdict.nullable(),
  compileOutput: z.string().nullable(),
  results: z.array(ZResultItem),
  passedCount: z.number(),
  totalCount: z.number(),
  /** null only in a candidate's copy when the company does not show candidates their score (issue 26). */
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
  createdAt: z.string(),
  judgedAt: z.string().nullable(),
  /** The problem version this submission was judged against. */
  problemVersion: z.number().optional(),
  /** Employers only: earlier results that a re-judge replaced, oldest first. */
  judgeHistory: z.array(ZJudgeHistoryEntry).optional(),
});
export type TSubmission = z.infer<typeof ZSubmission>;

/** A candidate's copy of a submission: hidden cases reduced, no judge history. */
export const ZCandidateSubmissionJson = ZSubmission.omit({ judgeHistory: true }).extend({
  results: z.array(ZCandidateResultItem),
});

/** POST /api/submissions answered before judging finished (202). */
export const ZQueuedSubmission = z.object({
  id: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  place: z.number().nullable(),
});

export const ZSubmissionQuery = z.object({
  testId: z.string().uuid('Test not found').optional(),
  questionNumber: z.coerce.number().int().min(0).optional(),
  /** Employers only: one candidate's submissions. */
  userId: z.string().uuid('User not found').optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
  offset: z.coerce.number().int().min(0).default(0),
});
export type TSubmissionQuery = z.infer<typeof ZSubmissionQuery>;

/** GET /api/languages */
export const ZLanguageInfo = z.object({
  id: z.enum(JUDGE_LANGUAGES),
  name: z.string(),
  version: z.string().nullable(),
  available: z.boolean(),
  message: z.string().nullable(),
});
export type TLanguageInfo = z.infer<typeof ZLanguageInfo>;
