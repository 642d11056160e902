/**
 * Who reads a company's hidden test cases (inputs, expected outputs) and model solutions (issue 42). Owners, admins
 * and recruiters always do (they author them). Reviewers do only when the company's owners or admins turned on
 * `companies.reviewers_see_hidden` (off by default); otherwise every answer to a reviewer leaves them out: a problem
 * comes with no hidden cases and no solution (`withheld`, `hiddenCaseCount`), a judged result's hidden cases with
 * their verdict but no input or output, and a package export is refused. Changes are in the audit log.
 */
import type { TCodingProblem, TReviewerAccess, TReviewerAccessUpdate } from '@assessly/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { authorize, roleOf } from '../../lib/policy';
import { recordAudit } from '../audit/audit.service';

type Member = Pick<UserRow, 'role' | 'companyRole' | 'companyId'>;

/** The message a reviewer gets where a whole answer is refused (a package export). */
export const WITHHELD_MESSAGE =
  'Your company keeps hidden test cases and model solutions from reviewers (an owner or admin can change this in Settings → Company)';

async function reviewersSeeHidden(db: Db, companyId: string | null): Promise<boolean> {
  if (!companyId) return false;
  const [row] = await db
    .select({ on: companies.reviewersSeeHidden })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.on ?? false;
}

/** Does this employer read hidden cases and model solutions? Everyone but a reviewer of a company that says no. */
export async function seesHidden(db: Db, user: Member): Promise<boolean> {
  if (roleOf(user) !== 'reviewer') return true;
  return reviewersSeeHidden(db, user.companyId);
}

/** A problem without its hidden cases and model solution, saying so. */
export function withholdProblem(problem: TCodingProblem): TCodingProblem {
  return { ...problem, testCases: [], solution: '', withheld: true, hiddenCaseCount: problem.testCases.length };
}

/** The keys of a judged case that carry a hidden case's data (its input, what was expected, what the program did). */
const CASE_DATA = ['input', 'expectedOutput', 'output', 'actualOutput', 'stderr', 'message', 'testCase'] as const;

function isHiddenItem(raw: Record<string, unknown>): boolean {
  const nested = raw.testCase && typeof raw.testCase === 'object' ? (raw.testCase as Record<string, unknown>) : {};
  return raw.hidden === true || nested.hidden === true;
}

/** A judged result item: a hidden case keeps its verdict, time and memory, and loses its data (`withheld`). */
export function withholdResult<T>(item: T): T {
  if (!item || typeof item !== 'object') return item;
  const raw = item as Record<string, unknown>;
  if (!isHiddenItem(raw)) return item;
  const out: Record<string, unknown> = { ...raw, hidden: true, withheld: true };
  for (const key of CASE_DATA) delete out[key];
  return out as T;
}

/** A submission-like answer (results and the results re-judges replaced) with its hidden cases withheld. */
export function withholdSubmission<
  S extends { results: readonly unknown[]; judgeHistory?: readonly { results?: readonly unknown[] }[] },
>(s: S): S {
  return {
    ...s,
    results: s.results.map(withholdResult),
    ...(s.judgeHistory
      ? { judgeHistory: s.judgeHistory.map((h) => ({ ...h, results: (h.results ?? []).map(withholdResult) })) }
      : {}),
  };
}

function requireCompanyOf(user: Member & Pick<UserRow, 'id'>): string {
  if (!user.companyId) throw new AppError('NOT_FOUND', 'Company not found');
  return user.companyId;
}

/** GET /api/companies/me/reviewer-access: every member of the company reads the setting. */
export async function readReviewerAccess(db: Db, user: UserRow): Promise<TReviewerAccess> {
  const companyId = requireCompanyOf(user);
  const on = await reviewersSeeHidden(db, companyId);
  return { reviewersSeeHidden: on, youSeeHidden: roleOf(user) !== 'reviewer' || on };
}

/** PUT /api/companies/me/reviewer-access: owners and admins ('company.manage'); every change is audited. */
export async function saveReviewerAccess(
  db: Db,
  user: UserRow,
  input: TReviewerAccessUpdate,
  ip: string,
): Promise<TReviewerAccess> {
  authorize(user, 'company.manage');
  const companyId = requireCompanyOf(user);
  const was = await reviewersSeeHidden(db, companyId);
  await db.update(companies).set({ reviewersSeeHidden: input.reviewersSeeHidden }).where(eq(companies.id, companyId));
  await recordAudit(db, {
    companyId,
    actorId: user.id,
    action: 'company.reviewer_access_changed',
    targetType: 'company',
    targetId: companyId,
    ip,
    detail: { reviewersSeeHidden: input.reviewersSeeHidden, was },
  });
  return readReviewerAccess(db, user);
}
