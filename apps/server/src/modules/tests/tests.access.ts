/**
 * Who may manage a test: an employer of the company that owns it (or its creator when it has no company).
 * Every authoring, dashboard and review call goes through here so tenancy is decided in one place.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tests } from '../../db/schema';
import type { UserRow } from '../../lib/auth';
import { AppError } from '../../lib/errors';

export type TestRow = typeof tests.$inferSelect;

export function canManageTest(user: UserRow, test: Pick<TestRow, 'companyId' | 'createdBy'>): boolean {
  if (user.role !== 'employer') return false;
  if (test.companyId) return user.companyId === test.companyId;
  return test.createdBy === user.id;
}

export async function findTest(db: Db, id: string): Promise<TestRow | null> {
  const [row] = await db.select().from(tests).where(eq(tests.id, id)).limit(1);
  return row ?? null;
}

/** The test if this employer may manage it; 404 when it does not exist or belongs to another company. */
export async function requireManagedTest(db: Db, user: UserRow, id: string): Promise<TestRow> {
  if (user.role !== 'employer') throw new AppError('FORBIDDEN', 'Only employers can do this');
  const test = await findTest(db, id);
  if (!test || !canManageTest(user, test)) throw new AppError('TEST_NOT_FOUND', 'Test not found');
  return test;
}
