/** What the server needs from a judge: the real one (@assessly/judge) or a small fake in queue tests. */
import type { Judge } from '@assessly/judge';
import type { SchedulerStats } from './fair-scheduler';

export type JudgeLike = Pick<Judge, 'judge' | 'languages' | 'isolation'> & {
  /** Project runs (issue 43); a judge without them answers project routes with JUDGE_BUSY. */
  project?: Judge['project'];
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
  queue: { running: number; waiting: number; backlogLimit: number; listening?: boolean };
  /** The local fair scheduler: runs and submissions waiting, measured queue wait, drain rate. */
  fairness: SchedulerStats;
}

/** Called with a submission id when one of the subscribed candidate's submissions is done. */
export type VerdictListener = (submissionId: string) => void;

/** The judging part of the server: a local judge for runs and a queue that judges stored submissions. */
export interface JudgingService {
  readonly mode: QueueMode;
  readonly judge: JudgeLike;
  /** How long POST /api/submissions waits for the verdict before answering 202. */
  readonly submitWaitMs: number;
  /** Unjudged submissions one user may have at once (POST /api/submissions answers 429 beyond). */
  readonly perUserPending: number;
  /**
   * Throws JUDGE_BUSY (503 + an honest Retry-After from the measured drain rate) when the backlog of stored,
   * unjudged submissions is full, unless the attempt has fewer than that many seconds left (`secondsLeft`).
   */
  assertCapacity(secondsLeft?: number): Promise<void>;
  /** Hands a stored (queued) submission to the queue. */
  enqueue(submissionId: string, userId: string): Promise<void>;
  /** Judges a Run in this candidate's lane (one at a time per candidate; a newer run supersedes a waiting one). */
  runJudge(userId: string, spec: Parameters<Judge['judge']>[0]): ReturnType<Judge['judge']>;
  /** Calls `fn` with the id of each of this user's submissions that finishes; returns the unsubscribe. */
  subscribe(userId: string, fn: VerdictListener): () => void;
  /** About how many submissions are judged before this user's next one. */
  queuePlace(userId: string): Promise<number>;
  /** The same from memory (embedded queue), null when nothing of this user waits or the queue is shared. */
  livePlace(userId: string): number | null;
  /** Resolves when this process sees the submission finish, or after `ms` (callers re-read the row). */
  waitSignal(submissionId: string, ms: number): Promise<void>;
  /** Recovers queued/running rows and starts the workers of this process. */
  start(): Promise<void>;
  stop(): Promise<void>;
  health(): Promise<JudgeHealth>;
}
