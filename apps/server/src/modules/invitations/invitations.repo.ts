import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { type InvitationRow, invitations } from '../../db/schema';

export async function invitedEmails(db: Db, testId: string, emails: string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .select({ email: invitations.email })
    .from(invitations)
    .where(
      and(
        eq(invitations.testId, testId),
        sql`lower(${invitations.email}) IN (${sql.join(
          emails.map((e) => sql`${e}`),
          sql`, `,
        )})`,
      ),
    );
  return rows.map((r) => r.email.toLowerCase());
}

export async function insertInvitation(
  db: Db,
  v: {
    testId: string;
    email: string;
    tokenHash: string;
    /** null: ordered by an integration (an ATS), no member sent it */
    invitedBy: string | null;
    extraMinutes?: number | null;
    timeMultiplier?: number | null;
    accommodationNote?: string | null;
  },
) {
  const [row] = await db.insert(invitations).values(v).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findInvitation(db: Db, id: string): Promise<InvitationRow | null> {
  const [row] = await db.select().from(invitations).where(eq(invitations.id, id)).limit(1);
  return row ?? null;
}

export async function findByTokenHash(db: Db, tokenHash: string): Promise<InvitationRow | null> {
  const [row] = await db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

/**
 * Progress of each invitation from the attempts and submissions of the user with that email:
 * started = an attempt exists; submitted = the attempt ended (or its deadline passed) or code was submitted.
 */
const PROGRESS = `
  LEFT JOIN users u ON lower(u.email) = lower(i.email) AND u.email_verified_at IS NOT NULL
  LEFT JOIN attempts a ON a.test_id = i.test_id AND a.user_id = u.id AND NOT a.is_preview
  LEFT JOIN LATERAL (SELECT max(s.created_at) AS last FROM submissions s WHERE s.test_id = i.test_id AND s.user_id = u.id) sub ON true`;
const SUBMITTED_AT = `coalesce(a.ended_at, CASE WHEN a.deadline_at <= $2 THEN a.deadline_at END, sub.last)`;

export function listWithProgress(database: Database, testId: string, now: Date) {
  return database.query<{
    id: string;
    testId: string;
    email: string;
    sentAt: Date | null;
    reminderSentAt: Date | null;
    createdAt: Date;
    startedAt: Date | null;
    submittedAt: Date | null;
    extraMinutes: number | null;
    multiplier: number | null;
    accommodationNote: string | null;
  }>(
    `SELECT i.id, i.test_id AS "testId", i.email, i.sent_at AS "sentAt", i.reminder_sent_at AS "reminderSentAt",
            i.extra_minutes AS "extraMinutes", i.time_multiplier AS "multiplier", i.accommodation_note AS "accommodationNote",
            i.created_at AS "createdAt", a.started_at AS "startedAt", ${SUBMITTED_AT} AS "submittedAt"
     FROM invitations i ${PROGRESS}
     WHERE i.test_id = $1
     ORDER BY i.created_at DESC, i.email`,
    [testId, now],
  );
}

export function dueReminders(database: Database, now: Date, until: Date) {
  return database.query<{
    id: string;
    email: string;
    testId: string;
    testName: string;
    testType: 'APTITUDE' | 'CODING';
    companyId: string | null;
    endTime: Date;
    defaultLocale: string;
  }>(
    `SELECT i.id, i.email, t.id AS "testId", t.test_name AS "testName", t.test_type AS "testType",
            t.company_id AS "companyId", t.end_time AS "endTime", t.default_locale AS "defaultLocale"
     FROM invitations i JOIN tests t ON t.id = i.test_id ${PROGRESS}
     WHERE i.reminder_sent_at IS NULL AND t.is_active AND t.end_time > $2 AND t.end_time <= $1
       AND ${SUBMITTED_AT} IS NULL
     ORDER BY t.end_time
     LIMIT 500`,
    [until, now],
  );
}

export async function claimReminder(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ reminderSentAt: now })
    .where(and(eq(invitations.id, id), isNull(invitations.reminderSentAt)))
    .returning({ id: invitations.id });
  return rows.length > 0;
}
