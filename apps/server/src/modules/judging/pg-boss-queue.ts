/**
 * The PostgreSQL queue: pg-boss carries submission ids to judge workers in any process on any machine
 * (worker.ts). The row stays the source of truth; pg-boss is the delivery. Jobs use the 'short' policy with
 * the submission id as singletonKey, so re-sending (recovery) never piles up duplicates. A delivered job is a
 * turn: its worker claims the fairest waiting submission of the deployment (fair-claim.ts), and a turn that
 * finds nothing waiting is a no-op.
 */
import { JudgeQueueFullError } from '@assessly/judge';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { claimFairest } from './fair-claim';
import type { FairScheduler } from './fair-scheduler';
import { HEARTBEAT_MS, type JudgeSubmissionDeps, judgeClaimedRow } from './judge-submission';

export const JUDGE_QUEUE = 'judge-submission';
/** The job key of the turn that replaces one lost with the worker that made claim number `attempt` of `id`. */
export const lostTurnKey = (id: string, attempt: number) => `${id}:lost:${attempt}`;
/** NOTIFY channel: a worker on any machine tells waiting API processes that a submission is done. */
const JUDGED_CHANNEL = 'assessly_judged';
/** NOTIFY channel: the API wakes idle workers on any machine instead of waiting for their next poll. */
const ENQUEUED_CHANNEL = 'assessly_enqueued';
const LISTEN_RETRY_MS = 2000;
/** A LISTEN connection attempt (or its LISTEN) that takes longer gives up and is tried again. */
const LISTEN_CONNECT_TIMEOUT_MS = 10_000;

export interface PgBossQueue {
  start(): Promise<void>;
  /**
   * A turn for submission `id`. `key` (default: the id) is the job's singletonKey: a turn with that key still
   * waiting makes this one a no-op.
   */
  enqueue(id: string, userId: string, key?: string): Promise<void>;
  /** `listening`: the LISTEN connection is up (verdicts and wake-ups arrive at once, not by polling). */
  stats(): { running: number; listening: boolean };
  stop(): Promise<void>;
}

