/**
 * Issue 41: a camera-proctored candidate who could not complete the live check (a still camera, a head that
 * cannot turn) started anyway; the attempt carries a live_unconfirmed event with the enrolment photo. A member of
 * the company that manages the test (any role: policy action review.identity) confirms or rejects the identity on
 * the report. Every decision, and every change of one, is an audit_log row (candidate.identity_confirmed /
 * candidate.identity_rejected) with the event, the previous decision and the note.
 */
import type { TIdentityDecision } from '@assessly/shared';
import { and, asc, eq } from 'drizzle-orm';
import { proctoringEvents, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import { LIVE_UNCONFIRMED } from '../face/proctoring.gate';
import { type getReport, requireManagedAttempt } from './review.service';

type Deps = Parameters<typeof getReport>[0];

export async function decideIdentity(
  deps: Deps,
  user: UserRow,
  attemptId: string,
  input: TIdentityDecision,
  ip: string,
) {
  const { attempt, test } = await requireManagedAttempt(deps, user, attemptId, 'review.identity');
  const [event] = await deps.db
    .select()
    .from(proctoringEvents)
    .where(and(eq(proctoringEvents.attemptId, attempt.id), eq(proctoringEvents.kind, LIVE_UNCONFIRMED)))
    .orderBy(asc(proctoringEvents.occurredAt))
    .limit(1);
  if (!event)
    throw new AppError(
      'IDENTITY_NOT_PENDING',
      'This attempt passed the live check (or was not proctored): there is no identity to confirm.',
    );
  const note = input.note ? input.note : null;
  const changed = event.identityDecision !== input.decision || (event.identityNote ?? null) !== note;
  const now = deps.clock.now();
  if (changed) {
    await deps.db
      .update(proctoringEvents)
      .set({ identityDecision: input.decision, identityDecidedBy: user.id, identityDecidedAt: now, identityNote: note })
      .where(eq(proctoringEvents.id, event.id));
    await recordAudit(deps.db, {
      companyId: test.companyId,
      actorId: user.id,
      action: input.decision === 'confirmed' ? 'candidate.identity_confirmed' : 'candidate.identity_rejected',
      targetType: 'attempt',
      targetId: attempt.id,
      ip,
      detail: { eventId: event.id, previous: event.identityDecision ?? null, note },
    });
  }
  const decidedAt = changed ? now : (event.identityDecidedAt ?? now);
  return {
    attemptId: attempt.id,
    eventId: event.id,
    decision: input.decision,
    decidedAt: decidedAt.toISOString(),
    changed,
  };
}
