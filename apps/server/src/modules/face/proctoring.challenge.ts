/**
 * Server spot checks (issue 17). Detection runs on the candidate's device; identity is checked by the server
 * on frames it asks for at times the page cannot predict: a heartbeat answer may carry a challenge, which the
 * page must answer within CHALLENGE_TTL_MS with a fresh frame (POST verify with the challenge id). The gap to
 * the next challenge is drawn with a CSPRNG. Unanswered challenges are flagged by the sweep.
 *
 * The cadence adapts (issue 28): the first check comes CHALLENGE_MIN_GAP_MS..CHALLENGE_FLOOR_GAP_MS after the start
 * (the start itself checked the face: the entry step, or the page-load verify after a reload), so the first checks
 * of a drive whose candidates all start in the same minute are spread over a minute and a half instead of arriving
 * at the face service as one wave while it still works through their page loads; then a gap of
 * CHALLENGE_MIN_GAP_MS..CHALLENGE_MAX_GAP_MS;
 * after CLEAN_BEFORE_SPACING clean checks in a row (answered in time, one face, the enrolled person, live) each
 * further clean check stretches the gap by SPACING_FACTOR, never past CHALLENGE_FLOOR_GAP_MS (the floor stated
 * to employers and candidates: at least one check every two minutes, plus the heartbeat that carries it). Any
 * flag — a check that is not clean, a frame the device flagged, a missed challenge — resets the run and brings
 * the next check within FLAG_RECHECK_MIN_MS..FLAG_RECHECK_MAX_MS.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { AttemptRow } from '../../db/schema';
import { attempts } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { recordProctoringEvent } from '../proctoring-events/proctoring-events.service';

export const CHALLENGE_TTL_MS = 15_000;
export const CHALLENGE_MIN_GAP_MS = 30_000;
export const CHALLENGE_MAX_GAP_MS = 50_000;
/** The longest gap between two spot checks, however clean the sitting (the stated floor of the cadence). */
export const CHALLENGE_FLOOR_GAP_MS = 120_000;
export const CLEAN_BEFORE_SPACING = 3;
export const SPACING_FACTOR = 1.5;
/** After a flag, the next check comes this soon (a heartbeat every 10 s picks it up). */
export const FLAG_RECHECK_MIN_MS = 5_000;
export const FLAG_RECHECK_MAX_MS = 15_000;

type Deps = Pick<AppDeps, 'db' | 'clock'>;

export interface Challenge {
  id: string;
  expiresInMs: number;
}

/** The bounds of the gap to the next check after `streak` clean checks in a row. */
export function gapBounds(streak: number): { min: number; max: number } {
  const stretch = SPACING_FACTOR ** Math.max(0, streak - CLEAN_BEFORE_SPACING + 1);
  const max = Math.min(CHALLENGE_FLOOR_GAP_MS, Math.round(CHALLENGE_MAX_GAP_MS * stretch));
  const min = Math.min(max - (CHALLENGE_MAX_GAP_MS - CHALLENGE_MIN_GAP_MS), Math.round(CHALLENGE_MIN_GAP_MS * stretch));
  return { min, max };
}

function nextGap(streak: number): number {
  const { min, max } = gapBounds(streak);
  return randomInt(min, max + 1);
}

/** The gap from the start of a sitting to its first check. */
export function firstGap(): number {
  return randomInt(CHALLENGE_MIN_GAP_MS, CHALLENGE_FLOOR_GAP_MS + 1);
}

/**
 * On a heartbeat: the open challenge (if still answerable), or a new one when it is due. The first one is
 * due a random gap after the start (firstGap).
 */
