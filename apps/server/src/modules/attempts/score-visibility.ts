/**
 * Whether a candidate sees their score (issue 26): the company that owns the test chooses (Settings → Company,
 * companies.show_candidate_score; on by default). When it is off, every answer to the candidate leaves the
 * marks out (the take state's attempt score, each submission's score and maxScore); pass/fail of the cases
 * stays, as the feedback the test gives while it runs. A member of the owning company (a preview) always sees
 * the score.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, type TestRow, tests, type UserRow } from '../../db/schema';
import { isPreviewer } from './attempts.service';

export async function scoreHiddenFrom(
  db: Db,
  user: UserRow,
  test: Pick<TestRow, 'companyId' | 'createdBy'>,
): Promise<boolean> {
  if (!test.companyId || isPreviewer(user, test)) return false;
  const [row] = await db
    .select({ show: companies.showCandidateScore })
    .from(companies)
    .where(eq(companies.id, test.companyId))
    .limit(1);
  return row ? !row.show : false;
}

/** The tests (among these ids) whose score this user may not see. */
export async function testsHidingScoreFrom(db: Db, user: UserRow, testIds: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(testIds)];
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({
      id: tests.id,
      companyId: tests.companyId,
      createdBy: tests.createdBy,
      show: companies.showCandidateScore,
    })
    .from(tests)
    .innerJoin(companies, eq(companies.id, tests.companyId))
    .where(inArray(tests.id, ids));
  return new Set(rows.filter((r) => !r.show && !isPreviewer(user, r)).map((r) => r.id));
}
