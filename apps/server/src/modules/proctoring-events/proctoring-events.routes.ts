import { ZProctoringEventsInput } from '@assessly/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { requireUser, SESSION_COOKIE } from '../../lib/auth';
import { hashToken } from '../../lib/tokens';
import { parseInput } from '../../lib/validate';
import { recordPageEvents } from './proctoring-events.service';

const ZTestParam = z.object({ testId: z.string().uuid('Test not found') });

export async function proctoringEventsRoutes(app: FastifyInstance, deps: AppDeps) {
  // The page batches events (one request per few seconds). Limited per session, not per IP: a whole
  // test centre may share one address.
  const rateLimit = {
    max: 60,
    timeWindow: '1 minute',
    keyGenerator: (req: FastifyRequest) => {
      const token = req.cookies[SESSION_COOKIE];
      return token ? `s:${hashToken(token)}` : `ip:${req.ip}`;
    },
  };
  app.post('/api/attempts/:testId/events', { config: { rateLimit } }, async (req) => {
    const user = requireUser(req);
    const { testId } = parseInput(ZTestParam, req.params);
    return recordPageEvents(deps, user, testId, parseInput(ZProctoringEventsInput, req.body));
  });
}
