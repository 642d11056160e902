import { ZContactInfo, ZContactMessage, ZContactSent } from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { sessionKey } from '../../lib/rate-limits';
import { typed } from '../../lib/route-schema';
import { sendContactMessage } from './contact.service';

/** A visitor may fill an operator's inbox only slowly: a few messages a minute per session or address. */
export const CONTACT_LIMIT = 5;

export async function contactRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = typed(app);
  r.get('/api/contact', { schema: { response: { 200: ZContactInfo } } }, async () => ({
    address: deps.config.contactEmail ?? null,
  }));
  r.post(
    '/api/contact',
    {
      config: { rateLimit: { max: CONTACT_LIMIT, timeWindow: '1 minute', keyGenerator: sessionKey } },
      schema: { body: ZContactMessage, response: { 201: ZContactSent } },
    },
    async (req, reply) => {
      const sent = await sendContactMessage(
        { db: deps.db, mailer: deps.mailer, contactEmail: deps.config.contactEmail },
        req.body,
      );
      return reply.status(201).send(sent);
    },
  );
}
