/** The webhook worker: every 2 s send due deliveries; every 10 s enqueue new attempt events. */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireSecretsKey } from '../../lib/secret-box';
import { runDueDeliveries } from './webhooks.delivery';
import { scanAttemptEvents } from './webhooks.events';

export const WEBHOOK_TICK_MS = 2_000;
/** The attempt scanner runs every this many ticks (it reads attempts; deliveries are cheap to poll). */
const SCAN_EVERY_TICKS = 5;
/** Bounds one tick's work (then the scanner and the next tick get their turn). */
const MAX_PASSES_PER_TICK = 50;

export function createWebhookLoop(getDeps: () => AppDeps, log: FastifyBaseLogger, tickMs = WEBHOOK_TICK_MS) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let ticks = 0;
  const tick = async () => {
    const deps = getDeps();
    try {
      if (ticks++ % SCAN_EVERY_TICKS === 0) await scanAttemptEvents({ ...deps, publicUrl: deps.config.publicUrl });
      // Passes are fair (a few deliveries per webhook each); run them back to back while there is work.
      const delivery = {
        db: deps.db,
        clock: deps.clock,
        allowPrivate: !!deps.config.webhookAllowPrivate,
        secretsKey: requireSecretsKey(deps.config),
      };
      for (let pass = 0; pass < MAX_PASSES_PER_TICK; pass++) {
        if ((await runDueDeliveries(delivery)) === 0) break;
      }
    } catch (err) {
      log.error({ err }, 'webhook loop tick failed');
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
