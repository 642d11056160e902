import { and, desc, eq, inArray } from 'drizzle-orm';
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
