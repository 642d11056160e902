/** The ATS worker (issue 45): every 2 s send due result deliveries; every 10 s find orders whose candidate finished. */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireSecretsKey } from '../../lib/secret-box';
import { runDueAtsDeliveries } from './ats.delivery';
import { scanCompletions } from './ats.orders';

export const ATS_TICK_MS = 2_000;
const SCAN_EVERY_TICKS = 5;
const MAX_PASSES_PER_TICK = 20;

export function createAtsLoop(getDeps: () => AppDeps, log: FastifyBaseLogger, tickMs = ATS_TICK_MS) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let ticks = 0;
  const tick = async () => {
    const deps = getDeps();
    try {
      if (ticks++ % SCAN_EVERY_TICKS === 0) await scanCompletions(deps);
      const delivery = {
        db: deps.db,
        clock: deps.clock,
        allowPrivate: !!deps.config.webhookAllowPrivate,
        secretsKey: requireSecretsKey(deps.config),
      };
      for (let pass = 0; pass < MAX_PASSES_PER_TICK; pass++) {
        if ((await runDueAtsDeliveries(delivery)) === 0) break;
      }
    } catch (err) {
      log.error({ err }, 'ATS loop tick failed');
    }
  };
  return {
    start() {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = tick().finally(() => {
          running = null;
        });
      }, tickMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
    tick,
  };
}
