/**
 * Issue 46: accommodations a candidate asks for before starting (extra time, no camera, screen-reader mode) and
 * the employer's decision (docs/DECISIONS.md §23). Granted extra time goes onto the candidate's invitation, issue
 * 13's mechanism (a link test has no invitation: the request itself carries the minutes); no camera and
 * screen-reader mode are read by the start (attempts.service.ts) and kept on the attempt for the report.
 * Decisions are final once the candidate has started: the sitting then runs on what was granted.
 */
import type {
  TAccommodationDecision,
  TAccommodationRequestInput,
  TAccommodationRequestRow,
  TOwnAccommodationRequest,
} from '@assessly/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AccommodationRequestRow, UserRow } from '../../db/schema';
import { accommodationRequests, attempts, invitations, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { requireVisibleTest } from '../attempts/access-gate';
import { recordAudit } from '../audit/audit.service';
import { textToHtml } from '../review/status-mail';
import { companyName, displayName } from '../review/templates';
import { findTest, requireManagedTest } from '../tests/tests.access';
import { renderDecisionMail } from './decision-mail';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toOwnRequest(r: AccommodationRequestRow): TOwnAccommodationRequest {
  return {
    id: r.id,
    kinds: r.kinds,
    extraMinutes: r.extraMinutes,
    reason: r.reason,
    status: r.status,
    grantedMinutes: r.grantedMinutes,
    decisionNote: r.decisionNote,
    decidedAt: iso(r.decidedAt),
  };
}

/** This candidate's request on this test, if any. */
export async function findOwnRequest(deps: Pick<AppDeps, 'db'>, userId: string, testId: string) {
  const [row] = await deps.db
    .select()
    .from(accommodationRequests)
    .where(and(eq(accommodationRequests.testId, testId), eq(accommodationRequests.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** What a granted request gives the start: the minutes (link tests), no camera step, the accessible editor. */
export async function grantedAccommodation(deps: Pick<AppDeps, 'db'>, userId: string, testId: string) {
  const row = await findOwnRequest(deps, userId, testId);
  if (row?.status !== 'granted') return { grantedMinutes: 0, cameraWaived: false, screenReader: false };
  return {
    grantedMinutes: row.grantedMinutes ?? 0,
    cameraWaived: row.kinds.includes('no_camera'),
    screenReader: row.kinds.includes('screen_reader'),
  };
}

async function hasStarted(deps: Pick<AppDeps, 'db'>, userId: string, testId: string) {
  const [row] = await deps.db
    .select({ id: attempts.id })
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.testId, testId)))
    .limit(1);
  return Boolean(row);
}

/** PUT /api/attempts/{testId}/accommodation: ask (or change a pending ask) before starting. */
export async function requestAccommodation(
  deps: Deps,
  user: UserRow,
  testId: string,
  input: TAccommodationRequestInput,
  ip: string,
): Promise<TOwnAccommodationRequest> {
  // asked of any test alike, so the answer tells an employer nothing about the test
  if (user.role !== 'candidate')
    throw new AppError('FORBIDDEN', "Accommodations are for candidates: a company member's preview needs none");
  const test = await findTest(deps.db, testId);
  if (!test) throw new AppError('TEST_NOT_FOUND', 'Test not found');
  const started = await hasStarted(deps, user.id, testId);
  // an invite-only test exists only for its invitees (issue 42): others get the 404 of an unknown test
  await requireVisibleTest(deps.db, user, test, started);
  if (test.isPractice) throw new AppError('CONFLICT', 'The practice test has no company to ask');
  if (started) throw new AppError('CONFLICT', 'You have already started this test: accommodations are asked before');
  if (test.endTime && test.endTime <= deps.clock.now()) throw new AppError('WINDOW_CLOSED', 'This test has closed.');
  const existing = await findOwnRequest(deps, user.id, testId);
  if (existing && existing.status !== 'pending')
    throw new AppError('CONFLICT', 'Your request has already been answered; contact the company to change it');
  const values = {
    kinds: [...input.kinds],
    extraMinutes: input.kinds.includes('extra_time') ? (input.extraMinutes ?? null) : null,
    reason: input.reason,
    updatedAt: deps.clock.now(),
  };
  const [row] = await deps.db
    .insert(accommodationRequests)
    .values({ testId, userId: user.id, ...values })
    .onConflictDoUpdate({
      target: [accommodationRequests.testId, accommodationRequests.userId],
      set: values,
      // a decision made meanwhile is not overwritten
      setWhere: sql`${accommodationRequests.status} = 'pending'`,
    })
    .returning();
  if (!row) throw new AppError('CONFLICT', 'Your request has already been answered; contact the company to change it');
  // the reason may be about the candidate's health: it stays out of the audit trail
  await recordAudit(deps.db, {
    companyId: test.companyId,
    actorId: user.id,
    action: 'candidate.accommodation_requested',
    targetType: 'accommodation_request',
    targetId: row.id,
    ip,
    detail: { testId, kinds: row.kinds, extraMinutes: row.extraMinutes },
  });
  return toOwnRequest(row);
}

/** GET /api/tests/{id}/accommodation-requests: everyone who asked, newest first. */
export async function listRequests(deps: Deps, user: UserRow, testId: string): Promise<TAccommodationRequestRow[]> {
  const test = await requireManagedTest(deps.db, user, testId, 'invitations.read');
  const rows = await deps.db
    .select({ r: accommodationRequests, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(accommodationRequests)
    .innerJoin(users, eq(users.id, accommodationRequests.userId))
    .where(eq(accommodationRequests.testId, test.id))
    .orderBy(sql`${accommodationRequests.createdAt} DESC`);
  const startedIds = new Set(
    (
      await deps.db
        .select({ userId: attempts.userId })
        .from(attempts)
        .where(and(eq(attempts.testId, test.id), eq(attempts.isPreview, false)))
    ).map((a) => a.userId),
  );
  return rows.map(({ r, firstName, lastName, email }) => ({
    ...toOwnRequest(r),
    candidateName: `${firstName} ${lastName}`.trim() || email,
    email,
    createdAt: r.createdAt.toISOString(),
    started: startedIds.has(r.userId),
  }));
}

/** PUT /api/accommodation-requests/{id}/decision: grant or refuse, until the candidate starts. */
export async function decideRequest(
  deps: Deps & Pick<AppDeps, 'mailer'>,
  user: UserRow,
  id: string,
  input: TAccommodationDecision,
  ip: string,
): Promise<TAccommodationRequestRow> {
  const [req] = await deps.db.select().from(accommodationRequests).where(eq(accommodationRequests.id, id)).limit(1);
  if (!req) throw new AppError('NOT_FOUND', 'Accommodation request not found');
  const test = await requireManagedTest(deps.db, user, req.testId, 'invitations.send').catch((err: unknown) => {
    throw err instanceof AppError && err.code === 'TEST_NOT_FOUND'
      ? new AppError('NOT_FOUND', 'Accommodation request not found')
      : err;
  });
  if (await hasStarted(deps, req.userId, req.testId))
    throw new AppError('CONFLICT', 'The candidate has started the test: the decision can no longer change');
  const granted = input.decision === 'granted';
  const grantedMinutes = granted && req.kinds.includes('extra_time') ? (input.extraMinutes ?? req.extraMinutes) : null;
  const note = input.note ? input.note : null;
  const current = async () => (await listRequests(deps, user, test.id)).find((r) => r.id === req.id)!;
  // The same decision again changes nothing: no write, no audit row, no second email.
  if (req.status === input.decision && req.grantedMinutes === grantedMinutes && req.decisionNote === note)
    return current();
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(accommodationRequests)
      .set({
        status: input.decision,
        grantedMinutes,
        decisionNote: note,
        decidedBy: user.id,
        decidedAt: now,
        updatedAt: now,
      })
      .where(eq(accommodationRequests.id, req.id));
    if (!req.kinds.includes('extra_time')) return;
    // Extra time through the invitation (issue 13), when the candidate was invited: the deadline rule reads it.
    // A refusal after a grant takes the granted minutes back; an employer's own accommodation is left alone.
    const [candidate] = await tx.select().from(users).where(eq(users.id, req.userId)).limit(1);
    if (!candidate) return;
    const match = and(
      eq(invitations.testId, req.testId),
      sql`lower(${invitations.email}) = ${candidate.email.toLowerCase()}`,
    );
    if (granted)
      await tx
        .update(invitations)
        .set({ extraMinutes: grantedMinutes, timeMultiplier: null, accommodationNote: 'Granted on request' })
        .where(match);
    else if (req.status === 'granted' && req.grantedMinutes != null)
      await tx
        .update(invitations)
        .set({ extraMinutes: null, accommodationNote: null })
        .where(and(match, eq(invitations.extraMinutes, req.grantedMinutes)));
  });
  await recordAudit(deps.db, {
    companyId: test.companyId,
    actorId: user.id,
    action: 'candidate.accommodation_decided',
    targetType: 'accommodation_request',
    targetId: req.id,
    ip,
    detail: { testId: test.id, decision: input.decision, kinds: req.kinds, grantedMinutes },
  });
  // The candidate hears of the decision (or of a changed one) by email.
  const [candidate] = await deps.db.select().from(users).where(eq(users.id, req.userId)).limit(1);
  if (candidate) {
    const mail = renderDecisionMail(test.defaultLocale ?? 'en', {
      candidateName: displayName(candidate),
      companyName: await companyName(deps.db, test.companyId),
      testName: test.testName,
      decision: input.decision,
      kinds: req.kinds,
      grantedMinutes,
      note,
    });
    await deps.mailer.send({
      to: candidate.email,
      ...mail,
      html: textToHtml(mail.text),
      kind: 'accommodation_decision',
    });
  }
  return current();
}
