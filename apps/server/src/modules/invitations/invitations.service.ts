/**
 * Invitations: an employer invites candidates to a test by email; each gets a personal link
 * `${publicUrl}/invite/{token}` (only the token's hash is stored). Invited → started → submitted is derived
 * from the attempts and submissions of the user with that email, so it is never out of step.
 * Resending rotates the token (the newest email's link is the one that works); reminders link to the test.
 */
import {
  LANGUAGE_META,
  offeredLanguages,
  type TInvitationRow,
  type TInviteLanding,
  type TInviteRequest,
  type TInviteResult,
  toCandidateLocale,
} from '@assessly/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { auditLog, invitations, type TestRow, type UserRow, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { createToken, hashToken } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.service';
import { requireVerifiedSender } from '../companies/verified-sender';
import { proctoringActive } from '../face/proctoring.gate';
import { takePathOf } from '../review/review.service';
import { companyName, displayName, formatWhen, sendTemplated } from '../review/templates';
import { findTest, requireManagedTest } from '../tests/tests.access';
import * as repo from './invitations.repo';

type Deps = Pick<AppDeps, 'db' | 'database' | 'clock' | 'mailer' | 'config'>;

const ZEmail = z.string().trim().toLowerCase().email().max(254);
/** Reminders go out once, when the window closes within this time. */
export const REMINDER_BEFORE_MS = 24 * 3_600_000;

/**
 * Addresses from a list and/or CSV text. In CSV lines the cells containing '@' are the addresses (so a
 * "name,email" file works); a first line without any is a header. Everything else that is not an address
 * is reported as invalid.
 */
