/**
 * Frame retention (issue 17): proctoring frames (flags) and enrolment photos are kept for the company's frames
 * retention (company_retention.frames_days, set by a company admin under Settings — issue 14's data governance)
 * or, when the company set none, DEFAULT_RETENTION_DAYS (90), counted from when each frame was taken; then the
 * server's proctoring loop deletes them from the blob store. Event rows stay (time, rule, score, detail) with
 * frame_purged_at set. (Issue 14's daily purge also erases frames by test close when frames_days is set.)
 */
import { eq } from 'drizzle-orm';
import { companyRetention, faceEnrollments, proctoringEvents, type UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';

export const DEFAULT_RETENTION_DAYS = 90;
const BATCH = 200;

type Deps = Pick<AppDeps, 'db' | 'database' | 'clock' | 'blobs'>;

/** Deletes frames older than their company's retention; returns how many frames were deleted. */
export async function purgeExpiredFrames(deps: Deps): Promise<number> {
  const now = deps.clock.now().toISOString();
  const events = await deps.database.query<{ id: string; key: string }>(
    `SELECT pe.id, pe.frame_key AS key
       FROM proctoring_events pe
       JOIN attempts a ON a.id = pe.attempt_id
       JOIN tests t ON t.id = a.test_id
       LEFT JOIN company_retention cr ON cr.company_id = t.company_id
      WHERE pe.frame_key IS NOT NULL
        AND pe.occurred_at < $1::timestamptz - make_interval(days => coalesce(cr.frames_days, $2))
      LIMIT $3`,
    [now, DEFAULT_RETENTION_DAYS, BATCH],
  );
  for (const e of events) {
    await deps.blobs.delete(e.key).catch(() => {});
    await deps.db
      .update(proctoringEvents)
      .set({ frameKey: null, framePurgedAt: new Date(now) })
      .where(eq(proctoringEvents.id, e.id));
  }
  const photos = await deps.database.query<{ id: string; key: string }>(
    `SELECT fe.id, fe.frame_key AS key
       FROM face_enrollments fe
       LEFT JOIN tests t ON t.id = fe.test_id
       LEFT JOIN company_retention cr ON cr.company_id = t.company_id
      WHERE fe.frame_key IS NOT NULL
        AND fe.created_at < $1::timestamptz - make_interval(days => coalesce(cr.frames_days, $2))
      LIMIT $3`,
    [now, DEFAULT_RETENTION_DAYS, BATCH],
  );
  for (const p of photos) {
    await deps.blobs.delete(p.key).catch(() => {});
    await deps.db.update(faceEnrollments).set({ frameKey: null }).where(eq(faceEnrollments.id, p.id));
  }
  return events.length + photos.length;
}

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
