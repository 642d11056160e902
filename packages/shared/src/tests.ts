/**
 * Test authoring contract (spec part 1 §3, §5, §9): tests, aptitude questions and coding problems.
 * The same schemas and validators run in the browser (forms) and on the server (API), so the messages match.
 */
import { z } from 'zod';
import { ZComparisonMode } from './comparison';
import { checkFunctionProblem, functionProblemFields, functionProblemOut } from './function-problems';
import { ZCandidateLocale } from './locales';
import { ZSection } from './sections';
import { ANSWER_LANGUAGES, checkSqlProblem, sqlProblemFields, sqlProblemOut } from './sql-problems';
import { ADDED_STARTER_CODE } from './starters';
import { CODE_LANGUAGES, type TCodeLanguage, ZCandidateProblem, ZCandidateQuestion } from './taking';

export const TEST_TYPES = ['APTITUDE', 'CODING'] as const;
export type TTestType = (typeof TEST_TYPES)[number];

/** Camera proctoring when a test does not say: on for coding tests, off for aptitude tests (issue 17). */
export function defaultProctoring(testType: string): boolean {
  return testType === 'CODING';
}

export const TEST_DEFAULTS = { testType: 'APTITUDE', duration: 60, totalMarks: 100, passingMarks: 40 } as const;
export const APTITUDE_DEFAULTS = { optionCount: 4, marks: 5 } as const;
export const CODING_DEFAULTS = { marks: 25, timeLimitMs: 2000, memoryLimitMb: 256 } as const;
export const TIME_LIMIT_RANGE = { min: 100, max: 10_000 } as const;
export const MEMORY_LIMIT_RANGE = { min: 32, max: 1024 } as const;

/** The message a stale `version` gets (two tabs editing one test). */
export const VERSION_CONFLICT_MESSAGE = 'This test was changed in another tab. Reload to see the latest version.';

/** Templates that read all of stdin and write to stdout, used when a problem gives no starter code. */
export const DEFAULT_STARTER_CODE: Record<TCodeLanguage, string> = {
  javascript: `const input = require('fs').readFileSync(0, 'utf8').trim();
const lines = input.split('\\n');

// Write your solution here and print the answer
console.log(lines[0]);
`,
  typescript: `import { readFileSync } from 'fs';

const input: string = readFileSync(0, 'utf8').trim();
const lines: string[] = input.split('\\n');

// Write your solution here and print the answer
console.log(lines[0]);
`,
  python: `import sys

def main():
    data = sys.stdin.read().strip().split('\\n')
    # Write your solution here and print the answer
    print(data[0])

if __name__ == '__main__':
    main()
`,
  java: `import java.io.*;
import java.util.*;

public class Main {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String line = in.readLine();
        // Write your solution here and print the answer
        System.out.println(line);
    }
}
`,
  cpp: `#include <bits/stdc++.h>
using namespace std;

int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
    string line;
    getline(cin, line);
    // Write your solution here and print the answer
    cout << line << endl;
    return 0;
}
`,
  ...ADDED_STARTER_CODE,
};

/** The builder's default model solution (spec §3: "a JavaScript template function"). */
export const DEFAULT_SOLUTION = `function solve(input) {
  // Model solution: read the input, return the expected output
  return input;
}

const input = require('fs').readFileSync(0, 'utf8').trim();
console.log(solve(input));
`;

// ---------- helpers ----------

/** A problem's constraint rows without the blank ones (issue 46): what the builder saves and the API keeps. */
export function dropBlankConstraints(v: unknown): unknown {
  return Array.isArray(v) ? v.filter((c) => typeof c !== 'string' || c.trim() !== '') : v;
}

/** Numbers from JSON or from form strings; '' and null count as missing. */
const toNumber = (v: unknown) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v);

