/**
 * Problem package import/export (Kattis/ICPC format, kattis.ts) on top of the editor's own validation:
 * an imported problem passes exactly the checks a problem typed into the editor passes.
 */
import { type TCodingProblem, ZCodingProblemInput } from '@assessly/shared';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { authorize } from '../../lib/policy';
import { parseInput } from '../../lib/validate';
import { seesHidden, WITHHELD_MESSAGE } from '../companies/hidden-access';
import { toEmployerProblem } from '../tests/tests.projections';
import { addProblem, requireManagedProblem } from './coding-problems.service';
import { fromKattis, PackageError, toKattis } from './kattis';
import { readZip, writeZip, ZipError } from './zip';

/** Data files become test case strings, which the schema caps at 1,000,000 characters. */
export const PACKAGE_LIMITS = { maxEntries: 1000, maxEntryBytes: 1_000_000, maxTotalBytes: 8 * 1024 * 1024 };
/**
 * Issue 23: what an imported problem may store (statement and every case), whatever the archive's size: a small
 * archive of repetitive data must not become tens of megabytes in the database.
 */
export const MAX_IMPORTED_PROBLEM_BYTES = 4 * 1024 * 1024;

function storedBytes(input: ReturnType<typeof fromKattis>): number {
  const cases = [...(input.examples ?? []), ...(input.testCases ?? [])];
  return (
    Buffer.byteLength(input.description ?? '') +
    cases.reduce((sum, c) => sum + Buffer.byteLength(c.input) + Buffer.byteLength(c.output), 0)
  );
}

export async function importPackage(
  db: Db,
  user: UserRow,
  zip: Buffer,
  testId: string | null,
): Promise<TCodingProblem> {
  authorize(user, 'tests.author');
  let input: ReturnType<typeof fromKattis>;
  try {
    input = fromKattis(readZip(zip, PACKAGE_LIMITS));
  } catch (err) {
    if (err instanceof ZipError || err instanceof PackageError) throw new AppError('PACKAGE_INVALID', err.message);
    throw err;
  }
  if (storedBytes(input) > MAX_IMPORTED_PROBLEM_BYTES) {
    throw new AppError(
      'PACKAGE_INVALID',
      `The problem's statement and cases come to more than ${MAX_IMPORTED_PROBLEM_BYTES / 1024 / 1024} MB`,
    );
  }
  return addProblem(db, user, parseInput(ZCodingProblemInput, { ...input, testId }));
}

export async function exportPackage(db: Db, user: UserRow, id: string): Promise<{ filename: string; zip: Buffer }> {
  const problem = toEmployerProblem(await requireManagedProblem(db, user, id));
  // A package holds every hidden case and the model solution: a reviewer the company keeps them from gets none.
  if (!(await seesHidden(db, user))) throw new AppError('FORBIDDEN', WITHHELD_MESSAGE);
  if (problem.kind === 'function')
    throw new AppError(
      'UNPROCESSABLE',
      'A function problem cannot be exported as a Kattis package: Kattis problems read stdin and print to stdout, and the format has no function signature',
    );
  if (problem.kind === 'sql')
    throw new AppError(
      'UNPROCESSABLE',
      'An SQL problem cannot be exported as a Kattis package: Kattis problems read stdin and print to stdout, and the format has no database schema',
    );
  const slug =
    problem.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'problem';
  return { filename: `${slug}.zip`, zip: writeZip(toKattis(problem)) };
}
