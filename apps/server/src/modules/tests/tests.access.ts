/**
 * Who may manage a test: an employer of the company that owns it (or its creator when it has no company).
 * Every authoring, dashboard and review call goes through here so tenancy is decided in one place.
 */
import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { preValidationAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { type TestRow, tests, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { type Action, authorize, sameTenant } from '../../lib/policy';

export function canManageTest(user: UserRow, test: Pick<TestRow, 'companyId' | 'createdBy'>): boolean {
  if (user.role !== 'employer') return false;
  return sameTenant(user, test);
}

export async function findTest(db: Db, id: string): Promise<TestRow | null> {
  const [row] = await db.select().from(tests).where(eq(tests.id, id)).limit(1);
  return row ?? null;
}

/**
 * The test if this employer's company owns it and their role allows `action` (lib/policy.ts);
 * 404 when it does not exist or belongs to another company, 403 naming the role when the role does not allow it.
 */
export async function requireManagedTest(
  db: Db,
  user: UserRow,
  id: string,
  action: Action = 'tests.read',
): Promise<TestRow> {
  if (user.role !== 'employer') authorize(user, action);
  const test = await findTest(db, id);
  if (!test || !canManageTest(user, test)) throw new AppError('TEST_NOT_FOUND', 'Test not found');
  authorize(user, action, test);
  return test;
}

const WRONG_TEST_TYPE: Record<TestRow['testType'], string> = {
  APTITUDE: 'Aptitude questions can only be added to an aptitude test',
  CODING: 'Coding problems can only be added to a coding test',
};

/** A test the employer may author, which must be of the type of the question or problem being added to it. */
export async function requireAuthoredTestOfType(
  db: Db,
  user: UserRow,
  id: string,
  testType: TestRow['testType'],
): Promise<TestRow> {
  const test = await requireManagedTest(db, user, id, 'tests.author');
  if (test.testType !== testType) throw new AppError('VALIDATION', WRONG_TEST_TYPE[testType]);
  return test;
}

/**
 * Whether this candidate has started a test that lists this question or problem. Candidates read questions and
 * problems only once their clock runs (the same rule as GET /api/tests/{id}/questions), never before starting or
 * for other tests.
 */
export async function isInStartedTest(db: Db, itemId: string, userId: string): Promise<boolean> {
  const r = await db.execute(sql`
    SELECT 1 FROM tests t JOIN attempts a ON a.test_id = t.id AND a.user_id = ${userId}::uuid
    WHERE t.question_ids @> jsonb_build_array(${itemId}::text) LIMIT 1`);
  const rows = Array.isArray(r) ? r : ((r as { rows?: unknown[] }).rows ?? []);
  return rows.length > 0;
}

/**
 * SQL condition "owned by this employer's tenant" for any table with company_id and created_by
 * (tests, aptitude_questions, coding_problems); the same rule as canManageTest.
 */
export function ownedBy(table: { companyId: AnyPgColumn; createdBy: AnyPgColumn }, user: UserRow): SQL {
  const byCreator = and(isNull(table.companyId), eq(table.createdBy, user.id))!;
  return user.companyId ? or(eq(table.companyId, user.companyId), byCreator)! : byCreator;
}

/** The `id` route parameter; a malformed id is simply something that does not exist (404). */
export function readIdParam(
  params: unknown,
  code: 'TEST_NOT_FOUND' | 'QUESTION_NOT_FOUND' | 'PROBLEM_NOT_FOUND',
  message: string,
): string {
  const id = (params as { id?: unknown } | null)?.id;
  if (typeof id !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
    throw new AppError(code, message);
  return id;
}

/** Route params of /:id routes; the id itself is checked by idGuard (a 404, not a 400). */
export const ZIdParam = z.object({ id: z.string() });

/**
 * preValidation hooks of an /:id route: the session guard, then the id check, so the answer order stays
 * 401/403, then 404 for a malformed id, then 400 for bad input (as when handlers called them in turn).
 */
export function idGuard(
  guard: preValidationAsyncHookHandler,
  code: 'TEST_NOT_FOUND' | 'QUESTION_NOT_FOUND' | 'PROBLEM_NOT_FOUND',
  message: string,
): preValidationAsyncHookHandler[] {
  return [guard, async (req) => void readIdParam(req.params, code, message)];
}
