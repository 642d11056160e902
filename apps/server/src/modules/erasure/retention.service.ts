/**
 * Retention: per company, how many days after a test closes (its end time, else the attempt's end) frames,
 * code and personal data are kept. The daily purge erases what expired and writes one audit entry per kind.
 */
import type { TRetention } from '@assessly/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companyRetention } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../audit/audit.service';
import { purgeExpiredInterviews } from '../interviews/interviews.erasure';
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

/** One purge pass over every company with retention settings; returns counts per kind. */
export async function purgeExpired(deps: Deps): Promise<{ frames: number; code: number; personal: number }> {
  const totals = { frames: 0, code: 0, personal: 0 };
  const settings = await deps.db.select().from(companyRetention);
  const now = deps.clock.now();
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
      ['frames', s.framesDays],
      ['code', s.codeDays],
      ['personal', s.personalDays],
    ] as const;
    for (const [kind, days] of kinds) {
      if (days == null) continue;
      const rows = await expiredAttempts(deps, s.companyId, kind, new Date(now.getTime() - days * DAY_MS));
      if (rows.length === 0) continue;
      const ids = rows.map((r) => r.id);
      const keys = await deps.db.transaction(async (tx) => {
        if (kind === 'frames') return eraseFrames(tx, ids, now);
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