export async function challengeOnHeartbeat(deps: Deps, attempt: AttemptRow): Promise<Challenge | null> {
  const now = deps.clock.now();
  if (attempt.challengeId && attempt.challengeIssuedAt) {
    const left = attempt.challengeIssuedAt.getTime() + CHALLENGE_TTL_MS - now.getTime();
    return left > 0 ? { id: attempt.challengeId, expiresInMs: left } : null;
  }
  if (!attempt.nextChallengeAt) {
    await deps.db
      .update(attempts)
      .set({ nextChallengeAt: new Date(now.getTime() + firstGap()) })
      .where(eq(attempts.id, attempt.id));
    return null;
  }
  if (now < attempt.nextChallengeAt) return null;
  const id = randomBytes(12).toString('base64url');
  const [issued] = await deps.db
    .update(attempts)
    .set({
      challengeId: id,
      challengeIssuedAt: now,
      nextChallengeAt: new Date(now.getTime() + nextGap(attempt.spotCleanStreak)),
    })
    .where(and(eq(attempts.id, attempt.id), eq(attempts.nextChallengeAt, attempt.nextChallengeAt)))
    .returning({ id: attempts.challengeId });
  return issued ? { id, expiresInMs: CHALLENGE_TTL_MS } : null; // a concurrent heartbeat issued it
}

/**
 * A verify that names a challenge: true when it is the open one and still in time (then it is closed).
 * A late or unknown id answers false (the frame is still verified; the sweep flags the missed challenge).
 */
export async function answerChallenge(deps: Deps, attempt: AttemptRow, id: string): Promise<boolean> {
  if (!attempt.challengeId || attempt.challengeId !== id || !attempt.challengeIssuedAt) return false;
  if (deps.clock.now().getTime() - attempt.challengeIssuedAt.getTime() > CHALLENGE_TTL_MS) return false;
  const [closed] = await deps.db
    .update(attempts)
    .set({ challengeId: null, challengeIssuedAt: null })
    .where(and(eq(attempts.id, attempt.id), eq(attempts.challengeId, id)))
    .returning({ id: attempts.id });
  return Boolean(closed);
}

/**
 * An answer closed the challenge (answerChallenge) but the face service could not take its frame (busy, down):
 * the challenge opens again as it was, so the page can send a frame again while it lasts (the heartbeat hands it
 * back too) and the sweep still flags it if none is checked in time. Nothing is reopened when another challenge
 * was issued meanwhile.
 */
export async function reopenChallenge(deps: Deps, attemptId: string, id: string, issuedAt: Date): Promise<void> {
  await deps.db
    .update(attempts)
    .set({ challengeId: id, challengeIssuedAt: issuedAt })
    .where(and(eq(attempts.id, attemptId), isNull(attempts.challengeId)));
}

/**
 * The outcome of a spot check or a device flag moves the cadence: a clean answered check adds one to the run of
 * clean checks (the next gap is drawn from it when the next challenge is issued); anything else resets the run
 * and brings the next check forward (never later than it already was).
 */
export async function noteCheckOutcome(deps: Deps, attemptId: string, clean: boolean): Promise<void> {
  if (clean) {
    await deps.db
      .update(attempts)
      .set({ spotCleanStreak: sql`${attempts.spotCleanStreak} + 1` })
      .where(eq(attempts.id, attemptId));
    return;
  }
  const soon = new Date(deps.clock.now().getTime() + randomInt(FLAG_RECHECK_MIN_MS, FLAG_RECHECK_MAX_MS + 1));
  await deps.db
    .update(attempts)
    .set({
      spotCleanStreak: 0,
      nextChallengeAt: sql`LEAST(COALESCE(${attempts.nextChallengeAt}, ${soon}), ${soon})`,
    })
    .where(eq(attempts.id, attemptId));
}

/** Sweep: challenges not answered in time become an event and are closed. */
export async function flagMissedChallenges(deps: Deps): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - CHALLENGE_TTL_MS);
  const missed = await deps.db
    .select()
    .from(attempts)
    .where(and(isNotNull(attempts.challengeId), lt(attempts.challengeIssuedAt, cutoff)))
    .limit(500);
  let n = 0;
  for (const a of missed) {
    const [closed] = await deps.db
      .update(attempts)
      .set({ challengeId: null, challengeIssuedAt: null, spotCleanStreak: 0 })
      .where(and(eq(attempts.id, a.id), eq(attempts.challengeId, a.challengeId!)))
      .returning({ id: attempts.id });
    if (!closed) continue;
    n++;
    await recordProctoringEvent(
      deps,
      a.id,
      'challenge_missed',
      `Spot check not answered: the server asked for a fresh frame and none arrived within ${CHALLENGE_TTL_MS / 1000} s`,
      null,
      a.challengeIssuedAt!,
      { threshold: CHALLENGE_TTL_MS / 1000, score: null },
    );
  }
  return n;
}
