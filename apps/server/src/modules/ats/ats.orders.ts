/**
 * Tests ordered by an ATS (issue 45). An order is one invite-only test for one candidate's email: the candidate gets
 * the normal invitation (modules/invitations), and when their attempt is complete the result is queued once per
 * order and kind (ats_deliveries) for the vendor's callback. A repeated order (the same external key) answers the
 * first one and invites nobody again. Every change here is in the audit log with `source: "ats"`.
 */
import type { TAtsVendor } from '@assessly/shared';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Db } from '../../db/client';
import { type AtsOrderRow, atsDeliveries, atsOrders, type TestRow, tests } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../audit/audit.service';
import { inviteForIntegration } from '../invitations/invitations.service';
import { MAX_EXPR, SCORE_EXPR, SCORE_LATERALS } from '../review/review.repo';
import { isPass } from '../review/review.service';
import { resultDeliveries } from './ats.vendors';

type Deps = Pick<AppDeps, 'db' | 'database' | 'clock' | 'mailer' | 'config'>;

/** Why an order is refused; each vendor's routes answer it in that vendor's error shape. */
export class AtsRefusal extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 409 | 422 | 502,
    message: string,
  ) {
    super(message);
  }
}

const ZEmail = z.string().trim().toLowerCase().email().max(254);

/** The company's tests an ATS may order: invite-only and active. */
export async function orderableTests(db: Db, companyId: string): Promise<Pick<TestRow, 'id' | 'testName'>[]> {
  return db
    .select({ id: tests.id, testName: tests.testName })
    .from(tests)
    .where(and(eq(tests.companyId, companyId), eq(tests.access, 'invited'), eq(tests.isActive, true)))
    .orderBy(tests.testName);
}

async function orderableTest(db: Db, companyId: string, testId: string): Promise<TestRow> {
  if (!z.string().uuid().safeParse(testId).success) throw new AtsRefusal(404, `Unknown test ${testId.slice(0, 60)}`);
  const [test] = await db.select().from(tests).where(eq(tests.id, testId)).limit(1);
  if (!test || test.companyId !== companyId || test.access !== 'invited' || !test.isActive)
    throw new AtsRefusal(404, `Unknown test ${testId}`);
  return test;
}

export interface OrderInput {
  companyId: string;
  vendor: TAtsVendor;
  /** What makes a repeated order the same one (a callback URL, an Ashby application and assessment). */
  externalKey: string;
  testId: string;
  email: string;
  callbackUrl: string | null;
  context: Record<string, string | null>;
  ip: string;
}

