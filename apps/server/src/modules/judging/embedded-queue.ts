/**
 * The embedded queue: submission ids in memory, `concurrency` judged at once by the in-process judge.
 * Only the id lives here; the row is the durable record, so a restart recovers everything (see start()).
 */
import { JudgeQueueFullError } from '@assessly/judge';
import type { FastifyBaseLogger } from 'fastify';
import { type JudgeSubmissionDeps, judgeSubmission } from './judge-submission';

export interface EmbeddedQueue {
  enqueue(id: string): void;
  stats(): { running: number; waiting: number };
  /** Seconds until a slot is likely free, for Retry-After. */
  retryAfterSeconds(): number;
  stop(timeoutMs?: number): Promise<void>;
}

export function createEmbeddedQueue(opts: {
  deps: JudgeSubmissionDeps;
  concurrency: number;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  onDone: (id: string) => void;
}): EmbeddedQueue {
  const pending: string[] = [];
  const known = new Set<string>();
  const retryTimers = new Set<NodeJS.Timeout>();
  let running = 0;
  let stopped = false;
  let avgMs = 1000;

  const pump = () => {
    while (!stopped && running < opts.concurrency && pending.length > 0) {
      const id = pending.shift()!;
      running++;
      void process(id).finally(() => {
        running--;
        pump();
      });
    }
  };

  const process = async (id: string) => {
    const started = Date.now();
    try {
      await judgeSubmission(opts.deps, id);
      known.delete(id);
      opts.onDone(id);
    } catch (err) {
      if (err instanceof JudgeQueueFullError) {
        // The judge is busy with runs: the row is queued again, try once a slot is likely free.
        const timer = setTimeout(() => {
          retryTimers.delete(timer);
          known.delete(id);
          enqueue(id);
        }, err.retryAfterSeconds * 1000);
        timer.unref();
        retryTimers.add(timer);
        return;
      }
      // A database failure: the row stays queued/running and is recovered on the next start.
      known.delete(id);
      opts.log.error({ err, submissionId: id }, 'judging a submission failed');
      opts.onDone(id);
    } finally {
      avgMs = avgMs * 0.8 + (Date.now() - started) * 0.2;
    }
  };

  const enqueue = (id: string) => {
    if (stopped || known.has(id)) return;
    known.add(id);
    pending.push(id);
    pump();
  };

  return {
    enqueue,
    stats: () => ({ running, waiting: pending.length + retryTimers.size }),
    retryAfterSeconds() {
      const waves = Math.ceil((pending.length + running + 1) / Math.max(1, opts.concurrency));
      return Math.max(1, Math.min(60, Math.ceil((waves * avgMs) / 1000)));
    },
    async stop(timeoutMs = 30_000) {
      stopped = true;
      for (const t of retryTimers) clearTimeout(t);
      retryTimers.clear();
      pending.length = 0; // still queued in the database: recovered on the next start
      const until = Date.now() + timeoutMs;
      while (running > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    },
  };
}
