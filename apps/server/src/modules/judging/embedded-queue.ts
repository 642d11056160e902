/**
 * The embedded queue: submission ids in memory, judged by the in-process judge through the fair scheduler
 * (round-robin over candidates, one submission of a candidate at a time, runs first).
 * Only the id lives here; the row is the durable record, so a restart recovers everything (see start()).
 */
import { JudgeQueueFullError } from '@assessly/judge';
import type { FastifyBaseLogger } from 'fastify';
import type { FairScheduler } from './fair-scheduler';
import { type JudgeSubmissionDeps, judgeSubmission } from './judge-submission';

export interface EmbeddedQueue {
  enqueue(id: string, userId: string): void;
  stats(): { running: number; waiting: number };
  /** Seconds until the queue has drained what it holds now, for Retry-After. */
  retryAfterSeconds(): number;
  stop(timeoutMs?: number): Promise<void>;
}

export function createEmbeddedQueue(opts: {
  deps: JudgeSubmissionDeps;
  scheduler: FairScheduler;
  concurrency: number;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  onDone: (id: string, userId: string) => void;
}): EmbeddedQueue {
  const known = new Set<string>();
  const retryTimers = new Set<NodeJS.Timeout>();
  let running = 0;
  let stopped = false;
  let avgMs = 1000;

  const process = async (id: string, userId: string) => {
    if (stopped) return;
    running++;
    const started = Date.now();
    try {
      await judgeSubmission(opts.deps, id);
      known.delete(id);
      opts.onDone(id, userId);
    } catch (err) {
      if (err instanceof JudgeQueueFullError) {
        // The judge is busy (another user of it): the row is queued again, try once a slot is likely free.
        const timer = setTimeout(() => {
          retryTimers.delete(timer);
          known.delete(id);
          enqueue(id, userId);
        }, err.retryAfterSeconds * 1000);
        timer.unref();
        retryTimers.add(timer);
        return;
      }
      // A database failure: the row stays queued/running and is recovered on the next start.
      known.delete(id);
      opts.log.error({ err, submissionId: id }, 'judging a submission failed');
      opts.onDone(id, userId);
    } finally {
      running--;
      avgMs = avgMs * 0.8 + (Date.now() - started) * 0.2;
    }
  };

  const enqueue = (id: string, userId: string) => {
    if (stopped || known.has(id)) return;
    known.add(id);
    opts.scheduler.schedule('submit', userId, () => process(id, userId)).catch(() => known.delete(id));
  };

  return {
    enqueue,
    stats: () => ({ running, waiting: known.size - running }),
    retryAfterSeconds() {
      const pending = known.size;
      const measured = opts.scheduler.stats().drainPerSecond;
      // Before a minute of history, estimate from the average judging time and the slots.
      const rate = measured > 0 ? measured : Math.max(1, opts.concurrency) / Math.max(0.05, avgMs / 1000);
      return Math.max(1, Math.min(900, Math.ceil(pending / rate)));
    },
    async stop(timeoutMs = 30_000) {
      stopped = true;
      for (const t of retryTimers) clearTimeout(t);
      retryTimers.clear();
      // Still queued in the database: recovered on the next start.
      const until = Date.now() + timeoutMs;
      while (running > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    },
  };
}
