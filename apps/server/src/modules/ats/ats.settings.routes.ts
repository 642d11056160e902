/** Settings → ATS (owners and admins): each connector's configuration, its inbound key (shown once), the delivery log. */
import {
  ZAtsConnection,
  ZAtsConnectionSaved,
  ZAtsDelivery,
  ZAtsVendor,
  ZOk,
  ZSaveAtsConnection,
} from '@assessly/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { companyAdminOnly } from '../../lib/account-guards';
import { requireUser } from '../../lib/auth';
import { requireCompanyAdmin } from '../../lib/company-admin';
import { typed } from '../../lib/route-schema';
import { requireSecretsKey } from '../../lib/secret-box';
import { deleteConnection, listConnections, saveConnection } from './ats.connections';
import { listAtsDeliveries } from './ats.delivery';

const ZVendorParam = z.object({ vendor: ZAtsVendor });

function actorOf(req: FastifyRequest) {
  const user = requireUser(req);
  return { userId: user.id, companyId: requireCompanyAdmin(user), ip: req.ip };
}

export async function atsSettingsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = typed(app);
  const tags = ['integrations'];
  const of = () => ({
    db: deps.db,
    clock: deps.clock,
    publicUrl: deps.config.publicUrl,
    secretsKey: requireSecretsKey(deps.config),
  });

  r.get(
    '/api/companies/ats',
    {
      preValidation: companyAdminOnly,
      schema: {
        summary: 'ATS connectors: each configured one, without its secrets',
        tags,
        response: { 200: z.array(ZAtsConnection) },
      },
    },
    async (req) => listConnections(of(), actorOf(req).companyId),
  );

  r.put(
    '/api/companies/ats/:vendor',
    {
      preValidation: companyAdminOnly,
      schema: {
        summary: 'Configure an ATS connector (a new inbound key is in this answer only)',
        tags,
        params: ZVendorParam,
        body: ZSaveAtsConnection,
        response: { 200: ZAtsConnectionSaved },
      },
    },
    async (req, reply) => {
      const saved = await saveConnection(of(), actorOf(req), req.params.vendor, req.body);
      return reply.header('cache-control', 'no-store').send(saved);
    },
  );

  r.delete(
    '/api/companies/ats/:vendor',
    {
      preValidation: companyAdminOnly,
      schema: {
        summary: 'Remove an ATS connector (its key stops at once)',
        tags,
        params: ZVendorParam,
        response: { 200: ZOk },
      },
    },
    async (req) => {
      await deleteConnection(of(), actorOf(req), req.params.vendor);
      return { ok: true as const };
    },
  );

  r.get(
    '/api/companies/ats/deliveries',
    {
      preValidation: companyAdminOnly,
      schema: {
        summary: 'The newest 100 results sent back to an ATS, with what it answered',
        tags,
        response: { 200: z.array(ZAtsDelivery) },
      },
    },
    async (req) => listAtsDeliveries(deps.db, actorOf(req).companyId),
  );
}
