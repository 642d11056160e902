/**
 * What the server's own clock says about a proctored sitting (issue 17):
 * - frames (or heartbeats) that stop arriving become a "Camera lost for N s" event — opened by the sweep
 *   once nothing arrived for CAMERA_LOST_AFTER_MS, completed with the real length when frames return or the
 *   attempt ends;
 * - a failing or overloaded face service never blocks the candidate; the gap becomes a
 *   "Proctoring unavailable for N s" event once the service answers again (or the attempt ends).
 */
import { and, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { AttemptRow } from '../../db/schema';
import { attempts, proctoringEvents } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { createPassLoop } from '../../lib/pass-loop';
import type { FaceClient } from './face-client';
import { flagMissedChallenges } from './proctoring.challenge';

/** No frame or heartbeat for this long is a lost camera (the page sends a heartbeat every 10 s). */
export const CAMERA_LOST_AFTER_MS = 30_000;

type Deps = Pick<AppDeps, 'db' | 'clock'>;

const seconds = (from: Date, to: Date) => Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));

async function insertEvent(
  deps: Deps,
  attemptId: string,
  kind: string,
  detail: string,
  at: Date,
  measure: { threshold: number | null; score: number | null } = { threshold: null, score: null },
): Promise<string> {
  const [row] = await deps.db
    .insert(proctoringEvents)
    .values({ attemptId, kind, detail, occurredAt: at, ...measure })
    .returning({ id: proctoringEvents.id });
  return row!.id;
}

/** A frame or heartbeat arrived: close an open camera-lost gap with its real length. */
export async function noteFrame(deps: Deps, attempt: AttemptRow): Promise<void> {
  const now = deps.clock.now();
  if (attempt.cameraLostEventId && attempt.lastFrameAt) {
    await deps.db
      .update(proctoringEvents)
      .set({
        detail: `Camera lost for ${seconds(attempt.lastFrameAt, now)} s (no frames reached the server)`,
        score: seconds(attempt.lastFrameAt, now),
      })
      .where(eq(proctoringEvents.id, attempt.cameraLostEventId));
  }
  await deps.db.update(attempts).set({ lastFrameAt: now, cameraLostEventId: null }).where(eq(attempts.id, attempt.id));
}

/** True for a failure of the face service itself (down, overloaded, broken), not of the candidate's frame. */
export function isServiceFailure(err: unknown): boolean {
  return !(err instanceof AppError) || err.code === 'FACE_UNAVAILABLE';
}

/**
 * An outage the server observed itself (issue 23): a service failure while the face service's own health says
 * it is not ready or cannot be reached. A busy queue (FACE_BUSY), a refused frame, the caller's own limits or a
 * failure the health does not confirm open no grace: a candidate cannot make their own outage.
 */
export async function outageObserved(face: FaceClient, err: unknown): Promise<boolean> {
  if (!isServiceFailure(err)) return false;
  try {
    const h = await face.health();
    if (h.state !== 'remote') return h.state !== 'ready';
    const service = h.service as { state?: unknown } | string | undefined;
    return (typeof service === 'string' ? service : service?.state) !== 'ready';
  } catch {
    return true;
  }
}

/**
 * Runs a face-service call for a proctored attempt. A service failure marks the start of a gap (the error
 * still goes to the page, which retries); the next success records the gap as an event.
 */
export async function withFaceService<T>(deps: Deps, attempt: AttemptRow, fn: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await fn();
  } catch (err) {
    if (isServiceFailure(err) && !attempt.faceUnavailableSince) {
      await deps.db
        .update(attempts)
        .set({ faceUnavailableSince: deps.clock.now() })
        .where(and(eq(attempts.id, attempt.id), isNull(attempts.faceUnavailableSince)));
    }
    throw err;
  }
  if (attempt.faceUnavailableSince) await closeUnavailable(deps, attempt, deps.clock.now(), '');
  return result;
}

