/**
 * Frame retention (issue 17): proctoring frames (flags) and enrolment photos are kept for the company's frames
 * retention (company_retention.frames_days, set by a company admin under Settings — issue 14's data governance)
 * or, when the company set none, DEFAULT_RETENTION_DAYS (90), counted from when the test closed. The one purge
 * is the daily retention purge (erasure/retention.service.ts, purgeExpiredFrames; issue 23 merged the two that
 * counted from different moments). Event rows stay (time, rule, score, detail) with frame_purged_at set.
 */
import { eq } from 'drizzle-orm';
import { companyRetention, type UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';

export const DEFAULT_RETENTION_DAYS = 90;

/** The frames retention in days of a company (what the entry step tells the candidate, and what the purge uses). */
export async function retentionForTest(deps: Pick<AppDeps, 'db'>, companyId: string | null): Promise<number> {
  if (!companyId) return DEFAULT_RETENTION_DAYS;
  const [row] = await deps.db
    .select({ days: companyRetention.framesDays })
    .from(companyRetention)
    .where(eq(companyRetention.companyId, companyId));
  return row?.days ?? DEFAULT_RETENTION_DAYS;
}

/** GET /api/proctoring/retention: the employer's company's frames retention in days. */
export async function readRetention(deps: Pick<AppDeps, 'db'>, user: UserRow) {
  if (!user.companyId) throw new AppError('FORBIDDEN', 'Only members of a company can read its settings');
  return { days: await retentionForTest(deps, user.companyId) };
}