export function createPgBossQueue(opts: {
  url: string;
  deps: JudgeSubmissionDeps;
  scheduler: FairScheduler;
  /** Start judge workers in this process (false: this process only enqueues). */
  workers: boolean;
  concurrency: number;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
  onDone: (id: string, userId?: string) => void;
}): PgBossQueue {
  const boss = new PgBoss({
    connectionString: opts.url,
    max: opts.workers ? opts.concurrency + 2 : 2,
    schedule: false,
    supervise: opts.workers,
    application_name: opts.workers ? 'assessly-judge-worker' : 'assessly-api',
  });
  boss.on('error', (err) => opts.log.error({ err }, 'pg-boss error'));
  const workerIds: string[] = [];
  let running = 0;
  let listener: pg.Client | null = null;
  let stopped = false;
  let reconnectTimer: NodeJS.Timeout | null = null;
  const wakeWorkers = () => {
    for (const w of workerIds) boss.notifyWorker(w);
  };

  /**
   * Best effort: without it, waiting requests still see the verdict by polling the row. A lost connection
   * (database restart, terminated backend) is re-opened every few seconds until it works again. A connection
   * attempt that hangs gives up after LISTEN_CONNECT_TIMEOUT_MS and is tried again like a refused one, and TCP
   * keepalive finds a peer that vanished without closing.
   */
  const listen = async () => {
    const client = new pg.Client({
      connectionString: opts.url,
      application_name: 'assessly-judged-listener',
      connectionTimeoutMillis: LISTEN_CONNECT_TIMEOUT_MS,
      query_timeout: LISTEN_CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (listener === client) listener = null;
      client.end().catch(() => {});
      if (stopped) return;
      opts.log.warn({ err }, 'judge: lost the LISTEN connection; reconnecting (waiting requests poll meanwhile)');
      scheduleReconnect();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (n) => {
      if (n.channel === JUDGED_CHANNEL && n.payload) {
        const [id, userId] = n.payload.split(':');
        if (id) opts.onDone(id, userId || undefined);
      }
      if (n.channel === ENQUEUED_CHANNEL) wakeWorkers();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${JUDGED_CHANNEL}`);
      if (opts.workers) await client.query(`LISTEN ${ENQUEUED_CHANNEL}`);
    } catch (err) {
      onLost(err as Error);
      throw err;
    }
    listener = client;
    // A verdict may have been missed while disconnected: workers look at the queue now.
    wakeWorkers();
  };
  const scheduleReconnect = () => {
    if (stopped || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      listen().catch(() => {}); // onLost schedules the next try
    }, LISTEN_RETRY_MS);
    reconnectTimer.unref();
  };

  const handle = async (jobs: PgBoss.Job<{ submissionId: string; userId?: string }>[]) => {
    for (const job of jobs) {
      const id = job.data.submissionId;
      const userId = job.data.userId ?? id;
      running++;
      try {
        // The fair scheduler shares this process's judge between runs (first) and submissions; the job is a
        // turn: it judges the fairest waiting submission of the whole deployment (fair-claim.ts), maybe not its own.
        const judged = await opts.scheduler.schedule('submit', userId, async () => {
          const row = await claimFairest(opts.deps);
          // Claimed before (a dead worker's row, taken over): that claim used up a turn and gave no verdict, and
          // its job stays active until it expires, so the deployment is a turn short; without this one the last
          // queued row waited for the queued sweep (the topology drive's kill -9 of a worker: a 27 s stall).
          // Same key as the sweep's re-send of the dead claim: one extra turn, not two.
          if (row && row.judgeAttempts > 1)
            await boss
              .send(
                JUDGE_QUEUE,
                { submissionId: row.id, userId: row.userId },
                { singletonKey: lostTurnKey(row.id, row.judgeAttempts - 1) },
              )
              .catch((err) => opts.log.warn({ err }, 'judge: could not give back a lost turn'));
          if (row) await judgeClaimedRow(opts.deps, row, HEARTBEAT_MS);
          return row;
        });
        if (!judged) continue;
        opts.onDone(judged.id, judged.userId);
        const payload = `${judged.id}:${judged.userId}`;
        await opts.deps.db.execute(sql`SELECT pg_notify(${JUDGED_CHANNEL}, ${payload})`).catch(() => {});
      } catch (err) {
        // Busy judge or a database failure: failing the job makes pg-boss retry it (retryLimit below).
        if (!(err instanceof JudgeQueueFullError))
          opts.log.error({ err, submissionId: id }, 'judging a submission failed');
        throw err;
      } finally {
        running--;
      }
    }
  };

  return {
    async start() {
      await boss.start();
      await listen().catch((err) => opts.log.warn({ err }, 'judge: LISTEN failed; waiting requests poll instead'));
      // Processes started together (an API and workers after a restart) create the queue at the same time, and
      // PostgreSQL may pick one of them as a deadlock victim: that one tries again.
      for (let attempt = 1; ; attempt++) {
        try {
          await boss.createQueue(JUDGE_QUEUE, {
            name: JUDGE_QUEUE,
            policy: 'short',
            retryLimit: 10,
            retryDelay: 2,
            // A worker that dies leaves its job active until this expiry; the recovery sweep does not wait for it:
            // the row's heartbeat stops, and the sweep re-sends the id within STALE_RUNNING_MS + the sweep period.
            expireInSeconds: 15 * 60,
          });
          break;
        } catch (err) {
          if ((err as { code?: string }).code !== '40P01' || attempt >= 5) throw err;
          await new Promise((r) => setTimeout(r, 100 + Math.random() * 400 * attempt));
        }
      }
      if (!opts.workers) return;
      for (let i = 0; i < opts.concurrency; i++) {
        workerIds.push(await boss.work(JUDGE_QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5 }, handle));
      }
    },
    async enqueue(id, userId, key = id) {
      await boss.send(JUDGE_QUEUE, { submissionId: id, userId }, { singletonKey: key });
      // Wake a worker now (here, and on other machines) instead of at its next poll.
      wakeWorkers();
      await opts.deps.db.execute(sql`SELECT pg_notify(${ENQUEUED_CHANNEL}, ${id})`).catch(() => {});
    },
    stats: () => ({ running, listening: listener !== null }),
    async stop() {
      stopped = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      await listener?.end().catch(() => {});
      listener = null;
      await boss.stop({ graceful: true, wait: true, timeout: 30_000 });
    },
  };
}
