/**
 * The problems or questions of a test in questionIds order, and their candidate projections (no hidden test
 * cases, no solution, no correctAnswer or explanation). Read straight from the tables so taking does not
 * depend on the authoring module's internals.
 */
import type { TCandidateProblem, TCandidateQuestion } from '@assessly/shared';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aptitudeQuestions, codingProblems, type ProblemRow, type QuestionRow, type TestRow } from '../../db/schema';

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

export function projectProblem(p: ProblemRow): TCandidateProblem {
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    marks: p.marks,
    examples: p.examples.map((e) => ({ input: e.input, output: e.output })),
    constraints: p.constraints,
    starterCode: p.starterCode,
    comparisonMode: p.comparisonMode,
    floatTolerance: p.floatTolerance,
  };
}

export function projectQuestion(q: QuestionRow): TCandidateQuestion {
  return { id: q.id, questionText: q.questionText, options: q.options, marks: q.marks };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(s: string): boolean {
  return UUID.test(s);
}
