/**
 * Live interviews (issue 30). Employer routes take the session; room routes (`/room`, `/run`) also take the
 * candidate's join token in the `X-Join-Token` header. The sockets are in interviews.sync.ts.
 */

import {
  ZInterviewCreate,
  ZInterviewCreated,
  ZInterviewDetail,
  ZInterviewHiddenRunInput,
  ZInterviewHistory,
  ZInterviewListQuery,
  ZInterviewPlayback,
  ZInterviewReveal,
  ZInterviewRoom,
  ZInterviewRunInput,
  ZInterviewSummary,
  ZOkMessage,
  ZRoomProblem,
  ZRoomRun,
  ZScorecard,
} from '@assessly/shared';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { requireEmployer } from '../../lib/auth';
import { perSessionLimit, REPLAY_LIMIT } from '../../lib/rate-limits';
import { employerOnly, typed } from '../../lib/route-schema';
import { resolveParticipant } from './interviews.access';
import { readInterviewPlayback } from './interviews.playback';
import { MAX_MESSAGE_BYTES, RoomHub } from './interviews.rooms';
import { revealProblem, runHiddenTests, runInRoom } from './interviews.run';
import * as service from './interviews.service';
import { createUpdateStore } from './interviews.store';
import { registerRoomSockets } from './interviews.sync';

// Any string: an id that is not a uuid is simply not found (404), like another company's interview.
const ZIdParam = z.object({ id: z.string().max(100) });

function joinToken(req: FastifyRequest): string | null {
  const header = req.headers['x-join-token'];
  return typeof header === 'string' ? header : null;
}

export async function interviewsRoutes(app: FastifyInstance, deps: AppDeps) {
  // The room budgets run on the app's clock (tests freeze or move it; issue 42).
  const hub = new RoomHub(createUpdateStore(deps.db, deps.clock), app.log, () => deps.clock.now().getTime());
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
  app.addHook('onClose', async () => hub.close());
  registerRoomSockets(app, deps, hub);
  const r = typed(app);
  const participant = (req: FastifyRequest<{ Params: { id: string } }>) =>
    resolveParticipant(deps.db, req.params.id, req.user, joinToken(req));

  r.post(
    '/api/interviews',
    { preValidation: employerOnly, schema: { body: ZInterviewCreate, response: { 201: ZInterviewCreated } } },
    async (req, reply) =>
      reply.status(201).send(await service.createInterview(deps, requireEmployer(req), req.body, req.ip)),
  );

  r.get(
    '/api/interviews',
    {
      preValidation: employerOnly,
      schema: { querystring: ZInterviewListQuery, response: { 200: z.array(ZInterviewSummary) } },
    },
    async (req) => service.listInterviews(deps, requireEmployer(req), req.query.candidateEmail),
  );

  r.get(
    '/api/interviews/:id',
    { preValidation: employerOnly, schema: { params: ZIdParam, response: { 200: ZInterviewDetail } } },
    async (req) => service.readInterview(deps, requireEmployer(req), req.params.id),
  );

  r.get('/api/interviews/:id/room', { schema: { params: ZIdParam, response: { 200: ZInterviewRoom } } }, async (req) =>
    service.readRoom(deps, await participant(req)),
  );

  r.get(
    '/api/interviews/:id/history',
    { preValidation: employerOnly, schema: { params: ZIdParam, response: { 200: ZInterviewHistory } } },
    async (req) => service.readHistory(deps, requireEmployer(req), req.params.id),
  );

  // Code playback (issue 29): the ended room's history in the shape of a test attempt's, for the shared player.
  r.get(
    '/api/interviews/:id/playback',
    {
      config: perSessionLimit(REPLAY_LIMIT),
      preValidation: employerOnly,
      schema: {
        summary: "An ended interview room's code as a playback stream, with each Run and its output",
        params: ZIdParam,
        response: { 200: ZInterviewPlayback },
      },
    },
    async (req) => readInterviewPlayback(deps, requireEmployer(req), req.params.id),
  );

  r.post(
    '/api/interviews/:id/end',
    { preValidation: employerOnly, schema: { params: ZIdParam, response: { 200: ZInterviewSummary } } },
    async (req) => service.endInterview(deps, hub, requireEmployer(req), req.params.id, req.ip),
  );

  r.delete(
    '/api/interviews/:id',
    { preValidation: employerOnly, schema: { params: ZIdParam, response: { 200: ZOkMessage } } },
    async (req) => service.eraseInterview(deps, hub, requireEmployer(req), req.params.id, req.ip),
  );

  r.put(
    '/api/interviews/:id/scorecard',
    { preValidation: employerOnly, schema: { params: ZIdParam, body: ZScorecard, response: { 200: ZScorecard } } },
    async (req) => service.saveScorecard(deps, requireEmployer(req), req.params.id, req.body, req.ip),
  );

  r.post(
    '/api/interviews/:id/run',
    { schema: { params: ZIdParam, body: ZInterviewRunInput, response: { 200: ZRoomRun } } },
    async (req) => runInRoom(deps, hub, await participant(req), req.body),
  );

  r.post(
    '/api/interviews/:id/hidden-tests',
    { schema: { params: ZIdParam, body: ZInterviewHiddenRunInput, response: { 200: ZRoomRun } } },
    async (req) => runHiddenTests(deps, hub, await participant(req), req.body),
  );

  r.post(
    '/api/interviews/:id/reveal',
    { schema: { params: ZIdParam, body: ZInterviewReveal, response: { 200: ZRoomProblem } } },
    async (req) => revealProblem(deps, hub, await participant(req), req.body.problemId, req.ip),
  );
}
