/**
 * The judging service: one local judge (runs, languages, health) plus the submission queue, embedded
 * (in-process pool) with PGlite, pg-boss with PostgreSQL. See README.md in this folder.
 */
import os from 'node:os';
import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { submissions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { createEmbeddedQueue } from './embedded-queue';
import { createFairScheduler } from './fair-scheduler';
import { STALE_RUNNING_MS } from './judge-submission';
import type { JudgeHealth, JudgeLike, JudgingService, QueueMode, VerdictListener } from './judging.types';
import { createPgBossQueue, lostTurnKey } from './pg-boss-queue';

export interface JudgingOptions {
  deps: Pick<AppDeps, 'db' | 'database' | 'clock'>;
  judge: JudgeLike;
  /** Default: pg-boss when the database is PostgreSQL, embedded otherwise. */
  mode?: QueueMode;
  /** Judge queued submissions in this process (default true; pg-boss mode only may turn it off). */
  workers?: boolean;
  /** Submissions judged at once by this process (default: the judge's own concurrency, or one per core). */
  concurrency?: number;
  /** Stored-but-unjudged submissions beyond which POST /api/submissions answers 503 (default 200). */
  backlogLimit?: number;
  submitWaitMs?: number;
  /** Unjudged submissions one user may have at once (default 3). */
  perUserPending?: number;
  /** Close the judge on stop (when this service created it). */
  closeJudge?: boolean;
  log?: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
}

const silentLog = { error() {}, warn() {}, info() {} };
/** Re-sends queued rows and rows whose worker stopped its heartbeat this often (pg-boss mode). */
const SWEEP_EVERY_MS = 3_000;
/** Queued rows (a job pg-boss lost) are re-sent every 20th pass, once a minute. */
const QUEUED_SWEEP_EVERY = 20;
/** Retry-After never says more than this (a full queue at a drive drains within minutes). */
const MAX_RETRY_AFTER_S = 900;

/** Internal Errors reach candidates only as a generic message (projection.ts): their full text goes here. */
function logInternalErrors(judge: JudgeLike, log: Pick<FastifyBaseLogger, 'error'>): JudgeLike {
  return {
    languages: () => judge.languages(),
    isolation: () => judge.isolation(),
    ...(judge.stats ? { stats: () => judge.stats!() } : {}),
    ...(judge.close ? { close: () => judge.close!() } : {}),
    ...(judge.project
      ? {
          async project(req) {
            const result = await judge.project!(req);
            if (result.verdict === 'Internal Error')
              log.error({ stack: req.stack, detail: result.message }, 'judge: project internal error');
            return result;
          },
        }
      : {}),
    async judge(req) {
      const result = await judge.judge(req);
      if (result.verdict === 'Internal Error')
        log.error({ language: req.language, detail: result.compileOutput }, 'judge: internal error');
      return result;
    },
  };
}

export function createJudgingService(opts: JudgingOptions): JudgingService {
  const { deps } = opts;
  const log = opts.log ?? silentLog;
  const judge = logInternalErrors(opts.judge, log);
  const mode: QueueMode = opts.mode ?? (deps.database.mode === 'postgres' ? 'pg-boss' : 'embedded');
  if (mode === 'pg-boss' && !deps.database.url)
    throw new Error('the pg-boss queue needs a PostgreSQL connection string');
  const workers = mode === 'embedded' ? true : (opts.workers ?? true);
  const concurrency = Math.max(1, opts.concurrency ?? judge.stats?.().concurrency ?? os.availableParallelism());
  const backlogLimit = Math.max(1, opts.backlogLimit ?? 200);
  const judgeDeps = { db: deps.db, clock: deps.clock, judge };
  const scheduler = createFairScheduler({ concurrency });

  const listeners = new Map<string, Set<() => void>>();
  const subscribers = new Map<string, Set<VerdictListener>>();
  const onDone = (id: string, userId?: string) => {
    for (const fn of listeners.get(id) ?? []) fn();
    listeners.delete(id);
    if (userId) for (const fn of subscribers.get(userId) ?? []) fn(id);
  };
  const embedded =
    mode === 'embedded' ? createEmbeddedQueue({ deps: judgeDeps, scheduler, concurrency, log, onDone }) : null;
  const boss =
    mode === 'pg-boss'
      ? createPgBossQueue({ url: deps.database.url!, deps: judgeDeps, scheduler, workers, concurrency, log, onDone })
      : null;
  let sweepTimer: NodeJS.Timeout | null = null;

  const countPending = async (statuses: ('queued' | 'running')[] = ['queued', 'running']) => {
    const [row] = await deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(submissions)
      .where(inArray(submissions.status, statuses));
    return Number(row?.n ?? 0);
  };

  /** Re-sends queued rows and rows whose worker died (stale running); the claim makes duplicates harmless. */
  let sweeps = 0;
  const sweep = async () => {
    // Stale running rows (a dead worker) every pass; queued rows (a lost job) only every twelfth pass.
    const withQueued = sweeps++ % QUEUED_SWEEP_EVERY === 0;
    const staleBefore = new Date(deps.clock.now().getTime() - STALE_RUNNING_MS);
    const rows = await deps.db
      .select({
        id: submissions.id,
        userId: submissions.userId,
        status: submissions.status,
        attempts: submissions.judgeAttempts,
      })
      .from(submissions)
      .where(
        or(
          withQueued ? eq(submissions.status, 'queued') : undefined,
          and(eq(submissions.status, 'running'), lt(submissions.claimedAt, staleBefore)),
        ),
      )
      .orderBy(asc(submissions.createdAt));
    // A dead worker's turn died with it, and the turn it took may have been another submission's (a turn claims
    // the fairest row, not its own), whose job may still be waiting: re-sent under the submission's own key, the
    // stale row would be folded into that waiting job and the deployment would stay a turn short. Keyed by the
    // dead claim (as the worker that takes the row over keys its own give-back, pg-boss-queue.ts), it adds one.
    for (const { id, userId, status, attempts } of rows)
      await boss!.enqueue(id, userId, status === 'running' ? lostTurnKey(id, attempts) : id);
    return rows.length;
  };

  /** Submissions judged a second over the last minute, by any worker (the drain rate of the shared queue). */
  const drainRate = async () => {
    const since = new Date(deps.clock.now().getTime() - 60_000);
    const [row] = await deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(submissions)
      .where(and(inArray(submissions.status, ['judged', 'error']), sql`${submissions.judgedAt} > ${since}`));
    return Number(row?.n ?? 0) / 60;
  };

  return {
    mode,
    judge,
    submitWaitMs: opts.submitWaitMs ?? 60_000,
    perUserPending: Math.max(1, opts.perUserPending ?? 3),

    runJudge(userId, spec) {
      return scheduler.schedule('run', userId, () => judge.judge(spec));
    },

    subscribe(userId, fn) {
      const set = subscribers.get(userId) ?? new Set();
      subscribers.set(userId, set);
      set.add(fn);
      return () => {
        set.delete(fn);
        if (set.size === 0) subscribers.delete(userId);
      };
    },

    async queuePlace(userId) {
      if (embedded) return scheduler.placeOf('submit', userId) ?? 0;
      return countPending(['queued']);
    },

    livePlace(userId) {
      return embedded ? scheduler.placeOf('submit', userId) : null;
    },

    async assertCapacity(secondsLeft) {
      let pending: number;
      let retryAfter: number;
      if (embedded) {
        const s = embedded.stats();
        pending = s.running + s.waiting;
        retryAfter = embedded.retryAfterSeconds();
      } else {
        pending = await countPending();
        const rate = (await drainRate()) || concurrency / 2;
        retryAfter = Math.max(1, Math.min(MAX_RETRY_AFTER_S, Math.ceil(pending / rate)));
      }
      // Code sent this close to the deadline could not be sent again in time: it is stored and judged later.
      if (secondsLeft !== undefined && secondsLeft <= retryAfter + 5) return;
      if (pending >= backlogLimit) {
        throw new AppError('JUDGE_BUSY', `The judge is busy. Please try again in ${retryAfter} seconds.`, undefined, {
          'Retry-After': String(retryAfter),
        });
      }
    },

    async enqueue(id, userId) {
      if (embedded) embedded.enqueue(id, userId);
      else await boss!.enqueue(id, userId);
    },

    waitSignal(id, ms) {
      return new Promise<void>((resolve) => {
        const set = listeners.get(id) ?? new Set();
        listeners.set(id, set);
        const done = () => {
          clearTimeout(timer);
          set.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        timer.unref();
        set.add(done);
      });
    },

    async start() {
      if (embedded) {
        // One process owns the embedded queue: whatever was running when it stopped is queued again.
        await deps.db
          .update(submissions)
          .set({ status: 'queued', claimedAt: null })
          .where(eq(submissions.status, 'running'));
        const rows = await deps.db
          .select({ id: submissions.id, userId: submissions.userId })
          .from(submissions)
          .where(eq(submissions.status, 'queued'))
          .orderBy(asc(submissions.createdAt));
        for (const { id, userId } of rows) embedded.enqueue(id, userId);
        if (rows.length) log.info(`judge: recovered ${rows.length} queued submission(s)`);
        return;
      }
      await boss!.start();
      if (!workers) return;
      const n = await sweep();
      if (n) log.info(`judge: re-sent ${n} queued submission(s)`);
      sweepTimer = setInterval(() => {
        sweep().catch((err) => log.error({ err }, 'judge: recovery sweep failed'));
      }, SWEEP_EVERY_MS);
      sweepTimer.unref();
    },

    async stop() {
      if (sweepTimer) clearInterval(sweepTimer);
      scheduler.close();
      await embedded?.stop();
      await boss?.stop();
      if (opts.closeJudge) await judge.close?.();
    },

    async health(): Promise<JudgeHealth> {
      const languages = await judge.languages();
      const isolation = judge.isolation();
      const queue = embedded
        ? embedded.stats()
        : { ...boss!.stats(), waiting: await countPending(['queued']).catch(() => -1) };
      const degraded =
        isolation.warnings.length > 0 || isolation.sandbox === 'none' || languages.some((l) => !l.available);
      return {
        state: degraded ? 'degraded' : 'ok',
        mode,
        workers,
        isolation,
        languages,
        queue: { ...queue, backlogLimit },
        fairness: scheduler.stats(),
      };
    },
  };
}
