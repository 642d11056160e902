import { ZApiToken, ZCreateApiToken, ZCreatedApiToken, ZOk } from '@assessly/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { companyAdminOnly } from '../../lib/account-guards';
import { requireUser } from '../../lib/auth';
import { requireCompanyAdmin } from '../../lib/company-admin';
import { typed } from '../../lib/route-schema';
import * as service from './api-tokens.service';

const ZIdParam = z.object({ id: z.string().uuid('Token not found') });

function actorOf(req: FastifyRequest) {
  const user = requireUser(req);
  return { userId: user.id, companyId: requireCompanyAdmin(user), ip: req.ip };
}

export async function apiTokensRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock } = deps;
  const r = typed(app);
  const tags = ['integrations'];

  r.post(
    '/api/companies/api-tokens',
    {
      preValidation: companyAdminOnly,
      schema: {
        summary: 'Create an API token (the secret is in this answer only)',
        tags,
        body: ZCreateApiToken,
        response: { 201: ZCreatedApiToken },
      },
    },
    async (req, reply) => {
      const created = await service.createApiToken(db, actorOf(req), req.body);
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  r.get(
    '/api/companies/api-tokens',
    {
      preValidation: companyAdminOnly,
      schema: { summary: 'List API tokens with their last use', tags, response: { 200: z.array(ZApiToken) } },
    },
    async (req) => service.listApiTokens(db, actorOf(req).companyId),
  );

  r.delete(
    '/api/companies/api-tokens/:id',
    {
      preValidation: companyAdminOnly,
      schema: { summary: 'Revoke an API token', tags, params: ZIdParam, response: { 200: ZOk } },
    },
    async (req) => {
      await service.revokeApiToken(db, clock, actorOf(req), req.params.id);
      return { ok: true as const };
    },
  );
}