function intAtLeast1(label: string) {
  return z
    .number({ error: `${label} is required` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`);
}

const optionalDate = (label: string) =>
  z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string()
      .refine((s) => !Number.isNaN(Date.parse(s)), `${label} must be a valid date`)
      .nullable()
      .optional(),
  );

const testType = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.enum(TEST_TYPES, { error: 'Test type must be APTITUDE or CODING' }),
);

/** Who may take a test (issue 23): invited candidates only (the default for new tests) or anyone with the link. */
export const TEST_ACCESS = ['invited', 'link'] as const;
export type TTestAccess = (typeof TEST_ACCESS)[number];

const testFields = {
  testName: z
    .string({ error: 'Test name is required' })
    .trim()
    .min(1, 'Test name is required')
    .max(200, 'Test name is too long'),
  testType,
  description: z.string().max(5000, 'Description is too long').optional(),
  duration: z.preprocess(toNumber, intAtLeast1('Duration').max(100_000, 'Duration is too long')),
  totalMarks: z.preprocess(toNumber, intAtLeast1('Total marks').max(1_000_000, 'Total marks is too large')),
  passingMarks: z.preprocess(toNumber, intAtLeast1('Passing marks').max(1_000_000, 'Passing marks is too large')),
  startTime: optionalDate('Start time'),
  endTime: optionalDate('End time'),
  isActive: z.boolean().optional(),
  /** Camera proctoring (issue 17): true/false, or null for the default of the type (coding tests on). */
  proctoring: z.boolean({ error: 'Proctoring must be on or off' }).nullable().optional(),
  /** Languages candidates may use (issue 24); null or absent = all of them. */
  languages: z
    .array(z.enum(CODE_LANGUAGES, { error: 'Unknown language' }), { error: 'Languages must be a list' })
    .min(1, 'Choose at least one language')
    .max(CODE_LANGUAGES.length * 2, 'Too many languages')
    .nullable()
    .optional(),
  /** A paste from outside the code editor (issue 29): allowed, recorded as a signal, or blocked. */
  pastePolicy: z.enum(['allow', 'record', 'block'], { error: 'Choose allow, record or block' }).optional(),
  /** Issue 23: who may take it — invited candidates only, or anyone signed in who has the link. */
  access: z.enum(TEST_ACCESS, { error: 'Access must be invited or link' }).optional(),
  /** For access `link`: after this moment the link starts nothing (null: no expiry). */
  linkExpiresAt: optionalDate('Link expiry'),
  /** Issue 46: the language candidates see first on this test's pages and emails (they may switch). */
  defaultLocale: ZCandidateLocale.optional(),
};

export const PASSING_ABOVE_TOTAL_MESSAGE = 'Passing marks cannot be greater than total marks';
export const WINDOW_ORDER_MESSAGE = 'End time must be after start time';

/** Cross-field rules shared by create, edit and the server's merge of a partial update. */
export function checkTestRules(t: {
  totalMarks?: number;
  passingMarks?: number;
  startTime?: string | Date | null;
  endTime?: string | Date | null;
}): { field: 'passingMarks' | 'endTime'; message: string } | null {
  if (t.totalMarks != null && t.passingMarks != null && t.passingMarks > t.totalMarks) {
    return { field: 'passingMarks', message: PASSING_ABOVE_TOTAL_MESSAGE };
  }
  if (t.startTime && t.endTime && new Date(t.startTime).getTime() >= new Date(t.endTime).getTime()) {
    return { field: 'endTime', message: WINDOW_ORDER_MESSAGE };
  }
  return null;
}

function withTestRules<T extends z.ZodType<Parameters<typeof checkTestRules>[0]>>(schema: T) {
  return schema.superRefine((t, ctx) => {
    const broken = checkTestRules(t);
    if (broken) ctx.addIssue({ code: 'custom', path: [broken.field], message: broken.message });
  });
}

// ---------- tests ----------

/** POST /api/tests/create. createdBy may be sent (the spec's payload) but the server takes it from the session. */
export const ZTestCreate = withTestRules(
  z.object({
    ...testFields,
    testType: testType.default(TEST_DEFAULTS.testType),
    access: z.enum(TEST_ACCESS, { error: 'Access must be invited or link' }).default('invited'),
    description: z.string().max(5000, 'Description is too long').optional().default(''),
    duration: z.preprocess(
      toNumber,
      intAtLeast1('Duration').max(100_000, 'Duration is too long').default(TEST_DEFAULTS.duration),
    ),
    totalMarks: z.preprocess(toNumber, intAtLeast1('Total marks').max(1_000_000).default(TEST_DEFAULTS.totalMarks)),
    passingMarks: z.preprocess(
      toNumber,
      intAtLeast1('Passing marks').max(1_000_000).default(TEST_DEFAULTS.passingMarks),
    ),
  }),
);
export type TTestCreate = z.infer<typeof ZTestCreate>;

const version = z.number().int().min(1).optional();
const idList = z
  .array(z.string().uuid('Invalid question id'), { error: 'questionIds must be a list' })
  .max(500, 'Too many questions');

/**
 * PUT /api/tests/{id}: any of the test fields (the spec sends the whole test). `version` is the one the
 * client read: a stale one is refused with 409. `recomputeTotal` sets totalMarks to the sum of the questions.
 */
export const ZTestUpdate = withTestRules(
  z.object({
    testName: testFields.testName.optional(),
    testType: testFields.testType.optional(),
    description: testFields.description,
    duration: testFields.duration.optional(),
    totalMarks: testFields.totalMarks.optional(),
    passingMarks: testFields.passingMarks.optional(),
    startTime: testFields.startTime,
    endTime: testFields.endTime,
    isActive: testFields.isActive,
    proctoring: testFields.proctoring,
    languages: testFields.languages,
    pastePolicy: testFields.pastePolicy,
    access: testFields.access,
    linkExpiresAt: testFields.linkExpiresAt,
    defaultLocale: testFields.defaultLocale,
    version,
    questionIds: idList.optional(),
    recomputeTotal: z.boolean().optional(),
  }),
);
export type TTestUpdate = z.infer<typeof ZTestUpdate>;

/**
 * A problem of another test added here is copied; ids in `linkIds` are shared with their other tests on
 * purpose (an edit then changes every test that lists it).
 */
export const ZUpdateQuestionIds = z.object({ questionIds: idList, version, linkIds: idList.optional() });

/** What an employer reads about a test. */
export const ZTest = z.object({
  id: z.string(),
  testName: z.string(),
  testType: z.enum(TEST_TYPES),
  description: z.string(),
  duration: z.number(),
  totalMarks: z.number(),
  passingMarks: z.number(),
  createdBy: z.string(),
  createdByEmail: z.string().nullable(),
  companyId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  questionIds: z.array(z.string()),
  isActive: z.boolean(),
  version: z.number(),
  /** Camera proctoring of this test (the type's default resolved: coding tests on). */
  proctoring: z.boolean(),
  /** The languages candidates may use, in picker order (all unless the employer chose). */
  languages: z.array(z.enum(CODE_LANGUAGES)),
  /** What a paste from outside the code editor does (issue 29). */
  pastePolicy: z.enum(['allow', 'record', 'block']),
  /** Issue 23: who may take it, and when a link stops working. */
  access: z.enum(TEST_ACCESS).optional(),
  linkExpiresAt: z.string().nullable().optional(),
  /** Issue 46: the candidate pages' and emails' first language. */
  defaultLocale: ZCandidateLocale,
  /** Issue 46: the test's sections in order (a mixed test); absent for a test without sections. */
  sections: z.array(ZSection).optional(),
});
export type TTest = z.infer<typeof ZTest>;

/** What a candidate reads about a test: nothing internal (no creator, company or version). */
export const ZCandidateTest = ZTest.pick({
  id: true,
  testName: true,
  testType: true,
  description: true,
  duration: true,
  totalMarks: true,
  passingMarks: true,
  startTime: true,
  endTime: true,
  questionIds: true,
  isActive: true,
  createdAt: true,
  languages: true,
  sections: true,
});
export type TCandidateTest = z.infer<typeof ZCandidateTest>;

export const ZAdminStats = z.object({
  totalTests: z.number(),
  aptitudeTests: z.number(),
  codingTests: z.number(),
  candidates: z.number(),
});
export type TAdminStats = z.infer<typeof ZAdminStats>;

/** GET /api/admin/candidates: one row per candidate of the company's tests. */
export const ZAdminCandidate = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  testsTaken: z.number(),
  lastActivity: z.string(),
});

// ---------- aptitude questions ----------

const optionText = z.string({ error: 'All options must be filled' });

/** How many options an aptitude question has (issue 26): true/false up to six; more is a different question. */
export const OPTION_COUNT = { min: 2, max: 6 } as const;
const TOO_FEW_OPTIONS = `A question needs at least ${OPTION_COUNT.min} options`;
const TOO_MANY_OPTIONS = `A question can have at most ${OPTION_COUNT.max} options`;

/** A question as typed: correctAnswer is an option index or the text of one of the options (docs/DECISIONS.md §4). */
export const ZAptitudeQuestionInput = z.object({
  id: z.string().optional(),
  questionText: z.string({ error: 'Question text is required' }).trim().min(1, 'Question text is required').max(10_000),
  /** `choice` (the default) or `text`: a written answer graded by a person against the rubric (issue 25). */
  kind: z.enum(['choice', 'text'], { error: 'Kind is choice or text' }).optional().default('choice'),
  /** A choice question needs 2 to 6 (OPTION_COUNT; the minimum checked by the server: toQuestionValues); a written one has none. */
  options: z
    .array(optionText.trim().min(1, 'All options must be filled').max(2000), { error: 'All options must be filled' })
    .max(OPTION_COUNT.max, TOO_MANY_OPTIONS)
    .optional()
    .default([]),
  /** A written question's marking guide: only employers ever see it. */
  rubric: z.string().max(10_000, 'A rubric holds at most 10,000 characters').optional().default(''),
  /** Required unless correctAnswers is given (checked by the server: toQuestionValues). */
  correctAnswer: z.union([z.number().int(), z.string()], { error: 'Choose the correct answer' }).optional(),
  /** Multi-select (issue 25): two or more option indexes; scoring says how a partly right answer counts. */
  correctAnswers: z.array(z.number().int().min(0)).nullable().optional(),
  scoring: z.enum(['all', 'partial'], { error: 'Scoring is all or partial' }).nullable().optional(),
  marks: z.preprocess(
    toNumber,
    z
      .number({ error: 'Marks must be greater than 0' })
      .int('Marks must be a whole number')
      .min(1, 'Marks must be greater than 0')
      .max(10_000)
      .default(APTITUDE_DEFAULTS.marks),
  ),
  explanation: z.string().max(10_000).optional().default(''),
  testId: z.string().uuid('Test not found').optional().nullable(),
});
export type TAptitudeQuestionInput = z.input<typeof ZAptitudeQuestionInput>;

/** POST /api/aptitude-questions/add: testId is required. */
export const ZAptitudeQuestionAdd = ZAptitudeQuestionInput.extend({
  testId: z.string({ error: 'testId is required' }).uuid('Test not found'),
});

/**
 * The index of the correct answer: a number is an index; a string is an option's text, or a digit string
 * that is an index when no option has that text. null when it matches nothing.
 */
export function resolveCorrectAnswer(options: readonly string[], value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 && value < options.length ? value : null;
  if (typeof value !== 'string') return null;
  const exact = options.indexOf(value);
  if (exact >= 0) return exact;
  const trimmed = options.findIndex((o) => o.trim() === value.trim());
  if (trimmed >= 0) return trimmed;
  if (/^\d+$/.test(value.trim())) return resolveCorrectAnswer(options, Number(value.trim()));
  return null;
}
export const CORRECT_ANSWER_MESSAGE = 'The correct answer must be one of the options';

/** Why a multi-select question's correctAnswers are not two or more distinct option indexes, or null. */
export function correctAnswersProblem(optionCount: number, answers: readonly unknown[]): string | null {
  if (answers.length < 2) return 'A multi-select question needs two or more correct options';
  if (answers.some((a) => typeof a !== 'number' || !Number.isInteger(a) || a < 0 || a >= optionCount))
    return CORRECT_ANSWER_MESSAGE;
  if (new Set(answers).size !== answers.length) return 'Each correct option is listed once';
  return null;
}

export const ZAptitudeQuestion = z.object({
  id: z.string(),
  testId: z.string().nullable(),
  kind: z.enum(['choice', 'text']),
  rubric: z.string(),
  questionText: z.string(),
  options: z.array(z.string()),
  correctAnswer: z.number(),
  correctAnswerText: z.string(),
  correctAnswers: z.array(z.number()).nullable(),
  scoring: z.enum(['all', 'partial']).nullable(),
  marks: z.number(),
  explanation: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAptitudeQuestion = z.infer<typeof ZAptitudeQuestion>;

/**
 * The aptitude builder's save rules (spec §5): every error, one per line, 'Question {n}: ...'.
 * Questions are numbered from 1.
 */
export function validateAptitudeQuestions(
  questions: readonly { questionText?: unknown; options?: unknown; marks?: unknown; correctAnswer?: unknown }[],
): string[] {
  const errors: string[] = [];
  questions.forEach((q, i) => {
    const n = i + 1;
    if (typeof q.questionText !== 'string' || !q.questionText.trim())
      errors.push(`Question ${n}: Question text is required`);
    if ((q as { kind?: unknown }).kind === 'text') {
      // a written answer: no options; marks as for any question
      const m = toNumber(q.marks);
      if (m !== undefined && (typeof m !== 'number' || !(m > 0)))
        errors.push(`Question ${n}: Marks must be greater than 0`);
      return;
    }
    const options = Array.isArray(q.options) ? q.options : [];
    if (options.length < 2 || options.some((o) => typeof o !== 'string' || !o.trim()))
      errors.push(`Question ${n}: All options must be filled`);
    if (options.length > OPTION_COUNT.max) errors.push(`Question ${n}: ${TOO_MANY_OPTIONS}`);
    const marks = toNumber(q.marks);
    // Missing marks take the default (5); anything given must be a positive number.
    if (marks !== undefined && (typeof marks !== 'number' || !(marks > 0)))
      errors.push(`Question ${n}: Marks must be greater than 0`);
    const optionsFilled = options.length >= 2 && options.every((o) => typeof o === 'string' && o.trim());
    const several = (q as { correctAnswers?: unknown }).correctAnswers;
    if (Array.isArray(several)) {
      const problem = correctAnswersProblem(options.length, several);
      if (optionsFilled && problem) errors.push(`Question ${n}: ${problem}`);
    } else if (optionsFilled && resolveCorrectAnswer(options as string[], q.correctAnswer) === null) {
      errors.push(`Question ${n}: ${CORRECT_ANSWER_MESSAGE}`);
    }
  });
  return errors;
}

// ---------- coding problems ----------

const ioPair = z.object({
  input: z.string({ error: 'Input is required' }).max(1_000_000),
  output: z.string({ error: 'Output is required' }).max(1_000_000),
});
export type TIoPair = z.infer<typeof ioPair>;
const filled = (p: TIoPair) => p.input.trim() !== '' && p.output.trim() !== '';
/** An SQL case may expect no rows (issue 25): its output is then empty. */
const filledInput = (p: TIoPair) => p.input.trim() !== '';

/** Every case has its input and, unless the problem is an SQL one, its output. */
function checkCasesFilled(p: { kind?: string; examples: TIoPair[]; testCases: TIoPair[] }, ctx: z.RefinementCtx): void {
  if (p.kind === 'sql') return;
  if (!p.examples.every(filled))
    ctx.addIssue({ code: 'custom', path: ['examples'], message: 'All examples must have both input and output' });
  if (!p.testCases.every(filled))
    ctx.addIssue({ code: 'custom', path: ['testCases'], message: 'All test cases must have both input and output' });
}

export const ZCodingProblemInput = z
  .object({
    id: z.string().optional(),
    title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(300, 'Title is too long'),
    description: z.string({ error: 'Description is required' }).trim().min(1, 'Description is required').max(50_000),
    examples: z
      .array(ioPair, { error: 'At least one example is required' })
      .min(1, 'At least one example is required')
      .max(50)
      .refine((l) => l.every(filledInput), 'All examples must have both input and output'),
    testCases: z
      .array(ioPair, { error: 'At least one test case is required' })
      .min(1, 'At least one test case is required')
      .max(200)
      .refine((l) => l.every(filledInput), 'All test cases must have both input and output'),
    // Blank rows are dropped and a problem may state none (issue 46, docs/DECISIONS.md §6b): a blank row the
    // author could not remove used to block the save ("Constraints cannot be empty").
    constraints: z.preprocess(
      dropBlankConstraints,
      z.array(z.string(), { error: 'Constraints are a list of texts' }).max(50, 'At most 50 constraints').default([]),
    ),
    marks: z.preprocess(
      toNumber,
      z
        .number({ error: 'Marks must be at least 1' })
        .int('Marks must be a whole number')
        .min(1, 'Marks must be at least 1')
        .max(10_000)
        .default(CODING_DEFAULTS.marks),
    ),
    solution: z.string().max(200_000).optional().default(''),
    starterCode: z.partialRecord(z.enum(CODE_LANGUAGES), z.string().max(100_000)).optional().default({}),
    timeLimitMs: z.preprocess(
      toNumber,
      z
        .number()
        .int()
        .min(TIME_LIMIT_RANGE.min, `Time limit must be between ${TIME_LIMIT_RANGE.min} and ${TIME_LIMIT_RANGE.max} ms`)
        .max(TIME_LIMIT_RANGE.max, `Time limit must be between ${TIME_LIMIT_RANGE.min} and ${TIME_LIMIT_RANGE.max} ms`)
        .default(CODING_DEFAULTS.timeLimitMs),
    ),
    memoryLimitMb: z.preprocess(
      toNumber,
      z
        .number()
        .int()
        .min(
          MEMORY_LIMIT_RANGE.min,
          `Memory limit must be between ${MEMORY_LIMIT_RANGE.min} and ${MEMORY_LIMIT_RANGE.max} MB`,
        )
        .max(
          MEMORY_LIMIT_RANGE.max,
          `Memory limit must be between ${MEMORY_LIMIT_RANGE.min} and ${MEMORY_LIMIT_RANGE.max} MB`,
        )
        .default(CODING_DEFAULTS.memoryLimitMb),
    ),
    floatTolerance: z.preprocess(
      toNumber,
      z.number().min(0, 'Float tolerance cannot be negative').max(1).nullable().optional(),
    ),
    /** Omitted: float when a tolerance is given, else token by token. */
    comparisonMode: ZComparisonMode.optional(),
    /** The model solution's language (the "Check solution" judges `solution` in it). */
    solutionLanguage: z.enum(ANSWER_LANGUAGES, { error: 'Choose a supported language' }).nullable().optional(),
    testId: z.string().uuid('Test not found').optional().nullable(),
    ...functionProblemFields,
    ...sqlProblemFields,
  })
  .superRefine(checkCasesFilled)
  .superRefine((p, ctx) => {
    // issue 43: a project is a file tree with its own route and schema (ZProjectProblemInput)
    if (p.kind === 'project')
      ctx.addIssue({
        code: 'custom',
        path: ['kind'],
        message: 'A project problem is a file tree: create it with POST /api/coding-tests/projects',
      });
  })
  .superRefine(checkFunctionProblem)
  .superRefine(checkSqlProblem);
export type TCodingProblemInput = z.input<typeof ZCodingProblemInput>;
export type TCodingProblemParsed = z.output<typeof ZCodingProblemInput>;

/** missing: no model solution or language; unchecked: never checked, or edited since; failed / passed. */
export type TSolutionCheckState = 'missing' | 'unchecked' | 'failed' | 'passed';

const ZCodeLanguage = z.enum(CODE_LANGUAGES);
const ZIoPairOut = z.object({ input: z.string(), output: z.string() });

export const ZCodingProblem = z.object({
  id: z.string(),
  testId: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  examples: z.array(ZIoPairOut),
  testCases: z.array(ZIoPairOut),
  constraints: z.array(z.string()),
  marks: z.number(),
  solution: z.string(),
  starterCode: z.record(ZCodeLanguage, z.string()),
  timeLimitMs: z.number(),
  memoryLimitMb: z.number(),
  floatTolerance: z.number().nullable(),
  comparisonMode: ZComparisonMode,
  solutionLanguage: z.enum(ANSWER_LANGUAGES).nullable(),
  ...functionProblemOut,
  ...sqlProblemOut,
  /** Bumped when the problem is edited after submissions were judged against it (copy on write). */
  version: z.number(),
  /** The last "Check solution": state is stale ("unchecked") once the solution or the cases change. */
  solutionCheck: z.object({
    state: z.enum(['missing', 'unchecked', 'failed', 'passed']),
    verdict: z.string().nullable(),
    passedCount: z.number(),
    totalCount: z.number(),
    checkedAt: z.string().nullable(),
  }),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * Issue 42: true when the company keeps hidden cases and the model solution from the caller (a reviewer while the
   * company setting is off): `testCases` is empty, `solution` blank, `hiddenCaseCount` says how many there are.
   */
  withheld: z.boolean().optional(),
  hiddenCaseCount: z.number().optional(),
});
export type TCodingProblem = z.infer<typeof ZCodingProblem>;

/**
 * The coding builder's save rules (spec §5): stops at the first problem with an error, in the spec's order.
 * Returns the 0-based index of that problem (the builder jumps to its tab) and the message.
 */
export function validateCodingProblems(
  problems: readonly {
    title?: unknown;
    description?: unknown;
    examples?: unknown;
    testCases?: unknown;
    constraints?: unknown;
    marks?: unknown;
    kind?: unknown;
  }[],
): { index: number; message: string } | null {
  // an SQL case may expect no rows (issue 25): an empty output
  const pairsOk = (l: unknown, emptyOutput: boolean) =>
    Array.isArray(l) &&
    l.length > 0 &&
    l.every(
      (p) =>
        p &&
        typeof p.input === 'string' &&
        typeof p.output === 'string' &&
        p.input.trim() !== '' &&
        (emptyOutput || p.output.trim() !== ''),
    );
  for (let i = 0; i < problems.length; i++) {
    const p = problems[i]!;
    const n = i + 1;
    const fail = (m: string) => ({ index: i, message: `Question ${n}: ${m}` });
    if (typeof p.title !== 'string' || !p.title.trim()) return fail('Title is required');
    if (typeof p.description !== 'string' || !p.description.trim()) return fail('Description is required');
    if (!pairsOk(p.examples, p.kind === 'sql')) return fail('All examples must have both input and output');
    if (!pairsOk(p.testCases, p.kind === 'sql')) return fail('All test cases must have both input and output');
    // constraints are optional and blank rows are dropped (issue 46): nothing to stop at
    const marks = toNumber(p.marks);
    if (marks !== undefined && (typeof marks !== 'number' || !(marks >= 1))) return fail('Marks must be at least 1');
  }
  return null;
}

// ---------- saving a test with its questions at once ----------

/**
 * POST /api/tests/{id}/questions/batch: saves new and changed questions (aptitude) or problems (coding)
 * and sets the test's questionIds to them, in order, in one transaction. Items with an id that is not
 * a saved question's id (the builder's temporary ids) are created.
 */
export const ZQuestionBatch = z.object({
  version,
  /** An aptitude test's questions; for a coding test, its written questions (kind "text", issue 25), kept if absent. */
  questions: z.array(z.unknown()).max(500).optional(),
  problems: z.array(z.unknown()).max(200).optional(),
  recomputeTotal: z.boolean().optional(),
});

export interface TTestWithQuestions<Q = TAptitudeQuestion, P = TCodingProblem, T = TTest> {
  test: T;
  questions: Q[];
  problems: P[];
}
/** GET /api/tests/{id}/questions (and the batch save) for the managing employer. */
export const ZTestWithQuestions = z.object({
  test: ZTest,
  questions: z.array(ZAptitudeQuestion),
  problems: z.array(ZCodingProblem),
});
/** GET /api/tests/{id}/questions for a candidate who started: candidate projections only. */
export const ZCandidateTestWithQuestions = z.object({
  test: ZCandidateTest,
  questions: z.array(ZCandidateQuestion),
  problems: z.array(ZCandidateProblem),
});

export const CANDIDATE_LINK_PATH = { CODING: 'code', APTITUDE: 'aptitude' } as const;
