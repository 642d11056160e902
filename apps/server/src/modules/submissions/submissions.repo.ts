import type { TSubmissionQuery } from '@assessly/shared';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  codingProblems,
  type NewSubmission,
  type SubmissionRow,
  submissions,
  tests,
  type UserRow,
} from '../../db/schema';
import { ownedBy } from '../tests/tests.access';

export async function insertSubmission(db: Db, values: NewSubmission): Promise<SubmissionRow> {
  const [row] = await db.insert(submissions).values(values).returning();
  return row!;
}

export async function findSubmission(db: Db, id: string): Promise<SubmissionRow | null> {
  const [row] = await db.select().from(submissions).where(eq(submissions.id, id)).limit(1);
  return row ?? null;
}

/** `share`: inside a transaction, holds the row until commit so no edit can change it meanwhile (issue 23). */
export async function findProblem(db: Db, id: string, lock?: 'share') {
  const q = db.select().from(codingProblems).where(eq(codingProblems.id, id)).limit(1);
  const [row] = lock ? await q.for('share') : await q;
  return row ?? null;
}

function filters(q: TSubmissionQuery): SQL[] {
  const where: SQL[] = [];
  if (q.testId) where.push(eq(submissions.testId, q.testId));
  if (q.questionNumber !== undefined) where.push(eq(submissions.questionNumber, q.questionNumber));
  return where;
}

/** A candidate's own submissions, oldest first. */
export async function listOwnSubmissions(db: Db, userId: string, q: TSubmissionQuery): Promise<SubmissionRow[]> {
  return db
    .select()
    .from(submissions)
    .where(and(eq(submissions.userId, userId), ...filters(q)))
    .orderBy(asc(submissions.createdAt), asc(submissions.id))
    .limit(q.limit)
    .offset(q.offset);
}

/** Submissions to the tests this employer manages (the same rule as canManageTest), oldest first. */
export async function listManagedSubmissions(db: Db, employer: UserRow, q: TSubmissionQuery): Promise<SubmissionRow[]> {
  const where = [ownedBy(tests, employer), ...filters(q)];
  if (q.userId) where.push(eq(submissions.userId, q.userId));
  const rows = await db
    .select({ s: submissions })
    .from(submissions)
    .innerJoin(tests, eq(tests.id, submissions.testId))
    .where(and(...where))
    .orderBy(asc(submissions.createdAt), asc(submissions.id))
    .limit(q.limit)
    .offset(q.offset);
  return rows.map((r) => r.s);
}

/** Submissions of this user still waiting for a verdict. */
export async function countPendingForUser(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(submissions)
    .where(and(eq(submissions.userId, userId), inArray(submissions.status, ['queued', 'running'])));
  return Number(row?.n ?? 0);
}

/** The submission this user stored with this idempotency key, if any. */
export async function findByIdempotencyKey(db: Db, userId: string, key: string): Promise<SubmissionRow | null> {
  const [row] = await db
    .select()
    .from(submissions)
    .where(and(eq(submissions.userId, userId), eq(submissions.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}
