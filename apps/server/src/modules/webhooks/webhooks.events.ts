/**
 * Webhook events: enqueueing one event for every subscribed webhook of a company, and the scanner that
 * finds attempts started and completed (whichever path ended them: the candidate, the timer, the server's
 * auto-end loop) without the taking modules having to call us. An event is enqueued once per webhook
 * (unique webhook/event/subject), so the scanner may run on several servers.
 */
import { randomUUID } from 'node:crypto';
import type { TWebhookEvent } from '@assessly/shared';
import { and, eq } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { webhookDeliveries, webhooks } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { MAX_EXPR, SCORE_EXPR, SCORE_LATERALS } from '../review/review.repo';
import { isPass } from '../review/review.service';

const SCAN_WINDOW_MS = 2 * 86_400_000;

export interface EventDeps {
  db: Db;
  database: Database;
  clock: Clock;
  publicUrl: string;
}

/** The JSON body of a delivery: stable once stored (it is what the signature covers). */
export function eventBody(event: TWebhookEvent, occurredAt: Date, data: Record<string, unknown>): string {
  return JSON.stringify({ id: randomUUID(), event, occurredAt: occurredAt.toISOString(), data });
}

/** Enqueues `event` for every active webhook of the company subscribed to it. */
export async function emitEvent(
  deps: Pick<EventDeps, 'db' | 'clock'>,
  companyId: string,
  event: TWebhookEvent,
  subject: string,
  data: Record<string, unknown>,
): Promise<number> {
  const hooks = await deps.db
    .select({ id: webhooks.id, events: webhooks.events })
    .from(webhooks)
    .where(and(eq(webhooks.companyId, companyId), eq(webhooks.active, true)));
  const targets = hooks.filter((h) => h.events.includes(event));
  if (targets.length === 0) return 0;
  const now = deps.clock.now();
  const body = eventBody(event, now, data);
  const rows = await deps.db
    .insert(webhookDeliveries)
    .values(targets.map((h) => ({ webhookId: h.id, event, subject, body, nextAttemptAt: now, createdAt: now })))
    .onConflictDoNothing()
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}

interface AttemptFact {
  webhookId: string;
  attemptId: string;
  testId: string;
  testName: string;
  userId: string;
  email: string;
  startedAt: string | Date;
  endedAt: string | Date | null;
  score: number | null;
  maxScore: number | null;
  passingMarks: number;
  totalMarks: number;
}

const iso = (d: string | Date | null) => (d == null ? null : new Date(d).toISOString());

/**
 * Attempts started (attempt.started) and completed — ended, finalised and with no submission still being
 * judged (attempt.completed, with its score) — since each webhook was created, not yet enqueued for it.
 */
export async function scanAttemptEvents(deps: EventDeps, limit = 100): Promise<number> {
  const startedSql = `
    SELECT w.id AS "webhookId", a.id AS "attemptId", t.id AS "testId", t.test_name AS "testName",
           a.user_id AS "userId", u.email, a.started_at AS "startedAt", a.ended_at AS "endedAt",
           NULL::float8 AS score, NULL::float8 AS "maxScore", t.passing_marks AS "passingMarks", t.total_marks AS "totalMarks"
    FROM webhooks w
    JOIN tests t ON t.company_id = w.company_id
    -- Issue 23: a company member's preview is no candidate's attempt and fires nothing.
    JOIN attempts a ON a.test_id = t.id AND NOT a.is_preview AND a.created_at >= w.created_at
         AND a.created_at >= $1::timestamptz
    JOIN users u ON u.id = a.user_id
    WHERE w.active AND w.events ? 'attempt.started'
      AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d
                      WHERE d.webhook_id = w.id AND d.event = 'attempt.started' AND d.subject = a.id::text)
    LIMIT ${limit}`;
  const completedSql = `
    SELECT w.id AS "webhookId", a.id AS "attemptId", t.id AS "testId", t.test_name AS "testName",
           a.user_id AS "userId", u.email, a.started_at AS "startedAt", a.ended_at AS "endedAt",
           ${SCORE_EXPR} AS score, ${MAX_EXPR} AS "maxScore", t.passing_marks AS "passingMarks", t.total_marks AS "totalMarks"
    FROM webhooks w
    JOIN tests t ON t.company_id = w.company_id
    -- Issue 25: an attempt awaiting grading is not complete; it completes when its last written answer is graded.
    JOIN attempts a ON a.test_id = t.id AND NOT a.is_preview AND a.finalized_at IS NOT NULL
         AND NOT a.awaiting_grading
         AND coalesce(a.graded_at, a.finalized_at) >= w.created_at
         AND coalesce(a.graded_at, a.finalized_at) >= $1::timestamptz
    JOIN users u ON u.id = a.user_id
    ${SCORE_LATERALS}
    WHERE w.active AND w.events ? 'attempt.completed'
      AND NOT EXISTS (SELECT 1 FROM submissions s
                      WHERE s.test_id = a.test_id AND s.user_id = a.user_id AND s.status IN ('queued', 'running'))
      AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d
                      WHERE d.webhook_id = w.id AND d.event = 'attempt.completed' AND d.subject = a.id::text)
    LIMIT ${limit}`;
  const now = deps.clock.now();
  // Older events are past the retry window anyway; the bound keeps each scan small.
  const since = [new Date(now.getTime() - SCAN_WINDOW_MS).toISOString()];
  const started = await deps.database.query<AttemptFact>(startedSql, since);
  const completed = await deps.database.query<AttemptFact>(completedSql, since);
  const values = [
    ...started.map((f) => ({ f, event: 'attempt.started' as const, data: attemptData(deps, f) })),
    ...completed.map((f) => ({
      f,
      event: 'attempt.completed' as const,
      data: {
        ...attemptData(deps, f),
        endedAt: iso(f.endedAt),
        score: f.score,
        maxScore: f.maxScore,
        // the same rule as the report, results and CSV (score scaled to the test's total marks)
        result: isPass(f.score ?? 0, f.maxScore ?? 0, f) ? 'passed' : 'failed',
        reportUrl: `${deps.publicUrl}/admin/reports/${f.attemptId}`,
      },
    })),
  ].map(({ f, event, data }) => ({
    webhookId: f.webhookId,
    event,
    subject: f.attemptId,
    body: eventBody(event, now, data),
    nextAttemptAt: now,
    createdAt: now,
  }));
  if (values.length === 0) return 0;
  const rows = await deps.db.insert(webhookDeliveries).values(values).onConflictDoNothing().returning({
    id: webhookDeliveries.id,
  });
  return rows.length;
}

function attemptData(_deps: EventDeps, f: AttemptFact) {
  return {
    attemptId: f.attemptId,
    testId: f.testId,
    testName: f.testName,
    candidate: { id: f.userId, email: f.email },
    startedAt: iso(f.startedAt),
  };
}
