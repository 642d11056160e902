import { ZProctoringEventsInput } from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { requireUser } from '../../lib/auth';
import { parseInput } from '../../lib/validate';
import { recordPageEvents } from './proctoring-events.service';

const ZTestParam = z.object({ testId: z.string().uuid('Test not found') });

export async function proctoringEventsRoutes(app: FastifyInstance, deps: AppDeps) {
  // The page batches events; 120 requests a minute per client is far above what it sends.
  app.post(
    '/api/attempts/:testId/events',
    { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
    async (req) => {
      const user = requireUser(req);
      const { testId } = parseInput(ZTestParam, req.params);
      return recordPageEvents(deps, user, testId, parseInput(ZProctoringEventsInput, req.body));
    },
  );
}
