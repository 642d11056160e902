import { ZAnswerInput, ZAnswerSaved } from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../lib/auth';
import { signedIn, typed } from '../../lib/route-schema';
import { saveAnswer } from './aptitude-attempts.service';

const ZTestParam = z.object({ testId: z.string().uuid('Test not found') });

export async function aptitudeAttemptsRoutes(app: FastifyInstance, deps: AppDeps) {
  typed(app).put(
    '/api/attempts/:testId/answers',
    {
      preValidation: signedIn,
      schema: { params: ZTestParam, body: ZAnswerInput, response: { 200: ZAnswerSaved } },
    },
    async (req) => saveAnswer(deps, requireUser(req), req.params.testId, req.body),
  );
}
