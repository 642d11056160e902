/**
 * Retention: per company, how many days after a test closes (its end time, else the attempt's end) frames,
 * code and personal data are kept. The daily purge erases what expired and writes one audit entry per kind.
 * Frames have one rule for every company (issue 23): kept frames_days, or DEFAULT_RETENTION_DAYS when the
 * company set none (what the candidate is told before starting), counted from the same close; this is the only
 * frame purge.
 */
import type { TRetention } from '@assessly/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companyRetention } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../audit/audit.service';
import { purgeExpiredInterviews } from '../interviews/interviews.erasure';
import { DEFAULT_RETENTION_DAYS } from '../proctoring-events/retention';
import { deleteBlobs, detachAttempts, eraseCode, eraseFrames } from './erasure.core';

type Deps = Pick<AppDeps, 'db' | 'database' | 'clock' | 'blobs'>;
const DAY_MS = 86_400_000;
/** Attempts handled per company and kind in one pass; the next day's pass continues. */
const BATCH = 500;

export async function readRetention(db: Db, companyId: string): Promise<TRetention> {
  const [row] = await db.select().from(companyRetention).where(eq(companyRetention.companyId, companyId)).limit(1);
  return {
    framesDays: row?.framesDays ?? null,
    codeDays: row?.codeDays ?? null,
    personalDays: row?.personalDays ?? null,
  };
}

export async function saveRetention(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: { userId: string; companyId: string; ip: string },
  input: TRetention,
): Promise<TRetention> {
  const values = { ...input, updatedAt: deps.clock.now() };
  await deps.db
    .insert(companyRetention)
    .values({ companyId: actor.companyId, ...values })
    .onConflictDoUpdate({ target: companyRetention.companyId, set: values });
  await recordAudit(deps.db, {
    companyId: actor.companyId,
    actorId: actor.userId,
    action: 'retention.updated',
    targetType: 'company',
    targetId: actor.companyId,
    ip: actor.ip,
    detail: { ...input },
  });
  return input;
}

const CLOSED_AT = `coalesce(t.end_time, a.ended_at, a.deadline_at)`;

const EXPIRED_SQL = {
  frames: `EXISTS (SELECT 1 FROM proctoring_events e WHERE e.attempt_id = a.id AND e.frame_key IS NOT NULL)
           OR EXISTS (SELECT 1 FROM face_enrollments f WHERE f.attempt_id = a.id)`,
  code: `EXISTS (SELECT 1 FROM submissions s WHERE s.attempt_id = a.id AND s.code <> '')
         OR EXISTS (SELECT 1 FROM code_drafts d WHERE d.attempt_id = a.id)
         OR EXISTS (SELECT 1 FROM edit_streams es WHERE es.attempt_id = a.id)`,
  personal: `u.erased_at IS NULL`,
} as const;

async function expiredAttempts(deps: Deps, companyId: string, kind: keyof typeof EXPIRED_SQL, cutoff: Date) {
  return deps.database.query<{ id: string; userId: string }>(
    `SELECT a.id, a.user_id AS "userId" FROM attempts a
     JOIN tests t ON t.id = a.test_id JOIN users u ON u.id = a.user_id
     WHERE t.company_id = $1::uuid AND ${CLOSED_AT} < $2::timestamptz AND (${EXPIRED_SQL[kind]})
     LIMIT ${BATCH}`,
    [companyId, cutoff.toISOString()],
  );
}

/**
 * Frames of every company: an attempt's frames go frames_days (DEFAULT_RETENTION_DAYS when empty) after its test
 * closed; an enrolment photo never bound to an attempt goes that long after its test's end, else after it was
 * taken. Returns how many attempts (and unbound photos) were purged.
 */
