import { z } from 'zod';

/** The API contract of the judge calls (spec part 2 §7): run, submit, list, languages. */
export const JUDGE_LANGUAGES = ['javascript', 'typescript', 'python', 'java', 'cpp'] as const;
export type TJudgeLanguage = (typeof JUDGE_LANGUAGES)[number];

export const CODE_MAX_CHARS = 100_000;
export const STDIN_MAX_CHARS = 1_000_000;

/** POST /api/submissions/run. `userId` is accepted for the spec's payload but ignored: the session decides. */
export const ZRunCode = z.object({
  language: z.enum(JUDGE_LANGUAGES, { error: 'Choose a supported language' }),
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

export type TVerdict =
  | 'Accepted'
  | 'Wrong Answer'
  | 'Time Limit Exceeded'
  | 'Memory Limit Exceeded'
  | 'Runtime Error'
  | 'Output Limit Exceeded'
  | 'Compilation Error'
  | 'Internal Error';

/**
 * One test case's result. Visible cases (examples, custom input) carry input, expected output and the
 * program's output (`output` and `actualOutput` hold the same text; the spec reads either). For a candidate
 * a hidden case is exactly `{ index, hidden: true, passed, verdict }` (THiddenResultItem): no figures, no
 * output, nothing the program could encode hidden input into. Employers get every field of every case.
 * On a compile error every item has verdict 'Compilation Error' and the compiler's message as output.
 */
export interface TResultItem {
  index: number;
  passed: boolean;
  verdict: TVerdict;
  /** Absent on a candidate's hidden case. */
  timeMs?: number;
  /** Absent on a candidate's hidden case. */
  memoryKb?: number;
  hidden: boolean;
  input?: string;
  /** null for a custom-input run (nothing to compare). */
  expectedOutput?: string | null;
  output?: string;
  actualOutput?: string;
  stderr?: string;
  exitCode?: number | null;
  signal?: string | null;
  /** Detail for a failed case, e.g. "exit code 1" or "CPU time limit". */
  message?: string | null;
}

/** The only keys a candidate ever receives for a hidden case. */
export const HIDDEN_RESULT_KEYS = ['index', 'hidden', 'passed', 'verdict'] as const;
export interface THiddenResultItem {
  index: number;
  hidden: true;
  passed: boolean;
  verdict: TVerdict;
}

/** What candidates are told instead of an Internal Error's text (which goes to the log and to employers). */
export const INTERNAL_ERROR_MESSAGE =
  'The judge could not run this submission. It has been reported; please try again.';

export type TSubmissionStatus = 'queued' | 'running' | 'judged' | 'error';

/** GET /api/submissions/all and /api/submissions/{id}. */
export interface TSubmission {
  id: string;
  testId: string;
  userId: string;
  attemptId: string | null;
  questionId: string;
  questionNumber: number;
  language: string;
  code: string;
  status: TSubmissionStatus;
  verdict: TVerdict | null;
  compileOutput: string | null;
  results: TResultItem[];
  passedCount: number;
  totalCount: number;
  score: number;
  maxScore: number;
  createdAt: string;
  judgedAt: string | null;
  /** The problem version this submission was judged against. */
  problemVersion?: number;
  /** Employers only: earlier results that a re-judge replaced, oldest first. */
  judgeHistory?: {
    problemVersion: number;
    verdict: string | null;
    compileOutput: string | null;
    results: unknown[];
    passedCount: number;
    totalCount: number;
    score: number;
    judgedAt: string | null;
    rejudgedAt: string;
    rejudgedBy: string;
  }[];
}

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
export interface TLanguageInfo {
  id: TJudgeLanguage;
  name: string;
  version: string | null;
  available: boolean;
  message: string | null;
}
