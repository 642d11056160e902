/**
 * Accommodations (issue 13): extra time per invitation — that is, per candidate on a test. Applied when the
 * candidate (the verified owner of the invited address) starts; changing it while their attempt runs moves
 * that attempt's deadline too: deadline = min(endTime, startedAt + duration + accommodation).
 */
import { accommodationMinutes, type TAccommodation } from '@assessly/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { UserRow } from '../../db/schema';
import { attempts, invitations } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { grantedAccommodation } from '../accommodation-requests/accommodation-requests.service';
import { computeDeadline } from '../attempts/attempts.service';
import { findTest, requireManagedTest } from '../tests/tests.access';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** The invitation of this verified user to this test, if any. */
async function invitationOf(deps: Pick<AppDeps, 'db'>, user: UserRow, testId: string) {
  if (!user.emailVerifiedAt) return null;
  const [row] = await deps.db
    .select()
    .from(invitations)
    .where(and(eq(invitations.testId, testId), sql`lower(${invitations.email}) = ${user.email.toLowerCase()}`))
    .limit(1);
  return row ?? null;
}

/**
 * What startAttempt applies: the extra minutes and note of the caller's invitation, and what a granted request
 * adds (issue 46): its minutes when there is no invitation to carry them (a link test), no camera step, the
 * editor's accessible mode.
 */
export async function accommodationFor(deps: Pick<AppDeps, 'db'>, user: UserRow, testId: string) {
  const [inv, granted] = await Promise.all([
    invitationOf(deps, user, testId),
    grantedAccommodation(deps, user.id, testId),
  ]);
  const asked = { cameraWaived: granted.cameraWaived, screenReader: granted.screenReader };
  const test = inv ? await findTest(deps.db, testId) : null;
  if (!inv || !test) {
    const minutes = granted.grantedMinutes > 0;
    return {
      ...asked,
      extraMinutes: minutes ? granted.grantedMinutes : undefined,
      accommodationNote: minutes ? 'Granted on request' : undefined,
    };
  }
  return {
    ...asked,
    extraMinutes: accommodationMinutes(test.duration, {
      extraMinutes: inv.extraMinutes,
      multiplier: inv.timeMultiplier,
    }),
    accommodationNote: inv.accommodationNote,
  };
}

/** PUT /api/invitations/{id}/accommodation: sets (or clears, with nulls) one invitation's accommodation. */
export async function setAccommodation(deps: Deps, user: UserRow, id: string, input: TAccommodation) {
  const [inv] = await deps.db.select().from(invitations).where(eq(invitations.id, id)).limit(1);
  if (!inv) throw new AppError('NOT_FOUND', 'Invitation not found');
  const test = await requireManagedTest(deps.db, user, inv.testId, 'invitations.send').catch((err: unknown) => {
    throw err instanceof AppError && err.code === 'TEST_NOT_FOUND'
      ? new AppError('NOT_FOUND', 'Invitation not found')
      : err;
  });
  const values = {
    extraMinutes: input.extraMinutes ?? null,
    timeMultiplier: input.multiplier ?? null,
    accommodationNote: input.note ? input.note : null,
  };
  await deps.db.update(invitations).set(values).where(eq(invitations.id, inv.id));
  // A running attempt of the invitee gets the new deadline at once (an ended one keeps its record).
  const extraMinutes = accommodationMinutes(test.duration, {
    extraMinutes: values.extraMinutes,
    multiplier: values.timeMultiplier,
  });
  const running = await deps.db.execute(sql`
    SELECT a.id, a.started_at FROM attempts a JOIN users u ON u.id = a.user_id
    WHERE a.test_id = ${test.id} AND lower(u.email) = ${inv.email.toLowerCase()}
      AND u.email_verified_at IS NOT NULL AND a.ended_at IS NULL AND NOT a.is_preview`);
  const rows = (Array.isArray(running) ? running : (running as { rows: unknown[] }).rows) as {
    id: string;
    started_at: string | Date;
  }[];
  const now = deps.clock.now();
  for (const r of rows) {
    const deadlineAt = computeDeadline(test, new Date(r.started_at), extraMinutes);
    await deps.db
      .update(attempts)
      .set({ deadlineAt, extraMinutes, accommodationNote: values.accommodationNote })
      // Never reopens an attempt whose (old) deadline has already passed.
      .where(and(eq(attempts.id, r.id), isNull(attempts.endedAt), sql`${attempts.deadlineAt} > ${now}`));
  }
  return {
    id: inv.id,
    extraMinutes: values.extraMinutes,
    multiplier: values.timeMultiplier,
    note: values.accommodationNote,
    appliedMinutes: extraMinutes,
  };
}
