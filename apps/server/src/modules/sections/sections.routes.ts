import { ZSectionsUpdate, ZTakeTest, ZTest } from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { requireEmployer, requireUser } from '../../lib/auth';
import { employerOnly, signedIn, typed } from '../../lib/route-schema';
import { idGuard, ZIdParam } from '../tests/tests.access';
import { nextSection, setSections } from './sections.service';

const employerTest = idGuard(employerOnly, 'TEST_NOT_FOUND', 'Test not found');
const ZTestParam = z.object({ testId: z.string().uuid('Test not found') });

/** Issue 46: a mixed test's sections — the employer sets them; the candidate moves from one to the next. */
export async function sectionsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = typed(app);
  r.put(
    '/api/tests/:id/sections',
    { preValidation: employerTest, schema: { params: ZIdParam, body: ZSectionsUpdate, response: { 200: ZTest } } },
    async (req) => setSections(deps.db, requireEmployer(req), req.params.id, req.body),
  );

  r.post(
    '/api/attempts/:testId/sections/next',
    {
      preValidation: signedIn,
      schema: {
        params: ZTestParam,
        body: z.object({ sectionId: z.string().min(1, 'Section not found').max(100) }),
        response: { 200: ZTakeTest },
      },
    },
    async (req) => nextSection(deps, requireUser(req), req.params.testId, req.body.sectionId),
  );
}
