/**
 * The candidate's own proctoring record (issue 17): after the test, each event with the rule that raised it,
 * and a short response the candidate may add, shown to the reviewer beside the event.
 */
import { and, asc, eq } from 'drizzle-orm';
import { type AttemptRow, proctoringEvents, type UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { findAttempt } from '../attempts/attempts.service';
import { ruleOf } from './proctoring-rules';

export const MAX_RESPONSE_CHARS = 500;

async function requireEndedAttempt(deps: Pick<AppDeps, 'db' | 'clock'>, user: UserRow, testId: string) {
  const attempt = await findAttempt(deps, user.id, testId);
  if (!attempt) throw new AppError('ATTEMPT_NOT_STARTED', 'You have not taken this test');
  if (!attempt.endedAt && attempt.deadlineAt > deps.clock.now())
    throw new AppError('CONFLICT', 'Your proctoring record is shown once the test has ended');
  return attempt;
}

export async function readOwnRecord(deps: Pick<AppDeps, 'db' | 'clock'>, user: UserRow, testId: string) {
  const attempt: AttemptRow = await requireEndedAttempt(deps, user, testId);
  const rows = await deps.db
    .select()
    .from(proctoringEvents)
    .where(eq(proctoringEvents.attemptId, attempt.id))
    .orderBy(asc(proctoringEvents.occurredAt));
  return {
    proctored: attempt.proctored,
    events: rows.map((e) => ({
      id: e.id,
      kind: e.kind,
      rule: ruleOf(e.kind),
      source: e.source,
      detail: e.detail,
      occurredAt: e.occurredAt.toISOString(),
      threshold: e.threshold,
      score: e.score,
      frameKept: e.frameKey !== null,
      response: e.response,
    })),
  };
}

export async function respondToEvent(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  user: UserRow,
  testId: string,
  eventId: string,
  response: string,
) {
  const attempt = await requireEndedAttempt(deps, user, testId);
  const [row] = await deps.db
    .update(proctoringEvents)
    .set({ response, respondedAt: deps.clock.now() })
    .where(and(eq(proctoringEvents.id, eventId), eq(proctoringEvents.attemptId, attempt.id)))
    .returning({ id: proctoringEvents.id });
  if (!row) throw new AppError('NOT_FOUND', 'Event not found');
  return { id: row.id, response };
}
