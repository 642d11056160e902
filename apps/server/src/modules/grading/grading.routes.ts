/** PUT /api/review/attempts/{attemptId}/grades: grade one written answer (issue 25). */
import { ZWrittenGradeInput, ZWrittenGradeSaved } from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { requireEmployer } from '../../lib/auth';
import { employerOnly, typed } from '../../lib/route-schema';
import { gradeWrittenAnswer } from './grading.service';

const ZAttemptParam = z.object({ attemptId: z.string().uuid('Attempt not found') });

export async function gradingRoutes(app: FastifyInstance, deps: AppDeps) {
  typed(app).put(
    '/api/review/attempts/:attemptId/grades',
    {
      preValidation: employerOnly,
      schema: { params: ZAttemptParam, body: ZWrittenGradeInput, response: { 200: ZWrittenGradeSaved } },
    },
    async (req) => gradeWrittenAnswer(deps, requireEmployer(req), req.params.attemptId, req.body, req.ip),
  );
}
