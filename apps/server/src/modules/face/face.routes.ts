/**
 * Face routes on the main server (issue 6):
 *   /api/face/enroll|detect|verify           — the face service contract for the signed-in user (live screens)
 *   /api/proctoring/{testId}/enroll|detect|verify|camera-lost — the candidate side, bound to the open attempt
 * Contract details (status codes, X-Face-* headers, bodies) are in face.http.ts and the module README.
 */
import { ZDetectFlagged, ZFaceEnrolled, ZHeartbeat, ZLiveAnswer, ZVerifyAnswer } from '@assessly/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../lib/auth';
import { signedIn, typed } from '../../lib/route-schema';
import { deviceRuntimeRoutes } from './device-runtime.routes';
import { readImageUpload, sendDetect, sendDetectJson, sendVerify, sendVerifyJson } from './face.http';
import {
  detectForAttempt,
  detectForUser,
  enrollForTest,
  enrollUser,
  heartbeat,
  liveForTest,
  reportCameraLost,
  requireFace,
  verifyForAttempt,
  verifyUser,
} from './face.service';
import { checkCandidateFrame, oneAtATimeFor } from './frame-limits';

const ZTestParams = z.object({ testId: z.string().uuid('Test not found') });
const ZCameraLost = z.object({ detail: z.string().max(300).optional() });

/**
 * Per user and route: the live screens poll detect each second (60/min) and verify every 3 s (20/min). Issue 23:
 * these routes apply the same frame rules as the candidate ones (bytes, pixels from the header, one call at a
 * time per user), so a page cannot reach the engine through /api/face/* with what /api/proctoring refuses.
 */
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

/** Multipart routes: the schema declares params and the JSON answers; readImageUpload reads the parts. */
export async function faceRoutes(app: FastifyInstance, deps: AppDeps) {
  await deviceRuntimeRoutes(app);
  const r = typed(app);
  // one face call at a time per user, across API processes with PostgreSQL (frame-limits.ts)
  const oneAtATime = oneAtATimeFor(deps.database);
  r.post(
    '/api/face/enroll',
    { config: liveLimit, preValidation: signedIn, schema: { response: { 200: ZFaceEnrolled } } },
    async (req) => {
      const user = requireUser(req);
      requireFace(deps);
      const { image } = await readImageUpload(req);
      checkCandidateFrame(image);
      return oneAtATime(user.id, () => enrollUser(deps, user, image));
    },
  );

  // detect and verify answer with the frame (image/jpeg) and X-Face-* headers: no JSON response schema.
  r.post('/api/face/detect', { config: liveLimit, preValidation: signedIn }, async (req, reply) => {
    const user = requireUser(req);
    requireFace(deps);
    const { image } = await readImageUpload(req);
    checkCandidateFrame(image);
    return sendDetect(reply, await oneAtATime(user.id, () => detectForUser(deps, user, image)), image);
  });

  r.post('/api/face/verify', { config: liveLimit, preValidation: signedIn }, async (req, reply) => {
    const user = requireUser(req);
    requireFace(deps);
    const { image } = await readImageUpload(req);
    checkCandidateFrame(image);
    return sendVerify(reply, await oneAtATime(user.id, () => verifyUser(deps, user, image)));
  });

  r.post(
    '/api/proctoring/:testId/enroll',
    {
      config: candidateLimit,
      preValidation: signedIn,
      schema: { params: ZTestParams, response: { 200: ZFaceEnrolled } },
    },
    async (req) => {
      const user = requireUser(req);
      const { testId } = req.params;
      const { image } = await readImageUpload(req);
      checkCandidateFrame(image);
      return oneAtATime(user.id, () => enrollForTest(deps, user, testId, image));
    },
  );

  // Issue 27: one frame of the enrolment's live sequence (head turn), judged by the server.
  r.post(
    '/api/proctoring/:testId/live',
    {
      config: candidateLimit,
      preValidation: signedIn,
      schema: { params: ZTestParams, response: { 200: ZLiveAnswer } },
    },
    async (req) => {
      const user = requireUser(req);
      const { testId } = req.params;
      const { image } = await readImageUpload(req);
      checkCandidateFrame(image);
      return oneAtATime(user.id, () => liveForTest(deps, user, testId, image));
    },
  );

  // 204 for one face and no phone; 200 with the flags otherwise.
  r.post(
    '/api/proctoring/:testId/detect',
    {
      config: candidateLimit,
      preValidation: signedIn,
      schema: { params: ZTestParams, response: { 200: ZDetectFlagged } },
    },
    async (req, reply) => {
      const user = requireUser(req);
      const { testId } = req.params;
      const { image, fields } = await readImageUpload(req);
      checkCandidateFrame(image);
      const { outcome } = await oneAtATime(user.id, () =>
        detectForAttempt(deps, user, testId, image, fields.phoneRule),
      );
      return sendDetectJson(reply as FastifyReply, outcome);
    },
  );

  // 200 matched; 401/403 (not detected / not matched) carry the same JSON but are not declared, as those
  // statuses are also the session errors.
  r.post(
    '/api/proctoring/:testId/verify',
    {
      config: candidateLimit,
      preValidation: signedIn,
      schema: { params: ZTestParams, response: { 200: ZVerifyAnswer } },
    },
    async (req, reply) => {
      const user = requireUser(req);
      const { testId } = req.params;
      const { image, fields } = await readImageUpload(req);
      checkCandidateFrame(image);
      const challengeId = fields.challengeId?.slice(0, 64);
      const { challenge, ...v } = await oneAtATime(user.id, () =>
        verifyForAttempt(deps, user, testId, image, challengeId),
      );
      return sendVerifyJson(reply as FastifyReply, v, { challenge });
    },
  );

  /** The page's heartbeat while its camera runs (detection happens on the device); silence → camera lost. */
  r.post(
    '/api/proctoring/:testId/heartbeat',
    { config: heartbeatLimit, preValidation: signedIn, schema: { params: ZTestParams, response: { 200: ZHeartbeat } } },
    async (req) => heartbeat(deps, requireUser(req), req.params.testId),
  );

  r.post(
    '/api/proctoring/:testId/camera-lost',
    { config: candidateLimit, preValidation: signedIn, schema: { params: ZTestParams, body: ZCameraLost } },
    async (req, reply) => {
      await reportCameraLost(deps, requireUser(req), req.params.testId, req.body.detail ?? '');
      return reply.status(204).send();
    },
  );
}
