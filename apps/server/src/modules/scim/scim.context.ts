/** What every SCIM operation knows: the company of the bearer token, the base URL, the clock, the caller's address. */
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { recordAudit } from '../audit/audit.service';

export interface ScimContext {
  db: Db;
  clock: Clock;
  companyId: string;
  /** `${PUBLIC_URL}/scim/v2`: the base of every meta.location. */
  baseUrl: string;
  ip: string;
}

/** A weak ETag over the facts a resource shows (RFC 7644 §3.14: meta.version and the ETag header agree). */
export function weakEtag(...parts: unknown[]): string {
  return `W/"${createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 20)}"`;
}

/**
 * Every change through SCIM is in the audit log with its source (issue 45): no member acted, so no actor; the
 * entry says `source: "scim"`.
 */
export async function auditScim(
  ctx: ScimContext,
  db: Db,
  action: string,
  targetType: string,
  targetId: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await recordAudit(db, {
    companyId: ctx.companyId,
    actorId: null,
    action,
    targetType,
    targetId,
    ip: ctx.ip,
    detail: { source: 'scim', ...detail },
  });
}
