/**
 * Sending results back to an ATS (issue 45) the way webhook deliveries are sent: ats_deliveries is the queue
 * (rows leased with locked_until, so several API processes never send one twice at once), each try has the
 * webhooks' 10 s deadline, SSRF guard and 2 KB answer log, and failures are retried on the webhooks' schedule for
 * a day. A 2xx answer is delivered; a 4xx other than 408/429 is a refusal that retrying cannot change, so the
 * delivery fails at once (the log shows the vendor's answer).
 */

import type { TAtsDelivery } from '@assessly/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type AtsDeliveryRow, atsConnections, atsDeliveries, atsOrders } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { postSigned, RETRY_DELAYS_MS, RETRY_WINDOW_MS } from '../webhooks/webhooks.delivery';
import { openSecrets } from './ats.connections';
import { authorizationFor } from './ats.vendors';

const LEASE_MS = 60_000;

export interface AtsDeliveryDeps {
  db: Db;
  clock: Clock;
  allowPrivate: boolean;
  secretsKey: string;
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

async function claimDue(deps: AtsDeliveryDeps, limit: number): Promise<{ id: string }[]> {
  const now = deps.clock.now().toISOString();
  const leaseUntil = new Date(deps.clock.now().getTime() + LEASE_MS).toISOString();
  const free = sql`(locked_until IS NULL OR locked_until < ${now}::timestamptz)`;
  return rowsOf<{ id: string }>(
    await deps.db.execute(sql`
      UPDATE ats_deliveries SET locked_until = ${leaseUntil}::timestamptz
      WHERE id IN (SELECT id FROM ats_deliveries
                   WHERE status = 'pending' AND next_attempt_at <= ${now}::timestamptz AND ${free}
                   ORDER BY next_attempt_at LIMIT ${limit})
        AND status = 'pending' AND ${free}
      RETURNING id`),
  );
}

/** Sends every due delivery once; returns how many were attempted. */
export async function runDueAtsDeliveries(deps: AtsDeliveryDeps, limit = 20): Promise<number> {
  const claimed = await claimDue(deps, limit);
  for (const { id } of claimed) {
    const [d] = await deps.db.select().from(atsDeliveries).where(eq(atsDeliveries.id, id)).limit(1);
    if (d) await attempt(deps, d);
  }
  return claimed.length;
}

async function attempt(deps: AtsDeliveryDeps, d: AtsDeliveryRow) {
  const now = deps.clock.now();
  const [conn] = await deps.db
    .select()
    .from(atsConnections)
    .where(sql`${atsConnections.companyId} = ${d.companyId} AND ${atsConnections.vendor} = ${d.vendor}`)
    .limit(1);
  const authorization = conn ? authorizationFor(d.vendor, openSecrets(deps.secretsKey, conn)) : null;
  if (!conn?.enabled || !authorization) {
    await deps.db
      .update(atsDeliveries)
      .set({
        status: 'failed',
        attempts: d.attempts + 1,
        lastAttemptAt: now,
        error: !conn ? 'Connection deleted' : !conn.enabled ? 'Connection disabled' : 'No API key configured',
        lockedUntil: null,
      })
      .where(eq(atsDeliveries.id, d.id));
    return;
  }
  const result = await postSigned(
    d.url,
    d.body,
    { 'user-agent': 'Assessly-ATS/1', accept: 'application/json', authorization, 'idempotency-key': d.id },
    deps.allowPrivate,
    d.method,
  );
  const attempts = d.attempts + 1;
  const status = result.status;
  const ok = status !== null && status >= 200 && status < 300;
  const refused = status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429;
  const delay = RETRY_DELAYS_MS[Math.min(attempts - 1, RETRY_DELAYS_MS.length - 1)]!;
  const next = new Date(now.getTime() + delay);
  const expired = next.getTime() > d.createdAt.getTime() + RETRY_WINDOW_MS;
  await deps.db
    .update(atsDeliveries)
    .set({
      attempts,
      lastAttemptAt: now,
      responseStatus: status,
      responseBody: result.body,
      error: result.error ?? (ok ? null : `HTTP ${status}`),
      status: ok ? 'delivered' : refused || expired ? 'failed' : 'pending',
      nextAttemptAt: next,
      lockedUntil: null,
    })
    .where(eq(atsDeliveries.id, d.id));
}

/** The company's newest 100 ATS deliveries, with what the vendor answered. */
export async function listAtsDeliveries(db: Db, companyId: string): Promise<TAtsDelivery[]> {
  const rows = await db
    .select({ d: atsDeliveries, email: atsOrders.email })
    .from(atsDeliveries)
    .innerJoin(atsOrders, eq(atsOrders.id, atsDeliveries.orderId))
    .where(eq(atsDeliveries.companyId, companyId))
    .orderBy(desc(atsDeliveries.createdAt), desc(atsDeliveries.id))
    .limit(100);
  return rows.map(({ d, email }) => ({
    id: d.id,
    vendor: d.vendor,
    kind: d.kind,
    orderId: d.orderId,
    email,
    method: d.method,
    url: d.url,
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
    lastAttemptAt: d.lastAttemptAt?.toISOString() ?? null,
    responseStatus: d.responseStatus,
    responseBody: d.responseBody,
    error: d.error,
    body: d.body,
    createdAt: d.createdAt.toISOString(),
  }));
}
