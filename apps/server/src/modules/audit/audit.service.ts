/**
 * The audit log: who did what to which object, when, and from which address. Every security-relevant
 * action calls recordAudit (directly, or through the route table in audit.hooks.ts). Owners read it.
 */
import type { TAuditEntry, TAuditPage } from '@assessly/shared';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type AuditRow, auditLog, users } from '../../db/schema';
import { toCsv } from '../review/csv';

export interface AuditInput {
  companyId: string | null;
  actorId: string | null;
  action: string;
  targetType?: string;
  targetId?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
}

/** Records one audit entry. Never throws into the caller's flow for a logging failure it cannot fix. */
export async function recordAudit(db: Db, input: AuditInput): Promise<void> {
  await db.insert(auditLog).values({
    companyId: input.companyId,
    actorId: input.actorId,
    action: input.action,
    targetType: input.targetType ?? '',
    targetId: input.targetId ?? '',
    ip: input.ip ?? '',
    detail: input.detail ?? {},
  });
}

function toEntry(r: { a: AuditRow; email: string | null }): TAuditEntry {
  return {
    id: r.a.id,
    action: r.a.action,
    actorId: r.a.actorId,
    actorEmail: r.email,
    targetType: r.a.targetType,
    targetId: r.a.targetId,
    ip: r.a.ip,
    detail: r.a.detail,
    createdAt: r.a.createdAt.toISOString(),
  };
}

/** One page of a company's audit log, newest first. */
export async function listAudit(
  db: Db,
  companyId: string,
  q: { page: number; pageSize: number; action?: string },
): Promise<TAuditPage> {
  const where = q.action
    ? and(eq(auditLog.companyId, companyId), eq(auditLog.action, q.action))
    : eq(auditLog.companyId, companyId);
  const rows = await db
    .select({ a: auditLog, email: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  return { entries: rows.map(toEntry), page: q.page, pageSize: q.pageSize, total: Number(total?.n ?? 0) };
}

/** The whole log as CSV (cells guarded against formula injection), capped to keep the answer bounded. */
export async function exportAuditCsv(db: Db, companyId: string, max = 50_000): Promise<string> {
  const rows = await db
    .select({ a: auditLog, email: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(eq(auditLog.companyId, companyId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(max);
  return toCsv(
    ['time', 'action', 'actor_id', 'actor_email', 'target_type', 'target_id', 'ip', 'detail'],
    rows
      .map(toEntry)
      .map((e) => [
        e.createdAt,
        e.action,
        e.actorId,
        e.actorEmail,
        e.targetType,
        e.targetId,
        e.ip,
        JSON.stringify(e.detail),
      ]),
  );
}
