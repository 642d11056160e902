import { ZAccommodation, ZInviteRequest } from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { requireEmployer } from '../../lib/auth';
import { MAIL_SENDING_LIMIT, perSessionLimit } from '../../lib/rate-limits';
import { parseInput } from '../../lib/validate';
import { setAccommodation } from './accommodations';
import * as service from './invitations.service';

const ZIdParam = z.object({ id: z.string().uuid('Invitation not found') });
const ZTestQuery = z.object({ testId: z.string().uuid('Choose a test') });
const ZTokenParam = z.object({ token: z.string().min(10, 'This invitation link is invalid').max(200) });

export async function invitationsRoutes(app: FastifyInstance, deps: AppDeps) {
  // Each call emails addresses the caller chooses (up to 500): bounded so an account cannot be a spam relay.
  const mailLimit = { config: perSessionLimit(MAIL_SENDING_LIMIT) };
  app.post('/api/invitations', mailLimit, async (req, reply) => {
    const user = requireEmployer(req);
    const result = await service.inviteCandidates(deps, user, parseInput(ZInviteRequest, req.body));
    return reply.status(result.invited.length > 0 ? 201 : 200).send(result);
  });

  app.get('/api/invitations', async (req) => {
    const user = requireEmployer(req);
    const { testId } = parseInput(ZTestQuery, req.query);
    return service.listInvitations(deps, user, testId);
  });

  app.post('/api/invitations/:id/resend', mailLimit, async (req) => {
    const user = requireEmployer(req);
    const { id } = parseInput(ZIdParam, req.params);
    return service.resendInvitation(deps, user, id);
  });

  app.put('/api/invitations/:id/accommodation', async (req) => {
    const user = requireEmployer(req);
    const { id } = parseInput(ZIdParam, req.params);
    return setAccommodation(deps, user, id, parseInput(ZAccommodation, req.body));
  });

  // Public: the emailed token is the credential. The web page /invite/{token} reads it, then signs the candidate in.
  app.get('/api/invitations/accept/:token', async (req) => {
    const { token } = parseInput(ZTokenParam, req.params);
    return service.readInvitation(deps, token);
  });
}
