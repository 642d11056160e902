/**
 * The background part that ends attempts at their deadline: a pass once at start, then every few seconds.
 * Passes never overlap; a failing pass is logged and the next one runs as usual.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps';
import { createPassLoop } from '../../lib/pass-loop';
import { endExpiredAttempts } from './attempts.finish';

export const AUTO_END_INTERVAL_MS = 5_000;

export function createAutoEndLoop(getDeps: () => AppDeps, log: FastifyBaseLogger, intervalMs = AUTO_END_INTERVAL_MS) {
  return createPassLoop({
    pass: () => endExpiredAttempts(getDeps(), log),
    intervalMs,
    log,
    failMessage: 'auto-end pass failed',
    runAtStart: true,
  });
}
