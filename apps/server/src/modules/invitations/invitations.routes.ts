import {
  ZAccommodation,
  ZAccommodationSaved,
  ZInvitationResent,
  ZInvitationRow,
  ZInviteLanding,
  ZInviteRequest,
  ZInviteResult,
} from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { requireEmployer } from '../../lib/auth';
import { MAIL_SENDING_LIMIT, perSessionLimit } from '../../lib/rate-limits';
import { employerOnly, typed } from '../../lib/route-schema';
import { setAccommodation } from './accommodations';
import * as service from './invitations.service';

const ZIdParam = z.object({ id: z.string().uuid('Invitation not found') });
const ZTestQuery = z.object({ testId: z.string().uuid('Choose a test') });
const ZTokenParam = z.object({ token: z.string().min(10, 'This invitation link is invalid').max(200) });

export async function invitationsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = typed(app);
  // Each call emails addresses the caller chooses (up to 500): bounded so an account cannot be a spam relay.
  const mailLimit = perSessionLimit(MAIL_SENDING_LIMIT);
  r.post(
    '/api/invitations',
    {
      config: mailLimit,
      preValidation: employerOnly,
      schema: { body: ZInviteRequest, response: { 200: ZInviteResult, 201: ZInviteResult } },
    },
    async (req, reply) => {
      const result = await service.inviteCandidates(deps, requireEmployer(req), req.body);
      return reply.status(result.invited.length > 0 ? 201 : 200).send(result);
    },
  );

  r.get(
    '/api/invitations',
    { preValidation: employerOnly, schema: { querystring: ZTestQuery, response: { 200: z.array(ZInvitationRow) } } },
    async (req) => service.listInvitations(deps, requireEmployer(req), req.query.testId),
  );

  r.post(
    '/api/invitations/:id/resend',
    {
      config: mailLimit,
      preValidation: employerOnly,
      schema: { params: ZIdParam, response: { 200: ZInvitationResent } },
    },
    async (req) => service.resendInvitation(deps, requireEmployer(req), req.params.id),
  );

  r.put(
    '/api/invitations/:id/accommodation',
    {
      preValidation: employerOnly,
      schema: { params: ZIdParam, body: ZAccommodation, response: { 200: ZAccommodationSaved } },
    },
    async (req) => setAccommodation(deps, requireEmployer(req), req.params.id, req.body),
  );

  // Public: the emailed token is the credential. The web page /invite/{token} reads it, then signs the candidate in.
  r.get(
    '/api/invitations/accept/:token',
    { schema: { params: ZTokenParam, response: { 200: ZInviteLanding } } },
    async (req) => service.readInvitation(deps, req.params.token, { userId: req.user?.id ?? null, ip: req.ip }),
  );
}
