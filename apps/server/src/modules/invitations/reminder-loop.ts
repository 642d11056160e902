/**
 * The background part that sends invitation reminders (invitations.service.ts sendReminders): a pass shortly
 * after start, then every few minutes. Passes never overlap; a failing pass is logged and the next one runs.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps';
import { createPassLoop } from '../../lib/pass-loop';
import { sendReminders } from './invitations.service';

export const REMINDER_INTERVAL_MS = 5 * 60_000;

export function createReminderLoop(getDeps: () => AppDeps, log: FastifyBaseLogger, intervalMs = REMINDER_INTERVAL_MS) {
  return createPassLoop({
    pass: () =>
      sendReminders(getDeps()).then((n) => {
        if (n > 0) log.info(`sent ${n} invitation reminder(s)`);
      }),
    intervalMs,
    log,
    failMessage: 'reminder pass failed',
    runAtStart: true,
  });
}
