/**
 * Projections of test, question and problem rows. Two readings of every row (docs/DECISIONS.md §3):
 * the managing employer's (everything) and the candidate's, which leaves out what would give answers away.
 * The candidate projections list their fields explicitly (no spreading of rows) so a new column is never
 * sent to candidates by accident.
 */

import {
  DEFAULT_STARTER_CODE,
  defaultProctoring,
  offeredLanguages,
  type TAptitudeQuestion,
  type TCandidateProblem,
  type TCandidateQuestion,
  type TCandidateTest,
  type TCodeLanguage,
  type TCodingProblem,
  type TTest,
  ZCandidateProblem,
  ZCandidateQuestion,
} from '@assessly/shared';
import type { ProblemRow, QuestionRow, TestRow } from '../../db/schema';
import { candidateFunctionFields, functionFieldsOf, functionStarterCode } from '../coding-problems/function-problems';
import { solutionCheckState } from '../coding-problems/solution-check';
import { candidateSqlFields, sqlFieldsOf } from '../coding-problems/sql-problems';
import { effectiveSections } from '../sections/sections.state';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** EMPLOYER projection of a test: the candidate's reading plus the creator, company, version and settings. */
export function toEmployerTest(row: TestRow, createdByEmail: string | null = null): TTest {
  return {
    ...toCandidateTest(row),
    createdBy: row.createdBy,
    createdByEmail,
    companyId: row.companyId,
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    proctoring: row.proctoring ?? defaultProctoring(row.testType),
    pastePolicy: row.pastePolicy,
    access: row.access,
    linkExpiresAt: iso(row.linkExpiresAt),
    defaultLocale: row.defaultLocale,
  };
}

/** CANDIDATE projection of a test: no creator, company, version or other internal fields. */
export function toCandidateTest(row: TestRow): TCandidateTest {
  return {
    id: row.id,
    testName: row.testName,
    testType: row.testType,
    description: row.description,
    duration: row.duration,
    totalMarks: row.totalMarks,
    passingMarks: row.passingMarks,
    startTime: iso(row.startTime),
    endTime: iso(row.endTime),
    questionIds: row.questionIds,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    languages: offeredLanguages(row.languages),
    // a mixed test's sections (issue 46), only when it has some: other tests' shape is unchanged
    ...(row.sections?.length ? { sections: effectiveSections(row) ?? [] } : {}),
  };
}

export function toEmployerQuestion(row: QuestionRow): TAptitudeQuestion {
  return {
    id: row.id,
    testId: row.testId,
    kind: row.kind,
    rubric: row.rubric,
    questionText: row.questionText,
    options: row.options,
    correctAnswer: row.correctAnswer,
    correctAnswerText: row.options[row.correctAnswer] ?? '',
    correctAnswers: row.correctAnswers ?? null,
    scoring: row.correctAnswers ? (row.scoring ?? 'all') : null,
    marks: row.marks,
    explanation: row.explanation,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** CANDIDATE projection of an aptitude question: only ZCandidateQuestion's keys (never correctAnswer or explanation). */
export function toCandidateQuestion(row: QuestionRow): TCandidateQuestion {
  return ZCandidateQuestion.parse({
    ...row,
    multiple: Array.isArray(row.correctAnswers) || undefined,
    // never the rubric: only whether the answer is written
    kind: row.kind === 'text' ? 'text' : undefined,
  });
}

/** Starter code for every language: the problem's own, else the stdin/stdout template. */
export function fullStarterCode(stored: Record<string, string>): Record<TCodeLanguage, string> {
  const out = { ...DEFAULT_STARTER_CODE };
  for (const lang of Object.keys(out) as TCodeLanguage[]) {
    const own = stored[lang];
    if (typeof own === 'string' && own.trim()) out[lang] = own;
  }
  return out;
}

/** A function problem's editors start from the generated function (issue 25); others from the defaults. */
function starterCodeOf(row: ProblemRow): Record<TCodeLanguage, string> {
  return row.kind === 'function' && row.signature
    ? (functionStarterCode(row.signature, row.starterCode) as Record<TCodeLanguage, string>)
    : fullStarterCode(row.starterCode);
}

export function toEmployerProblem(row: ProblemRow): TCodingProblem {
  return {
    id: row.id,
    testId: row.testId,
    title: row.title,
    description: row.description,
    examples: row.examples,
    testCases: row.testCases,
    constraints: row.constraints,
    marks: row.marks,
    solution: row.solution,
    starterCode: starterCodeOf(row),
    timeLimitMs: row.timeLimitMs,
    memoryLimitMb: row.memoryLimitMb,
    floatTolerance: row.floatTolerance,
    comparisonMode: row.comparisonMode,
    solutionLanguage: (row.solutionLanguage as TCodingProblem['solutionLanguage']) ?? null,
    ...functionFieldsOf(row),
    ...sqlFieldsOf(row),
    version: row.version,
    solutionCheck: {
      state: solutionCheckState(row),
      verdict: row.solutionCheck?.verdict ?? null,
      passedCount: row.solutionCheck?.passedCount ?? 0,
      totalCount: row.solutionCheck?.totalCount ?? 0,
      checkedAt: row.solutionCheck?.checkedAt ?? null,
    },
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** CANDIDATE projection of a coding problem: only ZCandidateProblem's keys (never testCases or the solution). */
export function toCandidateProblem(row: ProblemRow): TCandidateProblem {
  return ZCandidateProblem.parse({
    ...row,
    ...candidateFunctionFields(row),
    ...candidateSqlFields(row),
    starterCode: starterCodeOf(row),
    testCaseCount: row.testCases.length,
  });
}
