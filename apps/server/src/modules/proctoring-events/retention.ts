/**
 * Frame retention (issue 17): proctoring frames (flags) and enrolment photos are kept for the company's
 * retention period (companies.frame_retention_days, default 90) and then deleted from the blob store by the
 * server's proctoring loop. The event rows stay (time, rule, score, detail) with frame_purged_at set.
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app';
import { companies, faceEnrollments, proctoringEvents } from '../../db/schema';
import type { UserRow } from '../../lib/auth';
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
       LEFT JOIN companies c ON c.id = t.company_id
      WHERE pe.frame_key IS NOT NULL
        AND pe.occurred_at < $1::timestamptz - make_interval(days => coalesce(c.frame_retention_days, $2))
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
       LEFT JOIN companies c ON c.id = t.company_id
      WHERE fe.frame_key IS NOT NULL
        AND fe.created_at < $1::timestamptz - make_interval(days => coalesce(c.frame_retention_days, $2))
      LIMIT $3`,
    [now, DEFAULT_RETENTION_DAYS, BATCH],
  );
  for (const p of photos) {
    await deps.blobs.delete(p.key).catch(() => {});
    await deps.db.update(faceEnrollments).set({ frameKey: null }).where(eq(faceEnrollments.id, p.id));
  }
  return events.length + photos.length;
}

function requireCompany(user: UserRow): string {
  if (!user.companyId) throw new AppError('FORBIDDEN', 'Only members of a company can manage its settings');
  return user.companyId;
}

export async function readRetention(deps: Pick<AppDeps, 'db'>, user: UserRow) {
  const [row] = await deps.db
    .select({ days: companies.frameRetentionDays })
    .from(companies)
    .where(eq(companies.id, requireCompany(user)));
  return { days: row?.days ?? DEFAULT_RETENTION_DAYS };
}

/** Company admins only (recruiters read it). */
export async function updateRetention(deps: Pick<AppDeps, 'db'>, user: UserRow, days: number) {
  const companyId = requireCompany(user);
  if (user.companyRole !== 'admin')
    throw new AppError('FORBIDDEN', 'Only a company admin can change how long proctoring frames are kept');
  await deps.db.update(companies).set({ frameRetentionDays: days }).where(eq(companies.id, companyId));
  return { days };
}

/** The retention of the company owning a test (what the entry step tells the candidate). */
export async function retentionForTest(deps: Pick<AppDeps, 'db'>, companyId: string | null): Promise<number> {
  if (!companyId) return DEFAULT_RETENTION_DAYS;
  const [row] = await deps.db
    .select({ days: companies.frameRetentionDays })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.days ?? DEFAULT_RETENTION_DAYS;
}
