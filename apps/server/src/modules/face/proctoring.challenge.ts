/**
 * Server spot checks (issue 17). Detection runs on the candidate's device; identity is checked by the server
 * on frames it asks for at times the page cannot predict: a heartbeat answer may carry a challenge, which the
 * page must answer within CHALLENGE_TTL_MS with a fresh frame (POST verify with the challenge id). The gap to
 * the next challenge is drawn with a CSPRNG between CHALLENGE_MIN_GAP_MS and CHALLENGE_MAX_GAP_MS; with a
 * heartbeat every 10 s that is at least one check a minute. Unanswered challenges are flagged by the sweep.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { AttemptRow } from '../../db/schema';
import { attempts } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { recordProctoringEvent } from '../proctoring-events/proctoring-events.service';

export const CHALLENGE_TTL_MS = 15_000;
export const CHALLENGE_MIN_GAP_MS = 30_000;
export const CHALLENGE_MAX_GAP_MS = 50_000;

type Deps = Pick<AppDeps, 'db' | 'clock'>;

export interface Challenge {
  id: string;
  expiresInMs: number;
}

function nextGap(): number {
  return randomInt(CHALLENGE_MIN_GAP_MS, CHALLENGE_MAX_GAP_MS + 1);
}

/**
 * On a heartbeat: the open challenge (if still answerable), or a new one when it is due. The first one is
 * due a random gap after the start.
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
      .set({ nextChallengeAt: new Date(now.getTime() + nextGap()) })
      .where(eq(attempts.id, attempt.id));
    return null;
  }
  if (now < attempt.nextChallengeAt) return null;
  const id = randomBytes(12).toString('base64url');
  const [issued] = await deps.db
    .update(attempts)
    .set({ challengeId: id, challengeIssuedAt: now, nextChallengeAt: new Date(now.getTime() + nextGap()) })
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
      .set({ challengeId: null, challengeIssuedAt: null })
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
