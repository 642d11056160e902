import {
  ZAptitudeQuestion,
  ZAptitudeQuestionAdd,
  ZAptitudeQuestionInput,
  ZCandidateQuestion,
  ZOk,
} from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { requireEmployer, requireUser } from '../../lib/auth';
import { employerOnly, signedIn, typed } from '../../lib/route-schema';
import { idGuard, ZIdParam } from '../tests/tests.access';
import * as service from './aptitude-questions.service';

const employerQuestion = idGuard(employerOnly, 'QUESTION_NOT_FOUND', 'Question not found');
const userQuestion = idGuard(signedIn, 'QUESTION_NOT_FOUND', 'Question not found');
const ZListQuery = z.object({ testId: z.string().uuid('Test not found').optional() });

export async function aptitudeQuestionsRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const r = typed(app);

  /** The caller's company's questions (the spec filters them by testId in the browser; ?testId= does it here). */
  r.get(
    '/api/aptitude-questions/all',
    { preValidation: employerOnly, schema: { querystring: ZListQuery, response: { 200: z.array(ZAptitudeQuestion) } } },
    async (req) => service.listQuestions(db, requireEmployer(req), req.query.testId),
  );

  // Employers get the full question, candidates the candidate projection (the service picks; the first variant wins).
  r.get(
    '/api/aptitude-questions/:id',
    {
      preValidation: userQuestion,
      schema: { params: ZIdParam, response: { 200: z.union([ZAptitudeQuestion, ZCandidateQuestion]) } },
    },
    async (req) => service.readQuestion(db, requireUser(req), req.params.id),
  );

  r.post(
    '/api/aptitude-questions/add',
    { preValidation: employerOnly, schema: { body: ZAptitudeQuestionAdd, response: { 201: ZAptitudeQuestion } } },
    async (req, reply) => reply.status(201).send(await service.addQuestion(db, requireEmployer(req), req.body)),
  );

  r.put(
    '/api/aptitude-questions/:id',
    {
      preValidation: employerQuestion,
      schema: { params: ZIdParam, body: ZAptitudeQuestionInput, response: { 200: ZAptitudeQuestion } },
    },
    async (req) => service.changeQuestion(db, requireEmployer(req), req.params.id, req.body),
  );

  r.delete(
    '/api/aptitude-questions/:id',
    { preValidation: employerQuestion, schema: { params: ZIdParam, response: { 200: ZOk } } },
    async (req) => {
      await service.removeQuestion(db, requireEmployer(req), req.params.id);
      return { ok: true as const };
    },
  );
}
