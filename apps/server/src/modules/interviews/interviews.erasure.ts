/**
 * Interviews under erasure and retention: erasing a person removes the interviews they were the candidate of
 * (with their documents, notes, runs and scorecard: ON DELETE CASCADE) and the address from their audit entries;
 * a company's retention removes an interview's code history, notes and runs after `codeDays`, and the whole
 * interview after `personalDays`. An interview's clock starts when it ended, or, for one never ended (abandoned,
 * or scheduled and never held), when it started, was scheduled for, or was created.
 */
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import * as Y from 'yjs';
import type { Db } from '../../db/client';
import { auditLog, interviewRuns, interviews, interviewUpdates, webhookDeliveries, webhooks } from '../../db/schema';

const DAY_MS = 86_400_000;

const ofCandidate = (email: string, companyId: string | null) =>
  and(
    sql`lower(${interviews.candidateEmail}) = ${email.toLowerCase()}`,
    companyId ? eq(interviews.companyId, companyId) : undefined,
  );

/** How many interviews of this candidate address one company holds. */
export async function countInterviewsOf(db: Db, email: string, companyId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(interviews)
    .where(ofCandidate(email, companyId));
  return Number(row?.n ?? 0);
}

/**
 * The interviews held with this address, for the person's own data export: when, and the shared code as it
 * stands. Interviewers' notes and the scorecard are the company's assessment and stay out, as in the room.
 */
export async function exportInterviewsOf(db: Db, email: string) {
  const rows = await db.select().from(interviews).where(ofCandidate(email, null)).orderBy(asc(interviews.createdAt));
  const out = [];
  for (const row of rows) {
    const updates = await db
      .select({ data: interviewUpdates.data })
      .from(interviewUpdates)
      .where(and(eq(interviewUpdates.interviewId, row.id), eq(interviewUpdates.doc, 'code')))
      .orderBy(asc(interviewUpdates.id));
    const doc = new Y.Doc();
    for (const u of updates) Y.applyUpdate(doc, u.data);
    out.push({
      id: row.id,
      title: row.title,
      scheduledAt: row.scheduledAt,
      startedAt: row.startedAt,
      endedAt: row.endedAt,
      code: doc.getText('code').toString(),
    });
    doc.destroy();
  }
  return out;
}

/** Deletes the interviews of this candidate address (one company's, or every company's). */
export async function eraseInterviewsOf(tx: Db, email: string, companyId: string | null): Promise<number> {
  const rows = await tx.delete(interviews).where(ofCandidate(email, companyId)).returning({ id: interviews.id });
  if (rows.length > 0) {
    // Audit entries stay (they prove what happened) without the person's address.
    await tx
      .update(auditLog)
      .set({ detail: sql`${auditLog.detail} - 'candidateEmail'` })
      .where(
        and(
          eq(auditLog.targetType, 'interview'),
          inArray(
            auditLog.targetId,
            rows.map((r) => r.id),
          ),
        ),
      );
  }
  return rows.length;
}

/**
 * Deletes one interview with its documents, notes, runs and scorecard; its audit entries lose the address and its
 * webhook deliveries their body (pending ones are not sent). For a candidate without an account, whom the
 * company cannot erase by user id.
 */
export async function eraseOneInterview(tx: Db, id: string, companyId: string): Promise<void> {
  await tx.delete(interviews).where(and(eq(interviews.id, id), eq(interviews.companyId, companyId)));
  await tx
    .update(auditLog)
    .set({ detail: sql`${auditLog.detail} - 'candidateEmail'` })
    .where(and(eq(auditLog.targetType, 'interview'), eq(auditLog.targetId, id)));
  await tx
    .update(webhookDeliveries)
    .set({
      body: JSON.stringify({ erased: true }),
      status: sql`CASE WHEN ${webhookDeliveries.status} = 'pending' THEN 'failed' ELSE ${webhookDeliveries.status} END`,
      error: sql`CASE WHEN ${webhookDeliveries.status} = 'pending' THEN 'Not sent: the interview was deleted' ELSE ${webhookDeliveries.error} END`,
    })
    .where(
      and(
        eq(webhookDeliveries.subject, id),
        inArray(
          webhookDeliveries.webhookId,
          tx.select({ id: webhooks.id }).from(webhooks).where(eq(webhooks.companyId, companyId)),
        ),
      ),
    );
}

/** When an interview's retention clock started. */
const retainedFrom = sql`coalesce(${interviews.endedAt}, ${interviews.startedAt}, ${interviews.scheduledAt}, ${interviews.createdAt})`;

/** One company's retention pass over its interviews; returns how many rows it removed. */
export async function purgeExpiredInterviews(
  db: Db,
  policy: { companyId: string; codeDays: number | null; personalDays: number | null },
  now: Date,
): Promise<{ code: number; personal: number }> {
  const olderThan = (days: number) =>
    and(eq(interviews.companyId, policy.companyId), lt(retainedFrom, new Date(now.getTime() - days * DAY_MS)));
  let personal = 0;
  if (policy.personalDays != null) {
    const gone = await db.delete(interviews).where(olderThan(policy.personalDays)).returning({ id: interviews.id });
    personal = gone.length;
  }
  let code = 0;
  if (policy.codeDays != null) {
    const ids = db.select({ id: interviews.id }).from(interviews).where(olderThan(policy.codeDays));
    code = (
      await db.delete(interviewUpdates).where(inArray(interviewUpdates.interviewId, ids)).returning({
        id: interviewUpdates.id,
      })
    ).length;
    await db.delete(interviewRuns).where(inArray(interviewRuns.interviewId, ids));
  }
  return { code, personal };
}
