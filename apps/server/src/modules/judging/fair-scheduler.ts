/**
 * Fair access to the local judge (issue 16). Every judging (a Run of the visible examples, or a stored
 * submission) waits in its candidate's lane; free slots go round-robin over candidates, runs before
 * submissions (but never more than RUNS_PER_SUBMISSION runs in a row while a submission waits), and a
 * candidate never has more than one run and one submission judged at once. A newer run
 * replaces that candidate's older run still waiting (its caller gets RUN_SUPERSEDED), so one candidate
 * pressing Run forty times holds at most one waiting run. Queue wait and the drain rate are measured here.
 * Issue 23: with two slots or more, one slot is reserved for runs — submissions never hold every slot, so
 * endless submissions of some candidates cannot keep another candidate's Run waiting.
 */
import { AppError } from '../../lib/errors';

export type JobClass = 'run' | 'submit';

interface Job {
  cls: JobClass;
  key: string;
  enqueuedAt: number;
  start: () => void;
  cancel: (err: Error) => void;
}

interface Lane {
  run: Job[];
  submit: Job[];
  active: Record<JobClass, boolean>;
}

export interface WaitFigures {
  count: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export interface SchedulerStats {
  running: number;
  waiting: Record<JobClass, number>;
  /** Queue wait (enqueued → started) of the last judgings of each class. */
  wait: Record<JobClass, WaitFigures>;
  /** Submissions finished per second over the last minute (the drain rate behind Retry-After). */
  drainPerSecond: number;
}

export interface FairScheduler {
  /** Runs `task` when a slot is free and it is this candidate's turn in its class. */
  schedule<T>(cls: JobClass, key: string, task: () => Promise<T>): Promise<T>;
  /**
   * About how many jobs start before the latest waiting job of `key` in this class (0 = next), or null
   * when `key` has nothing waiting.
   */
  placeOf(cls: JobClass, key: string): number | null;
  stats(): SchedulerStats;
  /** Rejects everything still waiting (shutdown); running tasks finish on their own. */
  close(): void;
}

const WAIT_SAMPLES = 500;
/** Runs go first, but never more than this many in a row while a submission waits (no starvation). */
export const RUNS_PER_SUBMISSION = 3;
const DRAIN_WINDOW_MS = 60_000;

function figures(samples: number[]): WaitFigures {
  if (samples.length === 0) return { count: 0, p50Ms: 0, p95Ms: 0, maxMs: 0 };
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { count: s.length, p50Ms: at(0.5), p95Ms: at(0.95), maxMs: s[s.length - 1]! };
}

/** Slots only runs may use: one when there are two or more (a single slot is shared, runs first). */
export function reservedRunSlots(concurrency: number): number {
  return concurrency >= 2 ? 1 : 0;
}

export function createFairScheduler(opts: { concurrency: number; now?: () => number }): FairScheduler {
  const now = opts.now ?? Date.now;
  const concurrency = Math.max(1, opts.concurrency);
  const submitSlots = concurrency - reservedRunSlots(concurrency);
  let runningSubmits = 0;
  const lanes = new Map<string, Lane>();
  // Round-robin order per class: a served candidate moves to the back.
  const order: Record<JobClass, string[]> = { run: [], submit: [] };
  const waits: Record<JobClass, number[]> = { run: [], submit: [] };
  const finishedAt: number[] = [];
  let running = 0;
  let closed = false;

  const laneOf = (key: string) => {
    let lane = lanes.get(key);
    if (!lane) {
      lane = { run: [], submit: [], active: { run: false, submit: false } };
      lanes.set(key, lane);
    }
    return lane;
  };
  const dropIfIdle = (key: string) => {
    const lane = lanes.get(key);
    if (lane && !lane.run.length && !lane.submit.length && !lane.active.run && !lane.active.submit) lanes.delete(key);
  };

  const next = (cls: JobClass): Job | undefined => {
    const keys = order[cls];
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const lane = lanes.get(key);
      if (!lane || lane.active[cls] || lane[cls].length === 0) continue;
      keys.splice(i, 1);
      if (lane[cls].length > 1) keys.push(key);
      return lane[cls].shift();
    }
    return undefined;
  };