/** Places an order (or finds the same earlier one). Returns the order and whether it is new. */
export async function placeOrder(deps: Deps, input: OrderInput): Promise<{ order: AtsOrderRow; created: boolean }> {
  const test = await orderableTest(deps.db, input.companyId, input.testId);
  const email = ZEmail.safeParse(input.email);
  if (!email.success) throw new AtsRefusal(422, 'The candidate has no valid email address');
  const [existing] = await deps.db
    .select()
    .from(atsOrders)
    .where(
      and(
        eq(atsOrders.companyId, input.companyId),
        eq(atsOrders.vendor, input.vendor),
        eq(atsOrders.externalKey, input.externalKey),
      ),
    )
    .limit(1);
  // An order whose invitation failed (the mail server was down) is invited again when the ATS repeats it.
  // (After a minute: a repeat racing the first call must not mail twice while the first is still sending.)
  if (
    existing?.invitationId === null &&
    existing.status === 'sent' &&
    existing.createdAt.getTime() < deps.clock.now().getTime() - 60_000
  ) {
    const invitationId = await inviteForIntegration(deps, test, existing.email);
    const [order] = await deps.db
      .update(atsOrders)
      .set({ invitationId })
      .where(eq(atsOrders.id, existing.id))
      .returning();
    return { order: order!, created: false };
  }
  if (existing) return { order: existing, created: false };
  const [row] = await deps.db
    .insert(atsOrders)
    .values({
      companyId: input.companyId,
      vendor: input.vendor,
      externalKey: input.externalKey,
      testId: test.id,
      email: email.data,
      callbackUrl: input.callbackUrl,
      context: input.context,
      createdAt: deps.clock.now(),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    // a concurrent identical order won the insert
    const [winner] = await deps.db
      .select()
      .from(atsOrders)
      .where(
        and(
          eq(atsOrders.companyId, input.companyId),
          eq(atsOrders.vendor, input.vendor),
          eq(atsOrders.externalKey, input.externalKey),
        ),
      )
      .limit(1);
    return { order: winner!, created: false };
  }
  const invitationId = await inviteForIntegration(deps, test, email.data);
  const [order] = await deps.db.update(atsOrders).set({ invitationId }).where(eq(atsOrders.id, row.id)).returning();
  await recordAudit(deps.db, {
    companyId: input.companyId,
    actorId: null,
    action: 'ats.test_sent',
    targetType: 'ats_order',
    targetId: row.id,
    ip: input.ip,
    detail: { source: 'ats', vendor: input.vendor, testId: test.id, email: email.data, invitationId },
  });
  return { order: order!, created: true };
}

export async function findOrder(db: Db, companyId: string, vendor: TAtsVendor, id: string) {
  if (!z.string().uuid().safeParse(id).success) return null;
  const [row] = await db
    .select()
    .from(atsOrders)
    .where(and(eq(atsOrders.id, id), eq(atsOrders.companyId, companyId), eq(atsOrders.vendor, vendor)))
    .limit(1);
  return row ?? null;
}

/** Cancels an open order (Ashby's assessment.cancel). The invitation stays; no result is sent back. */
export async function cancelOrder(deps: Deps, order: AtsOrderRow, ip: string, reason: string | null) {
  if (order.status !== 'sent') return false;
  const [done] = await deps.db
    .update(atsOrders)
    .set({ status: 'cancelled' })
    .where(and(eq(atsOrders.id, order.id), eq(atsOrders.status, 'sent')))
    .returning({ id: atsOrders.id });
  if (!done) return false;
  await recordAudit(deps.db, {
    companyId: order.companyId,
    actorId: null,
    action: 'ats.test_cancelled',
    targetType: 'ats_order',
    targetId: order.id,
    ip,
    detail: { source: 'ats', vendor: order.vendor, reason },
  });
  return true;
}

/** Whether the candidate of an open order has started (for a status read). */
export async function orderStarted(database: Database, order: AtsOrderRow): Promise<boolean> {
  const rows = await database.query<{ n: number }>(
    `SELECT 1 AS n FROM attempts a JOIN users u ON u.id = a.user_id
     WHERE a.test_id = $1 AND lower(u.email) = $2 AND NOT a.is_preview LIMIT 1`,
    [order.testId, order.email],
  );
  return rows.length > 0;
}

export function reportUrlOf(publicUrl: string, attemptId: string) {
  return `${publicUrl}/admin/reports/${attemptId}`;
}

interface Completion {
  orderId: string;
  attemptId: string;
  testName: string;
  score: number | null;
  maxScore: number | null;
  passingMarks: number;
  totalMarks: number;
}

/**
 * Finds open orders whose candidate's attempt is complete (ended, finalised, nothing being judged, nothing awaiting
 * grading: the rule of attempt.completed webhooks), marks them completed and queues their result deliveries.
 * Safe on several servers: the status change is the claim, and deliveries are unique per order and kind.
 */
export async function scanCompletions(deps: Deps, limit = 100): Promise<number> {
  const found = await deps.database.query<Completion>(
    `SELECT o.id AS "orderId", a.id AS "attemptId", t.test_name AS "testName",
            ${SCORE_EXPR} AS score, ${MAX_EXPR} AS "maxScore", t.passing_marks AS "passingMarks",
            t.total_marks AS "totalMarks"
     FROM ats_orders o
     JOIN tests t ON t.id = o.test_id
     JOIN users u ON lower(u.email) = o.email
     JOIN attempts a ON a.test_id = o.test_id AND a.user_id = u.id AND NOT a.is_preview
          AND a.finalized_at IS NOT NULL AND NOT a.awaiting_grading
     ${SCORE_LATERALS}
     WHERE o.status = 'sent'
       AND NOT EXISTS (SELECT 1 FROM submissions s WHERE s.test_id = a.test_id AND s.user_id = a.user_id
                       AND s.status IN ('queued', 'running'))
     LIMIT ${limit}`,
  );
  let queued = 0;
  for (const c of found) {
    const score = c.score ?? 0;
    const maxScore = c.maxScore ?? 0;
    const passed = isPass(score, maxScore, c);
    const now = deps.clock.now();
    const [order] = await deps.db
      .update(atsOrders)
      .set({ status: 'completed', attemptId: c.attemptId, score, maxScore, passed, completedAt: now })
      .where(and(eq(atsOrders.id, c.orderId), eq(atsOrders.status, 'sent')))
      .returning();
    if (!order) continue;
    const planned = await resultDeliveries(deps, order, {
      testName: c.testName,
      reportUrl: reportUrlOf(deps.config.publicUrl, c.attemptId),
    });
    if (planned.length > 0) {
      const rows = await deps.db
        .insert(atsDeliveries)
        .values(
          planned.map((p) => ({
            companyId: order.companyId,
            orderId: order.id,
            vendor: order.vendor,
            kind: p.kind,
            method: p.method,
            url: p.url,
            body: p.body,
            nextAttemptAt: now,
            createdAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: atsDeliveries.id });
      queued += rows.length;
    }
    await recordAudit(deps.db, {
      companyId: order.companyId,
      actorId: null,
      action: 'ats.result_queued',
      targetType: 'ats_order',
      targetId: order.id,
      ip: '',
      detail: { source: 'ats', vendor: order.vendor, attemptId: c.attemptId, score, maxScore, passed },
    });
  }
  return queued;
}
