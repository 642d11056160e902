/**
 * The PostgreSQL queue: pg-boss carries submission ids to judge workers in any process on any machine
 * (worker.ts). The row stays the source of truth; pg-boss is the delivery. Jobs use the 'short' policy with
 * the submission id as singletonKey, so re-sending (recovery) never piles up duplicates, and the row claim
 * in judgeSubmission() makes a second delivery a no-op.
 */
import { JudgeQueueFullError } from '@assessly/judge';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { type JudgeSubmissionDeps, judgeSubmission } from './judge-submission';

export const JUDGE_QUEUE = 'judge-submission';
/** NOTIFY channel: a worker on any machine tells waiting API processes that a submission is done. */
const JUDGED_CHANNEL = 'assessly_judged';
/** NOTIFY channel: the API wakes idle workers on any machine instead of waiting for their next poll. */
const ENQUEUED_CHANNEL = 'assessly_enqueued';

export interface PgBossQueue {
  start(): Promise<void>;
  enqueue(id: string): Promise<void>;
  stats(): { running: number };
  stop(): Promise<void>;
}

export function createPgBossQueue(opts: {
  url: string;
  deps: JudgeSubmissionDeps;
  /** Start judge workers in this process (false: this process only enqueues). */
  workers: boolean;
  concurrency: number;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
  onDone: (id: string) => void;
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
  const wakeWorkers = () => {
    for (const w of workerIds) boss.notifyWorker(w);
  };

  /** Best effort: without it, waiting requests still see the verdict by polling the row. */
  const listen = async () => {
    const client = new pg.Client({ connectionString: opts.url, application_name: 'assessly-judged-listener' });
    client.on('error', (err) => {
      opts.log.warn({ err }, 'judge: lost the LISTEN connection; waiting requests fall back to polling');
      listener = null;
    });
    client.on('notification', (n) => {
      if (n.channel === JUDGED_CHANNEL && n.payload) opts.onDone(n.payload);
      if (n.channel === ENQUEUED_CHANNEL) wakeWorkers();
    });
    await client.connect();
    await client.query(`LISTEN ${JUDGED_CHANNEL}`);
    if (opts.workers) await client.query(`LISTEN ${ENQUEUED_CHANNEL}`);
    listener = client;
  };

  const handle = async (jobs: PgBoss.Job<{ submissionId: string }>[]) => {
    for (const job of jobs) {
      const id = job.data.submissionId;
      running++;
      try {
        await judgeSubmission(opts.deps, id);
        opts.onDone(id);
        await opts.deps.db.execute(sql`SELECT pg_notify(${JUDGED_CHANNEL}, ${id})`).catch(() => {});
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
      await boss.createQueue(JUDGE_QUEUE, {
        name: JUDGE_QUEUE,
        policy: 'short',
        retryLimit: 10,
        retryDelay: 2,
        // A job whose worker died is retried after this; the row's stale claim allows the re-judge.
        expireInSeconds: 15 * 60,
      });
      if (!opts.workers) return;
      for (let i = 0; i < opts.concurrency; i++) {
        workerIds.push(await boss.work(JUDGE_QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5 }, handle));
      }
    },
    async enqueue(id) {
      await boss.send(JUDGE_QUEUE, { submissionId: id }, { singletonKey: id });
      // Wake a worker now (here, and on other machines) instead of at its next poll.
      wakeWorkers();
      await opts.deps.db.execute(sql`SELECT pg_notify(${ENQUEUED_CHANNEL}, ${id})`).catch(() => {});
    },
    stats: () => ({ running }),
    async stop() {
      await listener?.end().catch(() => {});
      listener = null;
      await boss.stop({ graceful: true, wait: true, timeout: 30_000 });
    },
  };
}
