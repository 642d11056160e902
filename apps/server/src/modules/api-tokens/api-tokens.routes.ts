import { ZCreateApiToken } from '@assessly/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { requireUser } from '../../lib/auth';
import { requireCompanyAdmin } from '../../lib/company-admin';
import { parseInput } from '../../lib/validate';
import { docs } from '../openapi/openapi.docs';
import * as service from './api-tokens.service';

const ZCreatedToken = z.object({
  id: z.string().uuid(),
  name: z.string(),
  scopes: z.array(z.string()),
  token: z.string(),
});
const ZIdParam = z.object({ id: z.string().uuid('Token not found') });

function actorOf(req: FastifyRequest) {
  const user = requireUser(req);
  return { userId: user.id, companyId: requireCompanyAdmin(user), ip: req.ip };
}

export async function apiTokensRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock } = deps;

  app.post(
    '/api/companies/api-tokens',
    docs({
      summary: 'Create an API token (the secret is in this answer only)',
      tags: ['integrations'],
      body: ZCreateApiToken,
      response: { 201: ZCreatedToken },
    }),
    async (req, reply) => {
      const actor = actorOf(req);
      const created = await service.createApiToken(db, actor, parseInput(ZCreateApiToken, req.body));
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.get(
    '/api/companies/api-tokens',
    docs({ summary: 'List API tokens with their last use', tags: ['integrations'] }),
    async (req) => service.listApiTokens(db, actorOf(req).companyId),
  );

  app.delete(
    '/api/companies/api-tokens/:id',
    docs({ summary: 'Revoke an API token', tags: ['integrations'], params: ZIdParam }),
    async (req) => {
      const actor = actorOf(req);
      const { id } = parseInput(ZIdParam, req.params);
      await service.revokeApiToken(db, clock, actor, id);
      return { ok: true };
    },
  );
}
