/** What the server needs from a judge: the real one (@assessly/judge) or a small fake in queue tests. */
import type { Judge } from '@assessly/judge';

export type JudgeLike = Pick<Judge, 'judge' | 'languages' | 'isolation'> & {
  stats?: Judge['stats'];
  close?: Judge['close'];
};

export type QueueMode = 'embedded' | 'pg-boss';

export interface JudgeHealth {
  state: 'ok' | 'degraded';
  mode: QueueMode;
  /** Whether this process judges queued submissions (false: API only, workers run elsewhere). */
  workers: boolean;
  isolation: ReturnType<Judge['isolation']>;
  languages: Awaited<ReturnType<Judge['languages']>>;
  queue: { running: number; waiting: number; backlogLimit: number };
}

/** The judging part of the server: a local judge for runs and a queue that judges stored submissions. */
export interface JudgingService {
  readonly mode: QueueMode;
  readonly judge: JudgeLike;
  /** How long POST /api/submissions waits for the verdict before answering 202. */
  readonly submitWaitMs: number;
  /** Unjudged submissions one user may have at once (POST /api/submissions answers 429 beyond). */
  readonly perUserPending: number;
  /** Throws JUDGE_BUSY (503 + Retry-After) when the backlog of stored, unjudged submissions is full. */
  assertCapacity(): Promise<void>;
  /** Hands a stored (queued) submission to the queue. */
  enqueue(submissionId: string): Promise<void>;
  /** Resolves when this process sees the submission finish, or after `ms` (callers re-read the row). */
  waitSignal(submissionId: string, ms: number): Promise<void>;
  /** Recovers queued/running rows and starts the workers of this process. */
  start(): Promise<void>;
  stop(): Promise<void>;
  health(): Promise<JudgeHealth>;
}
