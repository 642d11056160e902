import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aptitudeQuestions, type NewQuestion, type QuestionRow, type UserRow } from '../../db/schema';
import { ownedBy } from '../tests/tests.access';

export async function findQuestion(db: Db, id: string): Promise<QuestionRow | null> {
  const [row] = await db.select().from(aptitudeQuestions).where(eq(aptitudeQuestions.id, id)).limit(1);
  return row ?? null;
}

export function findQuestionsByIds(db: Db, ids: string[]): Promise<QuestionRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(aptitudeQuestions).where(inArray(aptitudeQuestions.id, ids));
}

/** The tenant's question bank, newest first; optionally only those made for one test. */
export function listQuestionsOf(db: Db, user: UserRow, testId?: string): Promise<QuestionRow[]> {
  const owned = ownedBy(aptitudeQuestions, user);
  return db
    .select()
    .from(aptitudeQuestions)
    .where(testId ? and(owned, eq(aptitudeQuestions.testId, testId)) : owned)
    .orderBy(desc(aptitudeQuestions.createdAt))
    .limit(2000);
}

export async function insertQuestion(db: Db, values: NewQuestion): Promise<QuestionRow> {
  const [row] = await db.insert(aptitudeQuestions).values(values).returning();
  return row!;
}

export async function updateQuestion(db: Db, id: string, values: Partial<NewQuestion>): Promise<QuestionRow> {
  const [row] = await db
    .update(aptitudeQuestions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(aptitudeQuestions.id, id))
    .returning();
  return row!;
}

export async function deleteQuestion(db: Db, id: string): Promise<void> {
  await db.delete(aptitudeQuestions).where(eq(aptitudeQuestions.id, id));
}
