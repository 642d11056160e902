/**
 * The one insert of a proctoring event, in a module of its own that imports nothing of the attempts: the start
 * gate (face/proctoring.gate.ts) records the live_unconfirmed event while attempts.service imports it.
 */
import { proctoringEvents } from '../../db/schema';
import type { AppDeps } from '../../deps';

/** Records one event (used by the face engine too). `at` defaults to the server's now. */
export async function recordProctoringEvent(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  attemptId: string,
  kind: string,
  detail = '',
  frameKey: string | null = null,
  at?: Date,
  measure?: { threshold: number | null; score: number | null },
): Promise<void> {
  await deps.db.insert(proctoringEvents).values({
    attemptId,
    kind,
    detail: detail.slice(0, 500),
    frameKey,
    occurredAt: at ?? deps.clock.now(),
    threshold: measure?.threshold ?? null,
    score: measure?.score ?? null,
  });
}
