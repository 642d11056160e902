import { ZCreatedWebhook, ZCreateWebhook, ZOk, ZWebhook, ZWebhookDelivery } from '@assessly/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { companyAdminOnly } from '../../lib/account-guards';
import { requireUser } from '../../lib/auth';
import { requireCompanyAdmin } from '../../lib/company-admin';
import { typed } from '../../lib/route-schema';
import { requireSecretsKey } from '../../lib/secret-box';
import * as service from './webhooks.service';

const ZIdParam = z.object({ id: z.string().uuid('Webhook not found') });

function actorOf(req: FastifyRequest): service.Actor {
  const user = requireUser(req);
  return { userId: user.id, companyId: requireCompanyAdmin(user), ip: req.ip };
}

export async function webhooksRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const r = typed(app);
  const tags = ['integrations'];

  r.post(
    '/api/companies/webhooks',
    {
      preValidation: companyAdminOnly,
      schema: {
        summary: 'Add a webhook (the signing secret is in this answer only)',
        tags,
        body: ZCreateWebhook,
        response: { 201: ZCreatedWebhook },
      },
    },
    async (req, reply) => {
      const created = await service.createWebhook(
        db,
        !!deps.config.webhookAllowPrivate,
        actorOf(req),
        req.body,
        requireSecretsKey(deps.config),
      );
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  r.get(
    '/api/companies/webhooks',
    {
      preValidation: companyAdminOnly,
      schema: { summary: 'List webhooks', tags, response: { 200: z.array(ZWebhook) } },
    },
    async (req) => service.listWebhooks(db, actorOf(req).companyId),
  );

  r.delete(
    '/api/companies/webhooks/:id',
    {
      preValidation: companyAdminOnly,
      schema: { summary: 'Delete a webhook', tags, params: ZIdParam, response: { 200: ZOk } },
    },
    async (req) => {
      await service.deleteWebhook(db, actorOf(req), req.params.id);
      return { ok: true as const };
    },
  );

  r.get(
    '/api/companies/webhooks/:id/deliveries',
    {
      preValidation: companyAdminOnly,
      schema: {
        summary: "The newest 100 deliveries of a webhook with the receiver's answers",
        tags,
        params: ZIdParam,
        response: { 200: z.array(ZWebhookDelivery) },
      },
    },
    async (req) => service.listDeliveries(db, actorOf(req).companyId, req.params.id),
  );
}