  let runsInARow = 0;
  const nextSubmit = () => (runningSubmits < submitSlots ? next('submit') : undefined);
  const pick = (): Job | undefined => {
    if (runsInARow >= RUNS_PER_SUBMISSION) {
      const submission = nextSubmit();
      if (submission) {
        runsInARow = 0;
        return submission;
      }
    }
    const run = next('run');
    if (run) {
      runsInARow++;
      return run;
    }
    runsInARow = 0;
    return nextSubmit();
  };

  const pump = () => {
    while (!closed && running < concurrency) {
      const job = pick();
      if (!job) return;
      running++;
      if (job.cls === 'submit') runningSubmits++;
      laneOf(job.key).active[job.cls] = true;
      const w = waits[job.cls];
      w.push(now() - job.enqueuedAt);
      if (w.length > WAIT_SAMPLES) w.shift();
      job.start();
    }
  };

  const done = (job: Job) => {
    running--;
    if (job.cls === 'submit') runningSubmits--;
    const lane = laneOf(job.key);
    lane.active[job.cls] = false;
    // The candidate's next job of this class waits behind everyone else's turn.
    if (lane[job.cls].length > 0 && !order[job.cls].includes(job.key)) order[job.cls].push(job.key);
    if (job.cls === 'submit') {
      const t = now();
      finishedAt.push(t);
      while (finishedAt.length && finishedAt[0]! < t - DRAIN_WINDOW_MS) finishedAt.shift();
    }
    dropIfIdle(job.key);
    pump();
  };

  return {
    schedule<T>(cls: JobClass, key: string, task: () => Promise<T>): Promise<T> {
      if (closed) return Promise.reject(new AppError('SERVICE_UNAVAILABLE', 'The judge is shutting down'));
      return new Promise<T>((resolve, reject) => {
        const lane = laneOf(key);
        const job: Job = {
          cls,
          key,
          enqueuedAt: now(),
          start: () => {
            task()
              .then(resolve, reject)
              .finally(() => done(job));
          },
          cancel: reject,
        };
        if (cls === 'run') {
          for (const older of lane.run.splice(0)) {
            older.cancel(new AppError('RUN_SUPERSEDED', 'A newer run of yours replaced this one'));
          }
        }
        lane[cls].push(job);
        if (!lane.active[cls] && !order[cls].includes(key)) order[cls].push(key);
        pump();
      });
    },

    placeOf(cls, key) {
      let ahead = 0;
      for (const k of order[cls]) {
        if (k === key) break;
        if ((lanes.get(k)?.[cls].length ?? 0) > 0) ahead++;
      }
      const own = lanes.get(key)?.[cls].length ?? 0;
      if (own === 0) return null;
      const lanesWaiting = order[cls].filter((k) => (lanes.get(k)?.[cls].length ?? 0) > 0).length;
      // Each earlier waiting job of this candidate costs one full round; runs go first.
      return ahead + (own - 1) * Math.max(1, lanesWaiting) + (cls === 'submit' ? this.stats().waiting.run : 0);
    },

    stats() {
      let run = 0;
      let submit = 0;
      for (const lane of lanes.values()) {
        run += lane.run.length;
        submit += lane.submit.length;
      }
      const t = now();
      const recent = finishedAt.filter((f) => f >= t - DRAIN_WINDOW_MS).length;
      return {
        running,
        waiting: { run, submit },
        wait: { run: figures(waits.run), submit: figures(waits.submit) },
        drainPerSecond: recent / (DRAIN_WINDOW_MS / 1000),
      };
    },

    close() {
      closed = true;
      for (const lane of lanes.values()) {
        for (const job of [...lane.run.splice(0), ...lane.submit.splice(0)]) {
          job.cancel(new AppError('SERVICE_UNAVAILABLE', 'The judge is shutting down'));
        }
      }
    },
  };
}