async function closeUnavailable(deps: Deps, attempt: AttemptRow, until: Date, suffix: string) {
  const since = attempt.faceUnavailableSince;
  if (!since) return;
  const [cleared] = await deps.db
    .update(attempts)
    .set({ faceUnavailableSince: null })
    .where(and(eq(attempts.id, attempt.id), eq(attempts.faceUnavailableSince, since)))
    .returning({ id: attempts.id });
  if (!cleared) return; // another request closed it
  await insertEvent(
    deps,
    attempt.id,
    'proctoring_unavailable',
    `Proctoring unavailable for ${seconds(since, until)} s (the face service failed or was overloaded)${suffix}`,
    since,
    { threshold: null, score: seconds(since, until) },
  );
}

/**
 * One pass of the proctoring loop: opens camera-lost events for proctored open attempts that went quiet,
 * and completes the gaps of attempts that ended in the middle of one. Returns what it did (for tests/logs).
 */
export async function sweepProctoring(
  deps: Deps,
): Promise<{ cameraLost: number; closed: number; challengesMissed: number }> {
  const now = deps.clock.now();
  const challengesMissed = await flagMissedChallenges(deps);
  const quietSince = new Date(now.getTime() - CAMERA_LOST_AFTER_MS);
  const quiet = await deps.db
    .select()
    .from(attempts)
    .where(
      and(
        eq(attempts.proctored, true),
        isNull(attempts.endedAt),
        isNull(attempts.cameraLostEventId),
        gt(attempts.deadlineAt, now),
        sql`coalesce(${attempts.lastFrameAt}, ${attempts.startedAt}) < ${quietSince.toISOString()}::timestamptz`,
      ),
    )
    .limit(500);
  for (const a of quiet) {
    const last = a.lastFrameAt ?? a.startedAt;
    const id = await insertEvent(
      deps,
      a.id,
      'camera_lost',
      `Camera lost: no frames for ${seconds(last, now)} s (still missing)`,
      last,
      { threshold: CAMERA_LOST_AFTER_MS / 1000, score: seconds(last, now) },
    );
    await deps.db.update(attempts).set({ cameraLostEventId: id }).where(eq(attempts.id, a.id));
  }
  // Attempts that ended (or passed their deadline) with a gap still open: the gap lasted until the end.
  const ended = await deps.db
    .select()
    .from(attempts)
    .where(
      and(
        eq(attempts.proctored, true),
        or(isNotNull(attempts.endedAt), lte(attempts.deadlineAt, now)),
        or(isNotNull(attempts.cameraLostEventId), isNotNull(attempts.faceUnavailableSince)),
      ),
    )
    .limit(500);
  for (const a of ended) {
    const end = a.endedAt ?? a.deadlineAt;
    if (a.cameraLostEventId && a.lastFrameAt) {
      await deps.db
        .update(proctoringEvents)
        .set({
          detail: `Camera lost for ${seconds(a.lastFrameAt, end)} s (until the test ended)`,
          score: seconds(a.lastFrameAt, end),
        })
        .where(eq(proctoringEvents.id, a.cameraLostEventId));
      await deps.db.update(attempts).set({ cameraLostEventId: null }).where(eq(attempts.id, a.id));
    }
    await closeUnavailable(deps, a, end, ' until the test ended');
  }
  return { cameraLost: quiet.length, closed: ended.length, challengesMissed };
}

/** The loop beside the API: a sweep every few seconds; passes never overlap; a failing pass is logged. */
export function createProctoringLoop(
  getDeps: () => Deps & Pick<AppDeps, 'database' | 'blobs'>,
  log: { error: (o: object, m: string) => void },
  intervalMs = 5_000,
) {
  // Frames past their retention are purged by the daily retention purge (erasure/retention.loop.ts), not here.
  return createPassLoop({
    pass: () => sweepProctoring(getDeps()),
    intervalMs,
    log,
    failMessage: 'proctoring sweep failed',
  });
}
