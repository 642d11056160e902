/**
 * The background part that ends attempts at their deadline: a pass once at start, then every few seconds.
 * Passes never overlap; a failing pass is logged and the next one runs as usual.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app';
import { endExpiredAttempts } from './attempts.finish';

export const AUTO_END_INTERVAL_MS = 5_000;

export function createAutoEndLoop(getDeps: () => AppDeps, log: FastifyBaseLogger, intervalMs = AUTO_END_INTERVAL_MS) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const pass = () => {
    if (running) return running;
    running = endExpiredAttempts(getDeps(), log)
      .catch((err) => log.error({ err }, 'auto-end pass failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  return {
    start() {
      void pass();
      timer = setInterval(pass, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
