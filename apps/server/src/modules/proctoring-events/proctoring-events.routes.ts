import {
  ZEventResponse,
  ZEventsRecorded,
  ZFramesRetention,
  ZOwnProctoringRecord,
  ZProctoringEventsInput,
} from '@assessly/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { requireEmployer, requireUser, SESSION_COOKIE } from '../../lib/auth';
import { employerOnly, signedIn, typed } from '../../lib/route-schema';
import { hashToken } from '../../lib/tokens';
import { MAX_RESPONSE_CHARS, readOwnRecord, respondToEvent } from './candidate-record';
import { recordPageEvents } from './proctoring-events.service';
import { readRetention } from './retention';

const ZTestParam = z.object({ testId: z.string().uuid('Test not found') });
const ZEventParams = z.object({
  testId: z.string().uuid('Test not found'),
  eventId: z.string().uuid('Event not found'),
});
const ZResponse = z.object({
  response: z
    .string({ error: 'Write a response' })
    .trim()
    .min(1, 'Write a response')
    .max(MAX_RESPONSE_CHARS, `At most ${MAX_RESPONSE_CHARS} characters`),
});

export async function proctoringEventsRoutes(app: FastifyInstance, deps: AppDeps) {
  // The page batches events (one request per few seconds). Limited per session, not per IP: a whole
  // test centre may share one address.
  const rateLimit = {
    max: 60,
    timeWindow: '1 minute',
    keyGenerator: (req: FastifyRequest) => {
      const token = req.cookies[SESSION_COOKIE];
      return token ? `s:${hashToken(token)}` : `ip:${req.ip}`;
    },
  };
  const r = typed(app);
  r.post(
    '/api/attempts/:testId/events',
    {
      config: { rateLimit },
      preValidation: signedIn,
      schema: { params: ZTestParam, body: ZProctoringEventsInput, response: { 200: ZEventsRecorded } },
    },
    async (req) => recordPageEvents(deps, requireUser(req), req.params.testId, req.body),
  );

  // Issue 17: the candidate's own record after the test, and a response per event.
  r.get(
    '/api/attempts/:testId/proctoring-record',
    { preValidation: signedIn, schema: { params: ZTestParam, response: { 200: ZOwnProctoringRecord } } },
    async (req) => readOwnRecord(deps, requireUser(req), req.params.testId),
  );
  r.put(
    '/api/attempts/:testId/proctoring-events/:eventId/response',
    {
      config: { rateLimit },
      preValidation: signedIn,
      schema: { params: ZEventParams, body: ZResponse, response: { 200: ZEventResponse } },
    },
    async (req) => respondToEvent(deps, requireUser(req), req.params.testId, req.params.eventId, req.body.response),
  );

  // The company's frames retention (Settings → retention; default 90 days).
  r.get(
    '/api/proctoring/retention',
    { preValidation: employerOnly, schema: { response: { 200: ZFramesRetention } } },
    async (req) => readRetention(deps, requireEmployer(req)),
  );
}
