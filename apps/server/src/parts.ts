/**
 * Optional parts that run beside the API (the judge pool, the face engine, background loops).
 * Each feature adds its part here; tests build the app without them or with their own.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps, Parts } from './deps';
import { createAiProvider } from './modules/ai/ai.provider';
import { createAtsLoop } from './modules/ats/ats.loop';
import { createAutoEndLoop } from './modules/attempts/auto-end-loop';
import { createRetentionLoop } from './modules/erasure/retention.loop';
import { createFacePart } from './modules/face/face.part';
import { createProctoringLoop } from './modules/face/proctoring.track';
import { createReminderLoop } from './modules/invitations/reminder-loop';
import { createJudgingPart } from './modules/judging/judging.part';
import { createStatusMailLoop } from './modules/review/status-mail';
import { createWebhookLoop } from './modules/webhooks/webhooks.loop';

export async function createParts(deps: AppDeps, log: FastifyBaseLogger): Promise<Parts> {
  const parts: Parts = { deps: {} };
  // The AI assistant (issue 44): a client of the configured provider; the health fact names the model only.
  if (deps.config.ai) {
    const ai = createAiProvider(deps.config.ai);
    parts.deps.ai = ai;
    deps.healthParts.ai = () => ({ model: ai.model });
  }
  // Taking: ends attempts at their deadline (with every other part's deps, e.g. the judge queue).
  const autoEnd = createAutoEndLoop(() => ({ ...deps, ...parts.deps }), log);
  parts.start = async () => autoEnd.start();
  parts.stop = async () => autoEnd.stop();
  // Face: engine in this process (models load in the background) or the remote face service.
  const face = createFacePart(deps.config, log);
  if (face) {
    parts.deps.face = face;
    deps.healthParts.face = () => face.health();
    const stopBeforeFace = parts.stop;
    parts.stop = async () => {
      await stopBeforeFace?.();
      await face.close();
    };
  }
  // Judge: sandboxed judge + submission queue. Started first (it recovers queued submissions) and stopped
  // last, since the auto-end loop submits through it.
  const judgePart = await createJudgingPart(deps, log);
  Object.assign(parts.deps, judgePart.deps);
  const startOthers = parts.start;
  const stopOthers = parts.stop;
  parts.start = async (app) => {
    await judgePart.start?.(app);
    await startOthers?.(app);
  };
  parts.stop = async () => {
    await stopOthers?.();
    await judgePart.stop?.();
  };
  // Review: invitation reminders before a test's window closes.
  const reminders = createReminderLoop(() => ({ ...deps, ...parts.deps }), log);
  const startBeforeReminders = parts.start;
  const stopBeforeReminders = parts.stop;
  // Review: hiring status emails once their undo window has passed (review/status-mail.ts).
  const statusMails = createStatusMailLoop(() => ({ ...deps, ...parts.deps }), log);
  parts.start = async (app) => {
    await startBeforeReminders?.(app);
    reminders.start();
    statusMails.start();
  };
  parts.stop = async () => {
    await statusMails.stop();
    await reminders.stop();
    await stopBeforeReminders?.();
  };
  // Integrations: webhook events and deliveries (the delivery table is the queue, so work survives restarts).
  // Data governance: the daily retention purge.
  const webhookLoop = createWebhookLoop(() => ({ ...deps, ...parts.deps }), log);
  const retentionLoop = createRetentionLoop(() => ({ ...deps, ...parts.deps }), log);
  // ATS connectors (issue 45): completed orders and the results sent back to the vendors.
  const atsLoop = createAtsLoop(() => ({ ...deps, ...parts.deps }), log);
  const startBeforeWebhooks = parts.start;
  const stopBeforeWebhooks = parts.stop;
  parts.start = async (app) => {
    await startBeforeWebhooks?.(app);
    webhookLoop.start();
    retentionLoop.start();
    atsLoop.start();
  };
  parts.stop = async () => {
    await atsLoop.stop();
    await retentionLoop.stop();
    await webhookLoop.stop();
    await stopBeforeWebhooks?.();
  };
  // Proctoring: camera-lost and face-service gaps by the server's clock (issue 17).
  const proctoringLoop = createProctoringLoop(() => ({ ...deps, ...parts.deps }), log);
  const startBeforeProctoring = parts.start;
  const stopBeforeProctoring = parts.stop;
  parts.start = async (app) => {
    await startBeforeProctoring?.(app);
    proctoringLoop.start();
  };
  parts.stop = async () => {
    await proctoringLoop.stop();
    await stopBeforeProctoring?.();
  };
  return parts;
}
