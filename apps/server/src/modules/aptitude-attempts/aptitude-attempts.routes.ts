import { ZAnswerInput } from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { requireUser } from '../../lib/auth';
import { parseInput } from '../../lib/validate';
import { saveAnswer } from './aptitude-attempts.service';

const ZTestParam = z.object({ testId: z.string().uuid('Test not found') });

export async function aptitudeAttemptsRoutes(app: FastifyInstance, deps: AppDeps) {
  app.put('/api/attempts/:testId/answers', async (req) => {
    const user = requireUser(req);
    const { testId } = parseInput(ZTestParam, req.params);
    return saveAnswer(deps, user, testId, parseInput(ZAnswerInput, req.body));
  });
}
