/**
 * Interviews under erasure and retention: erasing a person removes the interviews they were the candidate of
 * (with their documents, notes, runs and scorecard: ON DELETE CASCADE); a company's retention removes an ended
 * interview's code history and runs after `codeDays`, and the whole interview after `personalDays`.
 */
import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { interviewRuns, interviews, interviewUpdates } from '../../db/schema';

const DAY_MS = 86_400_000;

/** Deletes the interviews of this candidate address (one company's, or every company's). */
export async function eraseInterviewsOf(tx: Db, email: string, companyId: string | null): Promise<number> {
  const rows = await tx
    .delete(interviews)
    .where(
      and(
        sql`lower(${interviews.candidateEmail}) = ${email.toLowerCase()}`,
        companyId ? eq(interviews.companyId, companyId) : undefined,
      ),
    )
    .returning({ id: interviews.id });
  return rows.length;
}

/** One company's retention pass over its ended interviews; returns how many interviews it touched. */
export async function purgeExpiredInterviews(
  db: Db,
  policy: { companyId: string; codeDays: number | null; personalDays: number | null },
  now: Date,
): Promise<{ code: number; personal: number }> {
  const endedBefore = (days: number) =>
    and(
      eq(interviews.companyId, policy.companyId),
      isNotNull(interviews.endedAt),
      lt(interviews.endedAt, new Date(now.getTime() - days * DAY_MS)),
    );
  let personal = 0;
  if (policy.personalDays != null) {
    personal = (await db.delete(interviews).where(endedBefore(policy.personalDays)).returning({ id: interviews.id }))
      .length;
  }
  let code = 0;
  if (policy.codeDays != null) {
    const ids = db.select({ id: interviews.id }).from(interviews).where(endedBefore(policy.codeDays));
    code = (
      await db.delete(interviewUpdates).where(inArray(interviewUpdates.interviewId, ids)).returning({
        id: interviewUpdates.id,
      })
    ).length;
    await db.delete(interviewRuns).where(inArray(interviewRuns.interviewId, ids));
  }
  return { code, personal };
}
