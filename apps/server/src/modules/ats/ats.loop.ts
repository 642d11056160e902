/** The ATS worker (issue 45): every 2 s send due result deliveries; every 10 s find orders whose candidate finished. */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps';
import { createPassLoop } from '../../lib/pass-loop';
import { requireSecretsKey } from '../../lib/secret-box';
import { runDueAtsDeliveries } from './ats.delivery';
import { scanCompletions } from './ats.orders';

export const ATS_TICK_MS = 2_000;
const SCAN_EVERY_TICKS = 5;
const MAX_PASSES_PER_TICK = 20;

export function createAtsLoop(getDeps: () => AppDeps, log: FastifyBaseLogger, tickMs = ATS_TICK_MS) {
  let ticks = 0;
  const tick = async () => {
    const deps = getDeps();
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
  };
  return createPassLoop({ pass: tick, intervalMs: tickMs, log, failMessage: 'ATS loop tick failed' });
}
