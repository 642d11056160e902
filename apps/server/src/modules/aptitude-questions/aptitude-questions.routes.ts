import { ZAptitudeQuestionAdd, ZAptitudeQuestionInput } from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { requireEmployer, requireUser } from '../../lib/auth';
import { parseInput } from '../../lib/validate';
import { readIdParam } from '../tests/tests.access';
import * as service from './aptitude-questions.service';

const questionId = (params: unknown) => readIdParam(params, 'QUESTION_NOT_FOUND', 'Question not found');
const ZListQuery = z.object({ testId: z.string().uuid('Test not found').optional() });

export async function aptitudeQuestionsRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;

  /** The caller's company's questions (the spec filters them by testId in the browser; ?testId= does it here). */
  app.get('/api/aptitude-questions/all', async (req) => {
    const user = requireEmployer(req);
    return service.listQuestions(db, user, parseInput(ZListQuery, req.query).testId);
  });

  app.get('/api/aptitude-questions/:id', async (req) =>
    service.readQuestion(db, requireUser(req), questionId(req.params)),
  );

  app.post('/api/aptitude-questions/add', async (req, reply) => {
    const user = requireEmployer(req);
    return reply.status(201).send(await service.addQuestion(db, user, parseInput(ZAptitudeQuestionAdd, req.body)));
  });

  app.put('/api/aptitude-questions/:id', async (req) => {
    const user = requireEmployer(req);
    const id = questionId(req.params);
    return service.changeQuestion(db, user, id, parseInput(ZAptitudeQuestionInput, req.body));
  });

  app.delete('/api/aptitude-questions/:id', async (req) => {
    const user = requireEmployer(req);
    await service.removeQuestion(db, user, questionId(req.params));
    return { ok: true };
  });
}
