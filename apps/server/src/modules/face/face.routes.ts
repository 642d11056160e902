/**
 * Face routes on the main server (issue 6):
 *   /api/face/enroll|detect|verify           — the face service contract for the signed-in user (live screens)
 *   /api/proctoring/{testId}/enroll|detect|verify|camera-lost — the candidate side, bound to the open attempt
 * Contract details (status codes, X-Face-* headers, bodies) are in face.http.ts and the module README.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { requireUser } from '../../lib/auth';
import { parseInput } from '../../lib/validate';
import { deviceRuntimeRoutes } from './device-runtime.routes';
import { readImageUpload, sendDetect, sendDetectJson, sendVerify, sendVerifyJson } from './face.http';
import {
  detectForAttempt,
  detectForUser,
  enrollForTest,
  enrollUser,
  heartbeat,
  reportCameraLost,
  requireFace,
  verifyForAttempt,
  verifyUser,
} from './face.service';
import { checkCandidateFrame, oneAtATime } from './frame-limits';

const ZTestParams = z.object({ testId: z.string().uuid('Test not found') });
const ZCameraLost = z.object({ detail: z.string().max(300).optional() });

/** Per user and route: the live screens poll detect each second (60/min) and verify every 3 s (20/min). */
const liveLimit = { rateLimit: { max: 90, timeWindow: '1 minute', keyGenerator: userKey } };
/**
 * Candidate frames (issue 17): detection runs on the device; the server sees spot-check answers (1–3 a minute),
 * flagged frames and enrolment retries. 30 a minute per route leaves room for reloads and a second tab.
 */
const candidateLimit = { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: userKey } };
/** Heartbeats every 10 s (6 a minute) and nothing heavy behind them. */
const heartbeatLimit = { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: userKey } };

function userKey(req: FastifyRequest): string {
  return req.user ? `u:${req.user.id}` : `ip:${req.ip}`;
}

export async function faceRoutes(app: FastifyInstance, deps: AppDeps) {
  await deviceRuntimeRoutes(app);
  app.post('/api/face/enroll', { config: liveLimit }, async (req) => {
    const user = requireUser(req);
    requireFace(deps);
    const { image } = await readImageUpload(req);
    return enrollUser(deps, user, image);
  });

  app.post('/api/face/detect', { config: liveLimit }, async (req, reply) => {
    const user = requireUser(req);
    requireFace(deps);
    const { image } = await readImageUpload(req);
    return sendDetect(reply, await detectForUser(deps, user, image), image);
  });

  app.post('/api/face/verify', { config: liveLimit }, async (req, reply) => {
    const user = requireUser(req);
    requireFace(deps);
    const { image } = await readImageUpload(req);
    return sendVerify(reply, await verifyUser(deps, user, image));
  });

  app.post('/api/proctoring/:testId/enroll', { config: candidateLimit }, async (req) => {
    const user = requireUser(req);
    const { testId } = parseInput(ZTestParams, req.params);
    const { image } = await readImageUpload(req);
    checkCandidateFrame(image);
    return oneAtATime(user.id, () => enrollForTest(deps, user, testId, image));
  });

  app.post('/api/proctoring/:testId/detect', { config: candidateLimit }, async (req, reply) => {
    const user = requireUser(req);
    const { testId } = parseInput(ZTestParams, req.params);
    const { image } = await readImageUpload(req);
    checkCandidateFrame(image);
    const { outcome } = await oneAtATime(user.id, () => detectForAttempt(deps, user, testId, image));
    return sendDetectJson(reply, outcome);
  });

  app.post('/api/proctoring/:testId/verify', { config: candidateLimit }, async (req, reply) => {
    const user = requireUser(req);
    const { testId } = parseInput(ZTestParams, req.params);
    const { image, fields } = await readImageUpload(req);
    checkCandidateFrame(image);
    const challengeId = fields.challengeId?.slice(0, 64);
    const { challenge, ...v } = await oneAtATime(user.id, () =>
      verifyForAttempt(deps, user, testId, image, challengeId),
    );
    return sendVerifyJson(reply, v, { challenge });
  });

  /** The page's heartbeat while its camera runs (detection happens on the device); silence → camera lost. */
  app.post('/api/proctoring/:testId/heartbeat', { config: heartbeatLimit }, async (req) => {
    const user = requireUser(req);
    const { testId } = parseInput(ZTestParams, req.params);
    return heartbeat(deps, user, testId);
  });

  app.post('/api/proctoring/:testId/camera-lost', { config: candidateLimit }, async (req, reply) => {
    const user = requireUser(req);
    const { testId } = parseInput(ZTestParams, req.params);
    const { detail } = parseInput(ZCameraLost, req.body);
    await reportCameraLost(deps, user, testId, detail ?? '');
    return reply.status(204).send();
  });
}
