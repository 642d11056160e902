/**
 * Proctoring events of an attempt: what the page's exam guard saw (blocked copy/paste, context menu, tab and
 * window switches and returns) and what the face engine flagged (with a stored frame). Reviewers read them
 * with their times. Page-sent events are capped per attempt so a page cannot flood the table.
 */
import type { TProctoringEventsInput } from '@assessly/shared';
import { and, count, eq } from 'drizzle-orm';
import { proctoringEvents, type UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { findAttempt } from '../attempts/attempts.service';

export { recordProctoringEvent } from './proctoring-events.record';

/** Page-sent events kept per attempt (their own cap: server events never count against it); beyond it they are dropped. */
export const MAX_PAGE_EVENTS_PER_ATTEMPT = 1000;
/** A page may back-date an event (it batches) by at most this much. */
const MAX_BACKDATE_MS = 120_000;

/** The events a candidate's page sends for their own attempt; after it ends (or its deadline) they are ignored. */
export async function recordPageEvents(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  user: UserRow,
  testId: string,
  input: TProctoringEventsInput,
) {
  const attempt = await findAttempt(deps, user.id, testId);
  if (!attempt) throw new AppError('ATTEMPT_NOT_STARTED', 'Start the test first');
  const events = 'events' in input ? input.events : [input];
  const now = deps.clock.now();
  // Past the deadline the attempt is over even before the auto-end loop has marked it ended.
  if (attempt.endedAt || attempt.deadlineAt <= now) return { recorded: 0, dropped: events.length };
  const [row] = await deps.db
    .select({ n: count() })
    .from(proctoringEvents)
    .where(and(eq(proctoringEvents.attemptId, attempt.id), eq(proctoringEvents.source, 'page')));
  const room = Math.max(0, MAX_PAGE_EVENTS_PER_ATTEMPT - (row?.n ?? 0));
  const kept = events.slice(0, room);
  if (kept.length > 0) {
    await deps.db.insert(proctoringEvents).values(
      kept.map((e) => {
        const at = e.at ? new Date(e.at) : now;
        const clamped = at > now || +now - +at > MAX_BACKDATE_MS ? now : at;
        return {
          attemptId: attempt.id,
          kind: e.kind,
          detail: e.detail ?? '',
          occurredAt: clamped,
          source: 'page' as const,
        };
      }),
    );
  }
  return { recorded: kept.length, dropped: events.length - kept.length };
}
