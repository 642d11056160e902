/**
 * The judge as a part of the API process (parts.ts): the real sandboxed judge and the queue.
 * Settings (config.ts): JUDGE_CONCURRENCY (runs at once, default one per core), JUDGE_WORKERS=0 (PostgreSQL
 * only: this process enqueues, separate worker.ts processes judge), JUDGE_MAX_BACKLOG (default 200), JUDGE_NICE
 * (CPU priority of compiles and runs, default 10: below this process's).
 */
import { startJudgeProcess } from '@assessly/judge';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps, Parts } from '../../deps';
import { createJudgingService } from './judging.service';

export async function createJudgingPart(deps: AppDeps, log: FastifyBaseLogger): Promise<Parts> {
  const { judgeWorkers: workers } = deps.config;
  const concurrency = deps.config.judgeConcurrency ?? undefined;
  // The pool lives in a small child process: sandbox spawns from this (large, PGlite-holding) process cost
  // ~25 ms more each, measured as 750 ms instead of 430 ms for a 10-case Python run.
  const judge = await startJudgeProcess({ concurrency, nice: deps.config.judgeNice });
  const judging = createJudgingService({
    deps,
    judge,
    workers,
    concurrency,
    backlogLimit: deps.config.judgeMaxBacklog ?? undefined,
    closeJudge: true,
    log,
  });
  const iso = judge.isolation();
  for (const w of iso.warnings) log.warn(`judge isolation: ${w}`);
  return {
    deps: { judging },
    async start() {
      await judging.start();
      log.info(
        `judge: ${judging.mode} queue, sandbox ${iso.sandbox}, memory ${iso.memory}${workers ? '' : ', no local workers'}`,
      );
      // Builds the C++ header and Java archive in the background so the first submission is fast.
      judge.warmup().catch((err) => log.warn({ err }, 'judge warm-up failed'));
    },
    stop: () => judging.stop(),
  };
}
