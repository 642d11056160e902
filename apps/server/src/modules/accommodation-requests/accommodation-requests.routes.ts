import {
  ZAccommodationDecision,
  ZAccommodationRequestInput,
  ZAccommodationRequestRow,
  ZOwnAccommodationRequest,
} from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { requireEmployer, requireUser } from '../../lib/auth';
import { perSessionLimit } from '../../lib/rate-limits';
import { employerOnly, signedIn, typed } from '../../lib/route-schema';
import { idGuard, ZIdParam } from '../tests/tests.access';
import { decideRequest, listRequests, requestAccommodation } from './accommodation-requests.service';

const ZTestParam = z.object({ testId: z.string().uuid('Test not found') });
const ZRequestParam = z.object({ id: z.string().uuid('Accommodation request not found') });
const employerTest = idGuard(employerOnly, 'TEST_NOT_FOUND', 'Test not found');
/** A request is one row per candidate and test; more than this many changes a minute is not a person typing. */
const REQUEST_LIMIT = 20;

/** Issue 46: a candidate asks for an accommodation before starting; the test's company grants or refuses it. */
export async function accommodationRequestsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = typed(app);
  r.put(
    '/api/attempts/:testId/accommodation',
    {
      config: perSessionLimit(REQUEST_LIMIT),
      preValidation: signedIn,
      schema: { params: ZTestParam, body: ZAccommodationRequestInput, response: { 200: ZOwnAccommodationRequest } },
    },
    async (req) => requestAccommodation(deps, requireUser(req), req.params.testId, req.body, req.ip),
  );

  r.get(
    '/api/tests/:id/accommodation-requests',
    { preValidation: employerTest, schema: { params: ZIdParam, response: { 200: z.array(ZAccommodationRequestRow) } } },
    async (req) => listRequests(deps, requireEmployer(req), req.params.id),
  );

  r.put(
    '/api/accommodation-requests/:id/decision',
    {
      preValidation: employerOnly,
      schema: { params: ZRequestParam, body: ZAccommodationDecision, response: { 200: ZAccommodationRequestRow } },
    },
    async (req) => decideRequest(deps, requireEmployer(req), req.params.id, req.body, req.ip),
  );
}
