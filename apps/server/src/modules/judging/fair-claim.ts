/**
 * Global fairness for PostgreSQL mode (issue 28). pg-boss hands jobs to workers first in, first out, and each
 * process's fair scheduler only sees the jobs that process holds, so a candidate who submits three times in a
 * row is judged three times before whoever submitted next, whichever process took each job. Here a delivered
 * job is a turn, not a submission: the worker that gets it claims, in one statement, the waiting submission
 * whose candidate has the fewest submissions running or waiting ahead of it in the whole deployment; among
 * equals, the candidate served longest ago (never served first), then the oldest submission. That is
 * round-robin over candidates: a candidate whose first was just judged waits behind everyone not yet served. Every submission still sends its own job, so there are never fewer turns than waiting
 * submissions; a turn that finds nothing left to claim is a no-op.
 */
import { sql } from 'drizzle-orm';
import type { SubmissionRow } from '../../db/schema';
import { submissions } from '../../db/schema';
import type { JudgeSubmissionDeps } from './judge-submission';
import { STALE_RUNNING_MS } from './judge-submission';

/**
 * Claims the fairest waiting submission (queued, or running with a dead worker's stale claim), or returns
 * null when there is none. SKIP LOCKED: two workers claiming at once take two different rows.
 */
export async function claimFairest(deps: Pick<JudgeSubmissionDeps, 'db' | 'clock'>): Promise<SubmissionRow | null> {
  const now = deps.clock.now();
  const stale = new Date(now.getTime() - STALE_RUNNING_MS);
  const waiting = sql`(s.status = 'queued' OR (s.status = 'running' AND s.claimed_at < ${stale}))`;
  const [row] = await deps.db
    .update(submissions)
    .set({ status: 'running', claimedAt: now, judgeAttempts: sql`${submissions.judgeAttempts} + 1` })
    .where(
      sql`${submissions.id} = (
        SELECT s.id FROM submissions s
        WHERE ${waiting}
        ORDER BY (
          SELECT count(*) FROM submissions o
          WHERE o.user_id = s.user_id AND o.id <> s.id AND (
            (o.status = 'running' AND o.claimed_at >= ${stale})
            OR (o.status = 'queued' AND (o.created_at, o.id) < (s.created_at, s.id)))
        ),
        (SELECT coalesce(max(o.claimed_at), '-infinity'::timestamptz) FROM submissions o
          WHERE o.user_id = s.user_id AND o.id <> s.id AND o.status <> 'queued'),
        s.created_at, s.id
        LIMIT 1
        FOR UPDATE OF s SKIP LOCKED)
      AND (${submissions.status} = 'queued'
        OR (${submissions.status} = 'running' AND ${submissions.claimedAt} < ${stale}))`,
    )
    .returning();
  return row ?? null;
}
