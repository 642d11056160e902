import { ZQuestionBatch, ZTestCreate, ZTestUpdate, ZUpdateQuestionIds } from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { requireEmployer, requireUser } from '../../lib/auth';
import { parseInput } from '../../lib/validate';
import { readIdParam } from './tests.access';
import { saveQuestionBatch } from './tests.batch';
import * as service from './tests.service';

const ZUserId = z.object({ userId: z.string().uuid('User not found') });
const requireTestId = (params: unknown) => readIdParam(params, 'TEST_NOT_FOUND', 'Test not found');

export async function testsRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  app.get('/api/tests/by-user/:userId', async (req) => {
    const user = requireEmployer(req);
    const { userId } = parseInput(ZUserId, req.params);
    return service.listTestsForUser(db, user, userId);
  });

  app.get('/api/tests', async (req) => service.listTestsForUser(db, requireEmployer(req)));

  app.post('/api/tests/create', async (req, reply) => {
    const user = requireEmployer(req);
    const test = await service.createTest(db, user, parseInput(ZTestCreate, req.body));
    return reply.status(201).send(test);
  });

  app.get('/api/tests/:id', async (req) => {
    const user = requireUser(req);
    return service.readTest(db, user, requireTestId(req.params));
  });

  app.put('/api/tests/:id', async (req) => {
    const user = requireEmployer(req);
    const id = requireTestId(req.params);
    return service.updateTest(db, user, id, parseInput(ZTestUpdate, req.body));
  });

  app.delete('/api/tests/:id', async (req) => {
    const user = requireEmployer(req);
    await service.deleteTest(db, user, requireTestId(req.params));
    return { ok: true };
  });

  app.put('/api/tests/:id/update-questions', async (req) => {
    const user = requireEmployer(req);
    const id = requireTestId(req.params);
    const input = parseInput(ZUpdateQuestionIds, req.body);
    return service.setQuestionIds(db, user, id, input.questionIds, input.version, input.linkIds);
  });

  app.get('/api/tests/:id/questions', async (req) => {
    const user = requireUser(req);
    return service.readTestQuestions(db, user, requireTestId(req.params));
  });

  app.post('/api/tests/:id/questions/batch', async (req) => {
    const user = requireEmployer(req);
    const id = requireTestId(req.params);
    return saveQuestionBatch(db, user, id, parseInput(ZQuestionBatch, req.body));
  });

  app.post('/api/tests/:id/recompute-total', async (req) => {
    const user = requireEmployer(req);
    const id = requireTestId(req.params);
    const { version } = parseInput(z.object({ version: z.number().int().optional() }), req.body ?? {});
    return service.updateTest(db, user, id, { recomputeTotal: true, version });
  });

  app.get('/api/admin/stats', async (req) => service.readStats(db, requireEmployer(req)));
  app.get('/api/admin/candidates', async (req) => service.readCandidates(db, requireEmployer(req)));
}
