import {
  ZAdminCandidate,
  ZAdminStats,
  ZCandidateTest,
  ZCandidateTestWithQuestions,
  ZOk,
  ZQuestionBatch,
  ZTest,
  ZTestCreate,
  ZTestUpdate,
  ZTestWithQuestions,
  ZUpdateQuestionIds,
} from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { requireEmployer, requireUser } from '../../lib/auth';
import { employerOnly, signedIn, typed } from '../../lib/route-schema';
import { idGuard, ZIdParam } from './tests.access';
import { saveQuestionBatch } from './tests.batch';
import * as service from './tests.service';

const ZUserId = z.object({ userId: z.string().uuid('User not found') });
const employerTest = idGuard(employerOnly, 'TEST_NOT_FOUND', 'Test not found');
const userTest = idGuard(signedIn, 'TEST_NOT_FOUND', 'Test not found');

export async function testsRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const r = typed(app);
  r.get(
    '/api/tests/by-user/:userId',
    { preValidation: employerOnly, schema: { params: ZUserId, response: { 200: z.array(ZTest) } } },
    async (req) => service.listTestsForUser(db, requireEmployer(req), req.params.userId),
  );

  r.get('/api/tests', { preValidation: employerOnly, schema: { response: { 200: z.array(ZTest) } } }, async (req) =>
    service.listTestsForUser(db, requireEmployer(req)),
  );

  r.post(
    '/api/tests/create',
    { preValidation: employerOnly, schema: { body: ZTestCreate, response: { 201: ZTest } } },
    async (req, reply) => reply.status(201).send(await service.createTest(db, requireEmployer(req), req.body)),
  );

  // Employers get the full test, candidates the candidate projection (the service picks; the first variant wins).
  r.get(
    '/api/tests/:id',
    { preValidation: userTest, schema: { params: ZIdParam, response: { 200: z.union([ZTest, ZCandidateTest]) } } },
    async (req) => service.readTest(db, requireUser(req), req.params.id),
  );

  r.put(
    '/api/tests/:id',
    { preValidation: employerTest, schema: { params: ZIdParam, body: ZTestUpdate, response: { 200: ZTest } } },
    async (req) => service.updateTest(db, requireEmployer(req), req.params.id, req.body),
  );

  r.delete(
    '/api/tests/:id',
    { preValidation: employerTest, schema: { params: ZIdParam, response: { 200: ZOk } } },
    async (req) => {
      await service.deleteTest(db, requireEmployer(req), req.params.id);
      return { ok: true as const };
    },
  );

  r.put(
    '/api/tests/:id/update-questions',
    { preValidation: employerTest, schema: { params: ZIdParam, body: ZUpdateQuestionIds, response: { 200: ZTest } } },
    async (req) => {
      const { questionIds, version, linkIds } = req.body;
      return service.setQuestionIds(db, requireEmployer(req), req.params.id, questionIds, version, linkIds);
    },
  );

  r.get(
    '/api/tests/:id/questions',
    {
      preValidation: userTest,
      schema: { params: ZIdParam, response: { 200: z.union([ZTestWithQuestions, ZCandidateTestWithQuestions]) } },
    },
    async (req) => service.readTestQuestions(db, requireUser(req), req.params.id),
  );

  r.post(
    '/api/tests/:id/questions/batch',
    {
      preValidation: employerTest,
      schema: { params: ZIdParam, body: ZQuestionBatch, response: { 200: ZTestWithQuestions } },
    },
    async (req) => saveQuestionBatch(db, requireEmployer(req), req.params.id, req.body),
  );

  r.post(
    '/api/tests/:id/recompute-total',
    {
      preValidation: employerTest,
      schema: { params: ZIdParam, body: z.object({ version: z.number().int().optional() }), response: { 200: ZTest } },
    },
    async (req) =>
      service.updateTest(db, requireEmployer(req), req.params.id, { recomputeTotal: true, version: req.body.version }),
  );

  r.get('/api/admin/stats', { preValidation: employerOnly, schema: { response: { 200: ZAdminStats } } }, async (req) =>
    service.readStats(db, requireEmployer(req)),
  );
  r.get(
    '/api/admin/candidates',
    { preValidation: employerOnly, schema: { response: { 200: z.array(ZAdminCandidate) } } },
    async (req) => service.readCandidates(db, requireEmployer(req)),
  );
}
