import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { codingProblems, type NewProblem, type ProblemRow, type UserRow } from '../../db/schema';
import { ownedBy } from '../tests/tests.access';

export async function findProblem(db: Db, id: string): Promise<ProblemRow | null> {
  const [row] = await db.select().from(codingProblems).where(eq(codingProblems.id, id)).limit(1);
  return row ?? null;
}

export function findProblemsByIds(db: Db, ids: string[]): Promise<ProblemRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(codingProblems).where(inArray(codingProblems.id, ids));
}

/** The tenant's problem bank, newest first; optionally only those made for one test. */
export function listProblemsOf(db: Db, user: UserRow, testId?: string): Promise<ProblemRow[]> {
  const owned = ownedBy(codingProblems, user);
  return db
    .select()
    .from(codingProblems)
    .where(testId ? and(owned, eq(codingProblems.testId, testId)) : owned)
    .orderBy(desc(codingProblems.createdAt))
    .limit(2000);
}

export async function insertProblem(db: Db, values: NewProblem): Promise<ProblemRow> {
  const [row] = await db.insert(codingProblems).values(values).returning();
  return row!;
}

export async function updateProblem(db: Db, id: string, values: Partial<NewProblem>): Promise<ProblemRow> {
  const [row] = await db
    .update(codingProblems)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(codingProblems.id, id))
    .returning();
  return row!;
}

export async function deleteProblem(db: Db, id: string): Promise<void> {
  await db.delete(codingProblems).where(eq(codingProblems.id, id));
}

/**
 * Whether this candidate has started a test that lists this problem. Candidates read problems only once their
 * clock runs (the same rule as GET /api/tests/{id}/questions), never before starting or for other tests.
 */
export async function isProblemInStartedTest(db: Db, id: string, userId: string): Promise<boolean> {
  const r = await db.execute(sql`
    SELECT 1 FROM tests t JOIN attempts a ON a.test_id = t.id AND a.user_id = ${userId}::uuid
    WHERE t.question_ids @> jsonb_build_array(${id}::text) LIMIT 1`);
  const rows = Array.isArray(r) ? r : ((r as { rows?: unknown[] }).rows ?? []);
  return rows.length > 0;
}