export function parseAddresses(input: { emails?: string[]; csv?: string }): {
  valid: string[];
  invalid: string[];
  duplicates: string[];
} {
  const cells: string[] = [];
  for (const e of input.emails ?? []) cells.push(...e.split(/[,;\s]+/));
  const lines = (input.csv ?? '').split(/\r?\n/);
  let seenContent = false;
  for (const line of lines) {
    const parts = line
      .split(/[,;\t]/)
      .map((c) =>
        c
          .trim()
          .replace(/^["']|["']$/g, '')
          .trim(),
      )
      .filter(Boolean);
    if (parts.length === 0) continue;
    const withAt = parts.filter((p) => p.includes('@'));
    if (withAt.length === 0) {
      if (!seenContent) {
        seenContent = true;
        continue; // header row
      }
      cells.push(parts.join(' '));
    } else cells.push(...withAt.flatMap((p) => p.split(/\s+/)));
    seenContent = true;
  }
  const valid: string[] = [];
  const invalid: string[] = [];
  const duplicates: string[] = [];
  const seen = new Set<string>();
  for (const raw of cells) {
    const cell = raw.trim().replace(/^<|>$/g, '');
    if (!cell) continue;
    const r = ZEmail.safeParse(cell);
    if (!r.success) {
      invalid.push(cell);
      continue;
    }
    if (seen.has(r.data)) {
      if (!duplicates.includes(r.data)) duplicates.push(r.data);
      continue;
    }
    seen.add(r.data);
    valid.push(r.data);
  }
  return { valid, invalid, duplicates };
}

async function candidateNameFor(deps: Deps, email: string): Promise<string> {
  const [u] = await deps.db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  return u ? displayName(u) : (email.split('@')[0] ?? email);
}

async function sendInvitationEmail(deps: Deps, test: TestRow, email: string, token: string, company?: string) {
  await sendTemplated(deps, {
    companyId: test.companyId,
    kind: 'invitation',
    to: email,
    mailKind: 'invitation',
    locale: test.defaultLocale,
    endAt: test.endTime,
    values: {
      candidateName: await candidateNameFor(deps, email),
      testName: test.testName,
      companyName: company ?? (await companyName(deps.db, test.companyId)),
      inviteLink: `${deps.config.publicUrl}/invite/${token}`,
      endTime: formatWhen(test.endTime),
    },
  });
}

export async function inviteCandidates(deps: Deps, user: UserRow, input: TInviteRequest): Promise<TInviteResult> {
  await requireVerifiedSender(deps.db, user, 'invitations.send');
  const test = await requireManagedTest(deps.db, user, input.testId, 'invitations.send');
  const { valid, invalid, duplicates } = parseAddresses(input);
  if (valid.length === 0 && invalid.length > 0) {
    throw new AppError('VALIDATION', `No valid email addresses (invalid: ${invalid.slice(0, 5).join(', ')})`, {
      emails: 'Enter valid email addresses',
    });
  }
  if (valid.length > 500)
    throw new AppError('VALIDATION', 'At most 500 addresses at a time', { emails: 'At most 500 addresses at a time' });
  const existing = new Set(await repo.invitedEmails(deps.db, test.id, valid));
  const result: TInviteResult = { invited: [], invalid, duplicates, alreadyInvited: [] };
  const company = await companyName(deps.db, test.companyId);
  for (const email of valid) {
    if (existing.has(email)) {
      result.alreadyInvited.push(email);
      continue;
    }
    const { token, hash } = createToken();
    const row = await repo.insertInvitation(deps.db, {
      testId: test.id,
      email,
      tokenHash: hash,
      invitedBy: user.id,
      extraMinutes: input.accommodation?.extraMinutes ?? null,
      timeMultiplier: input.accommodation?.multiplier ?? null,
      accommodationNote: input.accommodation?.note || null,
    });
    if (!row) {
      result.alreadyInvited.push(email); // a concurrent request invited it first
      continue;
    }
    await sendInvitationEmail(deps, test, email, token, company);
    await deps.db.update(invitations).set({ sentAt: deps.clock.now() }).where(eq(invitations.id, row.id));
    result.invited.push({ id: row.id, email });
  }
  return result;
}

export async function listInvitations(deps: Deps, user: UserRow, testId: string): Promise<TInvitationRow[]> {
  await requireManagedTest(deps.db, user, testId);
  const rows = await repo.listWithProgress(deps.database, testId, deps.clock.now());
  return rows.map((r) => ({
    id: r.id,
    testId: r.testId,
    email: r.email,
    status: r.submittedAt ? 'submitted' : r.startedAt ? 'started' : 'invited',
    sentAt: r.sentAt?.toISOString() ?? null,
    reminderSentAt: r.reminderSentAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null,
    submittedAt: r.submittedAt ? new Date(r.submittedAt).toISOString() : null,
    extraMinutes: r.extraMinutes,
    multiplier: r.multiplier,
    accommodationNote: r.accommodationNote,
  }));
}

export async function resendInvitation(deps: Deps, user: UserRow, id: string) {
  await requireVerifiedSender(deps.db, user, 'invitations.send');
  const inv = await repo.findInvitation(deps.db, id);
  if (!inv) throw new AppError('NOT_FOUND', 'Invitation not found');
  const test = await requireManagedTest(deps.db, user, inv.testId, 'invitations.send').catch((err: unknown) => {
    throw err instanceof AppError && err.code === 'TEST_NOT_FOUND'
      ? new AppError('NOT_FOUND', 'Invitation not found')
      : err;
  });
  const { token, hash } = createToken();
  await deps.db
    .update(invitations)
    .set({ tokenHash: hash, sentAt: deps.clock.now() })
    .where(eq(invitations.id, inv.id));
  await sendInvitationEmail(deps, test, inv.email, token);
  return { id: inv.id, email: inv.email, sentAt: deps.clock.now().toISOString() };
}

async function openedRecently(deps: Deps, invitationId: string, opener: { userId: string | null; ip: string }) {
  const [row] = await deps.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'candidate.invite_opened'),
        eq(auditLog.targetId, invitationId),
        eq(auditLog.ip, opener.ip),
        opener.userId ? eq(auditLog.actorId, opener.userId) : isNull(auditLog.actorId),
        // created_at is the database's own time (its default), so the hour is counted on the same clock
        gt(auditLog.createdAt, sql`now() - interval '1 hour'`),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** What the /invite/{token} page needs; the token is the only credential (it was emailed to the candidate). */
export async function readInvitation(
  deps: Deps & Partial<Pick<AppDeps, 'face'>>,
  token: string,
  /** Who opened it (issue 23: on the company's audit trail; a visitor not signed in is recorded by address). */
  opener?: { userId: string | null; ip: string },
): Promise<TInviteLanding> {
  const inv = await repo.findByTokenHash(deps.db, hashToken(token));
  const test = inv ? await findTest(deps.db, inv.testId) : null;
  if (!inv || !test)
    throw new AppError('NOT_FOUND', 'This invitation link is invalid or has been replaced by a newer email');
  // Once an hour per opener and address: reloading the page (or a script holding the link) cannot flood the log.
  if (opener && !(await openedRecently(deps, inv.id, opener))) {
    await recordAudit(deps.db, {
      companyId: test.companyId,
      actorId: opener.userId,
      action: 'candidate.invite_opened',
      targetType: 'invitation',
      targetId: inv.id,
      ip: opener.ip,
      detail: { testId: test.id },
    });
  }
  return {
    testId: test.id,
    testName: test.testName,
    testType: test.testType,
    companyName: await companyName(deps.db, test.companyId),
    email: inv.email,
    takePath: takePathOf(test.testType, test.id),
    duration: test.duration,
    endTime: test.endTime?.toISOString() ?? null,
    proctored: proctoringActive(deps, test),
    questionCount: test.questionIds.length,
    // The languages the candidate may write in, by the names people use (aptitude tests have none).
    languages: test.testType === 'CODING' ? offeredLanguages(test.languages).map((id) => LANGUAGE_META[id].label) : [],
    defaultLocale: test.defaultLocale,
  };
}

/**
 * Emails each invited candidate who has not submitted once, when the test's window closes within 24 hours.
 * Called periodically by the reminder loop in parts.ts (and directly by tests). Returns how many were sent.
 */
export async function sendReminders(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  const due = await repo.dueReminders(deps.database, now, new Date(now.getTime() + REMINDER_BEFORE_MS));
  let sent = 0;
  for (const r of due) {
    // Claim first so two servers never send the same reminder twice.
    const claimed = await repo.claimReminder(deps.db, r.id, now);
    if (!claimed) continue;
    await sendTemplated(deps, {
      companyId: r.companyId,
      kind: 'reminder',
      to: r.email,
      mailKind: 'reminder',
      locale: toCandidateLocale(r.defaultLocale),
      endAt: r.endTime,
      values: {
        candidateName: await candidateNameFor(deps, r.email),
        testName: r.testName,
        companyName: await companyName(deps.db, r.companyId),
        inviteLink: `${deps.config.publicUrl}${takePathOf(r.testType, r.testId)}`,
        endTime: formatWhen(r.endTime),
      },
    });
    sent++;
  }
  return sent;
}

/**
 * An invitation ordered by an integration (issue 45: a candidate sent from an ATS): the normal invitation email
 * for `email`, with no member as its sender. A second order for the same address and test re-sends the email with a
 * new link (the old one stops, as a resend does) instead of inviting twice. Returns the invitation's id.
 */
export async function inviteForIntegration(deps: Deps, test: TestRow, email: string): Promise<string> {
  const { token, hash } = createToken();
  const row = await repo.insertInvitation(deps.db, { testId: test.id, email, tokenHash: hash, invitedBy: null });
  let id = row?.id;
  if (!id) {
    const [existing] = await deps.db
      .update(invitations)
      .set({ tokenHash: hash })
      .where(and(eq(invitations.testId, test.id), sql`lower(${invitations.email}) = ${email}`))
      .returning({ id: invitations.id });
    if (!existing) throw new AppError('CONFLICT', 'The invitation could not be made');
    id = existing.id;
  }
  await sendInvitationEmail(deps, test, email, token);
  await deps.db.update(invitations).set({ sentAt: deps.clock.now() }).where(eq(invitations.id, id));
  return id;
}
