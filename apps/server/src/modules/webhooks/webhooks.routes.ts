import { ZCreateWebhook } from '@assessly/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { requireUser } from '../../lib/auth';
import { requireCompanyAdmin } from '../../lib/company-admin';
import { parseInput } from '../../lib/validate';
import * as service from './webhooks.service';

const ZIdParam = z.object({ id: z.string().uuid('Webhook not found') });

function actorOf(req: FastifyRequest): service.Actor {
  const user = requireUser(req);
  return { userId: user.id, companyId: requireCompanyAdmin(user), ip: req.ip };
}

export async function webhooksRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;

  app.post('/api/companies/webhooks', async (req, reply) => {
    const actor = actorOf(req);
    const input = parseInput(ZCreateWebhook, req.body);
    const created = await service.createWebhook(db, !!deps.config.webhookAllowPrivate, actor, input);
    return reply.status(201).header('cache-control', 'no-store').send(created);
  });

  app.get('/api/companies/webhooks', async (req) => service.listWebhooks(db, actorOf(req).companyId));

  app.delete('/api/companies/webhooks/:id', async (req) => {
    const actor = actorOf(req);
    await service.deleteWebhook(db, actor, parseInput(ZIdParam, req.params).id);
    return { ok: true };
  });

  app.get('/api/companies/webhooks/:id/deliveries', async (req) =>
    service.listDeliveries(db, actorOf(req).companyId, parseInput(ZIdParam, req.params).id),
  );
}
