import { ZCreateWebhook } from '@assessly/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { requireUser } from '../../lib/auth';
import { requireCompanyAdmin } from '../../lib/company-admin';
import { parseInput } from '../../lib/validate';
import { docs } from '../openapi/openapi.docs';
import * as service from './webhooks.service';

const ZCreatedWebhook = z.object({
  id: z.string().uuid(),
  url: z.string(),
  events: z.array(z.string()),
  secret: z.string(),
});
const ZIdParam = z.object({ id: z.string().uuid('Webhook not found') });

function actorOf(req: FastifyRequest): service.Actor {
  const user = requireUser(req);
  return { userId: user.id, companyId: requireCompanyAdmin(user), ip: req.ip };
}

export async function webhooksRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;

  app.post(
    '/api/companies/webhooks',
    docs({
      summary: 'Add a webhook (the signing secret is in this answer only)',
      tags: ['integrations'],
      body: ZCreateWebhook,
      response: { 201: ZCreatedWebhook },
    }),
    async (req, reply) => {
      const actor = actorOf(req);
      const input = parseInput(ZCreateWebhook, req.body);
      const created = await service.createWebhook(db, !!deps.config.webhookAllowPrivate, actor, input);
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.get('/api/companies/webhooks', docs({ summary: 'List webhooks', tags: ['integrations'] }), async (req) =>
    service.listWebhooks(db, actorOf(req).companyId),
  );

  app.delete(
    '/api/companies/webhooks/:id',
    docs({ summary: 'Delete a webhook', tags: ['integrations'], params: ZIdParam }),
    async (req) => {
      const actor = actorOf(req);
      await service.deleteWebhook(db, actor, parseInput(ZIdParam, req.params).id);
      return { ok: true };
    },
  );

  app.get(
    '/api/companies/webhooks/:id/deliveries',
    docs({
      summary: "The newest 100 deliveries of a webhook with the receiver's answers",
      tags: ['integrations'],
      params: ZIdParam,
    }),
    async (req) => service.listDeliveries(db, actorOf(req).companyId, parseInput(ZIdParam, req.params).id),
  );
}