export async function purgeExpiredFrames(deps: Deps, now = deps.clock.now()): Promise<number> {
  const keep = `make_interval(days => coalesce(cr.frames_days, $2))`;
  const rows = await deps.database.query<{ id: string; companyId: string | null; days: number }>(
    `SELECT a.id, t.company_id AS "companyId", coalesce(cr.frames_days, $2)::int AS days FROM attempts a
     JOIN tests t ON t.id = a.test_id
     LEFT JOIN company_retention cr ON cr.company_id = t.company_id
     WHERE ${CLOSED_AT} < $1::timestamptz - ${keep} AND (${EXPIRED_SQL.frames})
     LIMIT ${BATCH}`,
    [now.toISOString(), DEFAULT_RETENTION_DAYS],
  );
  const byCompany = new Map<string | null, { ids: string[]; days: number }>();
  for (const r of rows) {
    const entry = byCompany.get(r.companyId) ?? { ids: [], days: r.days };
    entry.ids.push(r.id);
    byCompany.set(r.companyId, entry);
  }
  for (const [companyId, { ids, days }] of byCompany) {
    const keys = await deps.db.transaction((tx) => eraseFrames(tx, ids, now));
    await deleteBlobs(deps.blobs, keys);
    if (!companyId) continue;
    await recordAudit(deps.db, {
      companyId,
      actorId: null,
      action: 'retention.purged',
      targetType: 'frames',
      targetId: '',
      detail: { kind: 'frames', attempts: ids.length, days },
    });
  }
  const unbound = await deps.database.query<{ id: string; key: string | null }>(
    `DELETE FROM face_enrollments WHERE id IN (
       SELECT fe.id FROM face_enrollments fe
       LEFT JOIN tests t ON t.id = fe.test_id
       LEFT JOIN company_retention cr ON cr.company_id = t.company_id
       WHERE fe.attempt_id IS NULL AND coalesce(t.end_time, fe.created_at) < $1::timestamptz - ${keep}
       LIMIT ${BATCH})
     RETURNING id, frame_key AS key`,
    [now.toISOString(), DEFAULT_RETENTION_DAYS],
  );
  await deleteBlobs(
    deps.blobs,
    unbound.map((u) => u.key).filter((k): k is string => !!k),
  );
  return rows.length + unbound.length;
}

/** One purge pass: frames of every company, then what each company's settings expire; returns counts per kind. */
export async function purgeExpired(deps: Deps): Promise<{ frames: number; code: number; personal: number }> {
  const now = deps.clock.now();
  const totals = { frames: await purgeExpiredFrames(deps, now), code: 0, personal: 0 };
  const settings = await deps.db.select().from(companyRetention);
  for (const s of settings) {
    const iv = await purgeExpiredInterviews(deps.db, s, now);
    if (iv.code + iv.personal > 0) {
      await recordAudit(deps.db, {
        companyId: s.companyId,
        actorId: null,
        action: 'retention.purged',
        targetType: 'interviews',
        targetId: '',
        detail: { interviewUpdates: iv.code, interviews: iv.personal },
      });
    }
    const kinds = [
      ['code', s.codeDays],
      ['personal', s.personalDays],
    ] as const;
    for (const [kind, days] of kinds) {
      if (days == null) continue;
      const rows = await expiredAttempts(deps, s.companyId, kind, new Date(now.getTime() - days * DAY_MS));
      if (rows.length === 0) continue;
      const ids = rows.map((r) => r.id);
      const keys = await deps.db.transaction(async (tx) => {
        if (kind === 'code') {
          await eraseCode(tx, ids);
          return [];
        }
        // Personal data: each candidate's results of this company move to an anonymous stand-in.
        const byUser = new Map<string, string[]>();
        for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r.id]);
        for (const [userId, attemptIds] of byUser) await detachAttempts(tx, userId, attemptIds, now);
        return [];
      });
      await deleteBlobs(deps.blobs, keys);
      totals[kind] += ids.length;
      await recordAudit(deps.db, {
        companyId: s.companyId,
        actorId: null,
        action: 'retention.purged',
        targetType: kind,
        targetId: '',
        detail: { kind, attempts: ids.length, days },
      });
    }
  }
  return totals;
}
