/**
 * The problems or questions of a test in questionIds order, and their candidate projections (no hidden test
 * cases, no solution, no correctAnswer or explanation). Read straight from the tables so taking does not
 * depend on the authoring module's internals.
 */
import {
  type TCandidateProblem,
  type TCandidateQuestion,
  ZCandidateProblem,
  ZCandidateQuestion,
} from '@assessly/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  aptitudeQuestions,
  codingProblems,
  type ProblemRow,
  type QuestionRow,
  type TestRow,
  writtenGrades,
} from '../../db/schema';
import { candidateFunctionFields, functionStarterCode } from '../coding-problems/function-problems';
import { candidateSqlFields } from '../coding-problems/sql-problems';

function inOrder<T extends { id: string }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is T => !!r);
}

export async function findProblemsInOrder(db: Db, test: Pick<TestRow, 'questionIds'>): Promise<ProblemRow[]> {
  const ids = test.questionIds.filter(isUuid);
  if (ids.length === 0) return [];
  return inOrder(ids, await db.select().from(codingProblems).where(inArray(codingProblems.id, ids)));
}

export async function findQuestionsInOrder(db: Db, test: Pick<TestRow, 'questionIds'>): Promise<QuestionRow[]> {
  const ids = test.questionIds.filter(isUuid);
  if (ids.length === 0) return [];
  return inOrder(ids, await db.select().from(aptitudeQuestions).where(inArray(aptitudeQuestions.id, ids)));
}

/**
 * The questions whose answers live in attempts.answers (issue 25): an aptitude test's questions, or a coding
 * test's questions listed in writtenQuestionIds — written ones, and since issue 46 (a mixed test's sections)
 * single- and multi-select ones too.
 */
export async function findAnsweredQuestions(
  db: Db,
  test: Pick<TestRow, 'testType' | 'questionIds' | 'writtenQuestionIds'>,
): Promise<QuestionRow[]> {
  if (test.testType !== 'CODING') return findQuestionsInOrder(db, test);
  return findQuestionsInOrder(db, { questionIds: test.writtenQuestionIds ?? [] });
}

/** Only ZCandidateProblem's keys: hidden test cases and the solution cannot pass (the schema strips them). */
export function projectProblem(p: ProblemRow): TCandidateProblem {
  // a function problem's editors start from the function generated for each language (issue 25)
  return ZCandidateProblem.parse(
    p.kind === 'function' && p.signature
      ? { ...p, starterCode: functionStarterCode(p.signature, p.starterCode) }
      : { ...p, ...candidateFunctionFields(p), ...candidateSqlFields(p) },
  );
}

/** Only ZCandidateQuestion's keys: correctAnswer and explanation cannot pass. */
export function projectQuestion(q: QuestionRow): TCandidateQuestion {
  return ZCandidateQuestion.parse({
    ...q,
    multiple: Array.isArray(q.correctAnswers) || undefined,
    // a written question says so (issue 25); its rubric is not a key of the projection
    kind: q.kind === 'text' ? 'text' : undefined,
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(s: string): boolean {
  return UUID.test(s);
}

/** The grades given to an attempt's written answers (issue 25), by question id. */
export async function gradesOf(db: Db, attemptId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ questionId: writtenGrades.questionId, score: writtenGrades.score })
    .from(writtenGrades)
    .where(eq(writtenGrades.attemptId, attemptId));
  return new Map(rows.map((r) => [r.questionId, r.score]));
}
