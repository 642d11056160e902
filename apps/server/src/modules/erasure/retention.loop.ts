/** The daily purge job: once soon after start, then every day. Safe on several servers (idempotent). */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps';
import { purgeExpired } from './retention.service';

export const PURGE_EVERY_MS = 86_400_000;
const FIRST_RUN_MS = 60_000;

export function createRetentionLoop(getDeps: () => AppDeps, log: FastifyBaseLogger) {
  let first: NodeJS.Timeout | null = null;
  let daily: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const run = () => {
    if (running) return;
    running = purgeExpired(getDeps())
      .then((n) => log.info({ purged: n }, 'retention purge done'))
      .catch((err) => log.error({ err }, 'retention purge failed'))
      .finally(() => {
        running = null;
      });
  };
  return {
    start() {
      first = setTimeout(run, FIRST_RUN_MS);
      daily = setInterval(run, PURGE_EVERY_MS);
      first.unref();
      daily.unref();
    },
    async stop() {
      if (first) clearTimeout(first);
      if (daily) clearInterval(daily);
      await running;
    },
  };
}
