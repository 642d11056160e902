/** Settings → SCIM provisioning (owners and admins): the base URL, the token (shown once), rotate and revoke. */
import { ZOk, ZScimSettings, ZScimTokenCreated } from '@assessly/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { companyAdminOnly } from '../../lib/account-guards';
import { requireUser } from '../../lib/auth';
import { requireCompanyAdmin } from '../../lib/company-admin';
import { typed } from '../../lib/route-schema';
import { issueScimToken, readScimSettings, revokeScimToken } from './scim.tokens';

function actorOf(req: FastifyRequest) {
  const user = requireUser(req);
  return { userId: user.id, companyId: requireCompanyAdmin(user), ip: req.ip };
}

export async function scimSettingsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = typed(app);
  const tags = ['integrations'];
  const of = () => ({ db: deps.db, clock: deps.clock, publicUrl: deps.config.publicUrl });

  r.get(
    '/api/companies/scim',
    {
      preValidation: companyAdminOnly,
      schema: {
        summary: 'SCIM provisioning: the base URL and the token’s state',
        tags,
        response: { 200: ZScimSettings },
      },
    },
    async (req) => readScimSettings(of(), actorOf(req).companyId),
  );

  r.post(
    '/api/companies/scim/token',
    {
      preValidation: companyAdminOnly,
      schema: {
        summary: 'Create or rotate the SCIM token (the secret is in this answer only; the old one stops at once)',
        tags,
        response: { 201: ZScimTokenCreated },
      },
    },
    async (req, reply) => {
      const created = await issueScimToken(of(), actorOf(req));
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  r.delete(
    '/api/companies/scim/token',
    {
      preValidation: companyAdminOnly,
      schema: { summary: 'Revoke the SCIM token', tags, response: { 200: ZOk } },
    },
    async (req) => {
      await revokeScimToken(of(), actorOf(req));
      return { ok: true as const };
    },
  );
}
