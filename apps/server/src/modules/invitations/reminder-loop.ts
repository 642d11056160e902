/**
 * The background part that sends invitation reminders (invitations.service.ts sendReminders): a pass shortly
 * after start, then every few minutes. Passes never overlap; a failing pass is logged and the next one runs.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app';
import { sendReminders } from './invitations.service';

export const REMINDER_INTERVAL_MS = 5 * 60_000;

export function createReminderLoop(getDeps: () => AppDeps, log: FastifyBaseLogger, intervalMs = REMINDER_INTERVAL_MS) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const pass = () => {
    if (running) return running;
    running = sendReminders(getDeps())
      .then((n) => {
        if (n > 0) log.info(`sent ${n} invitation reminder(s)`);
      })
      .catch((err) => log.error({ err }, 'reminder pass failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  return {
    start() {
      timer = setInterval(pass, intervalMs);
      timer.unref();
      void pass();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
