import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../lib/auth';
import { signedIn, typed } from '../../lib/route-schema';
import { openPractice } from './practice.service';

/** Issue 46: the candidate's own practice test (never scored, never an employer's). */
export async function practiceRoutes(app: FastifyInstance, deps: AppDeps) {
  typed(app).post(
    '/api/practice',
    { preValidation: signedIn, schema: { response: { 200: z.object({ testId: z.string() }) } } },
    async (req) => openPractice(deps, requireUser(req)),
  );
}
