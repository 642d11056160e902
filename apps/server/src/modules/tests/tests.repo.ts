import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  aptitudeQuestions,
  codingProblems,
  type NewTest,
  type TestRow,
  tests,
  type UserRow,
  users,
} from '../../db/schema';
import { syncTestTotals } from './test-totals';
import { ownedBy } from './tests.access';

/** Preview attempts (a company member taking its own test) and their submissions are not candidates. */
const notPreview = sql.raw(
  'NOT EXISTS (SELECT 1 FROM attempts pa WHERE pa.test_id = s.test_id AND pa.user_id = s.user_id AND pa.is_preview)',
);

/** Rows of a raw db.execute(): node-postgres answers { rows }, PGlite an array or { rows }. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

export async function insertTest(db: Db, values: NewTest): Promise<TestRow> {
  const [row] = await db.insert(tests).values(values).returning();
  return row!;
}

/** The tenant's tests, newest first, with the creator's email (the "Created By" label). */
export async function listTestsOf(db: Db, user: UserRow) {
  return db
    .select({ test: tests, email: users.email })
    .from(tests)
    .leftJoin(users, eq(users.id, tests.createdBy))
    .where(ownedBy(tests, user))
    .orderBy(desc(tests.createdAt));
}

export async function findCreatorEmail(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email ?? null;
}

/**
 * Updates a test and bumps its version. With `expectedVersion` the update only happens when the row still
 * has that version (optimistic concurrency); null means someone else changed it first.
 */
export async function updateTestRow(
  db: Db,
  id: string,
  values: Partial<NewTest>,
  expectedVersion?: number,
): Promise<TestRow | null> {
  const where =
    expectedVersion === undefined ? eq(tests.id, id) : and(eq(tests.id, id), eq(tests.version, expectedVersion));
  const [row] = await db
    .update(tests)
    .set({ ...values, version: sql`${tests.version} + 1`, updatedAt: new Date() })
    .where(where)
    .returning();
  return row ?? null;
}

/**
 * Deletes a test with the questions and problems that belong only to it: made for it (test_id) or taken
 * from the bank without a test of their own, and not used by any other test.
 */
export async function deleteTestCascade(db: Db, test: TestRow): Promise<void> {
  await db.transaction(async (tx) => {
    const ids = test.questionIds;
    for (const table of ['aptitude_questions', 'coding_problems'] as const) {
      await tx.execute(sql`
        DELETE FROM ${sql.identifier(table)} q
        WHERE (q.test_id = ${test.id} OR (q.test_id IS NULL AND q.id::text IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))))
          AND NOT EXISTS (
            SELECT 1 FROM tests t WHERE t.id <> ${test.id}
              AND (t.question_ids @> jsonb_build_array(q.id::text) OR t.written_question_ids @> jsonb_build_array(q.id::text))
          )`);
    }
    await tx.delete(tests).where(eq(tests.id, test.id));
  });
}

/** Removes a deleted question or problem from every test that lists it (each such test gets a new version). */
export async function unlinkQuestionEverywhere(db: Db, questionId: string): Promise<void> {
  const unlinked = rowsOf<{ id: string }>(
    await db.execute(sql`
      UPDATE tests SET question_ids = question_ids - ${questionId}::text,
        written_question_ids = written_question_ids - ${questionId}::text, version = version + 1, updated_at = now()
      WHERE question_ids @> jsonb_build_array(${questionId}::text)
         OR written_question_ids @> jsonb_build_array(${questionId}::text) RETURNING id`),
  );
  // their totals follow the questions left (issue 46)
  await syncTestTotals(db, { testIds: unlinked.map((r) => r.id) });
}

export async function sumMarks(db: Db, testType: 'APTITUDE' | 'CODING', ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const table = testType === 'APTITUDE' ? aptitudeQuestions : codingProblems;
  const rows = await db.select({ id: table.id, marks: table.marks }).from(table).where(inArray(table.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r.marks]));
  return ids.reduce((s, id) => s + (byId.get(id) ?? 0), 0);
}

/** The dashboard's four numbers, counted in the database. */
export async function countStats(db: Db, user: UserRow) {
  const owned = ownedBy(tests, user);
  const [counts] = await db
    .select({
      totalTests: sql<number>`count(*)::int`,
      aptitudeTests: sql<number>`(count(*) FILTER (WHERE ${tests.testType} = 'APTITUDE'))::int`,
      codingTests: sql<number>`(count(*) FILTER (WHERE ${tests.testType} = 'CODING'))::int`,
    })
    .from(tests)
    .where(owned);
  const [cand] = rowsOf<{ n: number }>(
    await db.execute(sql`
      SELECT count(DISTINCT x.user_id)::int AS n FROM (
        SELECT a.user_id FROM attempts a WHERE NOT a.is_preview AND a.test_id IN (SELECT ${tests.id} FROM ${tests} WHERE ${owned})
        UNION
        SELECT s.user_id FROM submissions s WHERE ${notPreview} AND s.test_id IN (SELECT ${tests.id} FROM ${tests} WHERE ${owned})
      ) x`),
  );
  return {
    totalTests: Number(counts?.totalTests ?? 0),
    aptitudeTests: Number(counts?.aptitudeTests ?? 0),
    codingTests: Number(counts?.codingTests ?? 0),
    candidates: Number(cand?.n ?? 0),
  };
}

/** Candidates who attempted or submitted to the tenant's tests, with how many tests and their last activity. */
export async function listCandidates(db: Db, user: UserRow) {
  const owned = ownedBy(tests, user);
  return rowsOf<{
    id: string;
    email: string;
    first_name: string;
    last_name: string;
    tests: number;
    last_activity: string | Date;
  }>(
    await db.execute(sql`
      SELECT u.id, u.email, u.first_name, u.last_name, count(DISTINCT x.test_id)::int AS tests, max(x.at) AS last_activity
      FROM (
        SELECT a.user_id, a.test_id, a.started_at AS at FROM attempts a WHERE NOT a.is_preview AND a.test_id IN (SELECT ${tests.id} FROM ${tests} WHERE ${owned})
        UNION ALL
        SELECT s.user_id, s.test_id, s.created_at AS at FROM submissions s WHERE ${notPreview} AND s.test_id IN (SELECT ${tests.id} FROM ${tests} WHERE ${owned})
      ) x JOIN users u ON u.id = x.user_id
      GROUP BY u.id, u.email, u.first_name, u.last_name
      ORDER BY max(x.at) DESC
      LIMIT 500`),
  );
}
