import {
  TEMPLATE_KINDS,
  ZCompareQuery,
  ZHiringStatusUpdate,
  ZReviewNote,
  ZReviewPage,
  ZTemplateUpdate,
} from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { requireEmployer, requireUser } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { MAIL_SENDING_LIMIT, perSessionLimit } from '../../lib/rate-limits';
import { parseInput } from '../../lib/validate';
import { requireVerifiedSender } from '../companies/verified-sender';
import { requireManagedTest } from '../tests/tests.access';
import { addNote, compareAttempts, listNotes } from './review.notes';
import * as service from './review.service';
import { findSimilarPairs } from './similarity.service';
import { listTemplates, resetTemplate, saveTemplate } from './templates';

const ZTestParam = z.object({ testId: z.string().uuid('Test not found') });
const ZAttemptParam = z.object({ attemptId: z.string().uuid('Attempt not found') });
const ZEventParam = z.object({ eventId: z.string().uuid('Frame not found') });

function requireCompany(companyId: string | null): string {
  if (!companyId) throw new AppError('FORBIDDEN', 'Your account has no company');
  return companyId;
}

export async function reviewRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/api/review/dashboard', async (req) => {
    const user = requireEmployer(req);
    const { page, pageSize } = parseInput(ZReviewPage, req.query);
    return service.getDashboard(deps, user, page, pageSize);
  });

  app.get('/api/review/tests/:testId/submissions', async (req) => {
    const user = requireEmployer(req);
    const { testId } = parseInput(ZTestParam, req.params);
    const { page, pageSize } = parseInput(ZReviewPage, req.query);
    return service.getSubmissionsPage(deps, user, testId, page, pageSize);
  });

  app.get('/api/review/tests/:testId/results', async (req) => {
    const user = requireEmployer(req);
    const { testId } = parseInput(ZTestParam, req.params);
    const test = await requireManagedTest(deps.db, user, testId);
    return {
      test: {
        id: test.id,
        testName: test.testName,
        testType: test.testType,
        totalMarks: test.totalMarks,
        passingMarks: test.passingMarks,
        endTime: test.endTime?.toISOString() ?? null,
      },
      rows: await service.getResults(deps, user, testId),
    };
  });

  app.get('/api/review/tests/:testId/results.csv', async (req, reply) => {
    const user = requireEmployer(req);
    const { testId } = parseInput(ZTestParam, req.params);
    const { filename, csv } = await service.getResultsCsv(deps, user, testId);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.get('/api/review/tests/:testId/similarity', async (req) => {
    const user = requireEmployer(req);
    const { testId } = parseInput(ZTestParam, req.params);
    const test = await requireManagedTest(deps.db, user, testId);
    return findSimilarPairs(deps, test);
  });

  app.get('/api/review/attempts/:attemptId/report', async (req) => {
    const user = requireEmployer(req);
    const { attemptId } = parseInput(ZAttemptParam, req.params);
    return service.getReport(deps, user, attemptId);
  });

  // A change to shortlisted/rejected emails the candidate: toggling must not become a mail cannon.
  app.put('/api/review/attempts/:attemptId/status', { config: perSessionLimit(MAIL_SENDING_LIMIT) }, async (req) => {
    const user = requireEmployer(req);
    const { attemptId } = parseInput(ZAttemptParam, req.params);
    const { status } = parseInput(ZHiringStatusUpdate, req.body);
    return service.setHiringStatus(deps, user, attemptId, status);
  });

  app.get('/api/review/frames/:eventId', async (req, reply) => {
    const user = requireEmployer(req);
    const { eventId } = parseInput(ZEventParam, req.params);
    const blob = await service.getFrame(deps, user, eventId);
    return reply
      .header('content-type', blob.contentType)
      .header('cache-control', 'private, max-age=3600')
      .send(blob.data);
  });

  app.get('/api/review/templates', async (req) => {
    const user = requireEmployer(req);
    return listTemplates(deps.db, requireCompany(user.companyId));
  });

  app.put('/api/review/templates', async (req) => {
    const user = requireEmployer(req);
    await requireVerifiedSender(deps.db, user, 'templates.edit');
    return saveTemplate(
      deps.db,
      requireCompany(user.companyId),
      parseInput(ZTemplateUpdate, req.body),
      deps.clock.now(),
    );
  });

  app.delete('/api/review/templates/:kind', async (req) => {
    const user = requireEmployer(req);
    await requireVerifiedSender(deps.db, user, 'templates.edit');
    const { kind } = parseInput(z.object({ kind: z.enum(TEMPLATE_KINDS, { error: 'Unknown template' }) }), req.params);
    await resetTemplate(deps.db, requireCompany(user.companyId), kind);
    return { ok: true };
  });

  app.get('/api/review/attempts/:attemptId/notes', async (req) => {
    const user = requireEmployer(req);
    const { attemptId } = parseInput(ZAttemptParam, req.params);
    return listNotes(deps, user, attemptId);
  });

  app.post('/api/review/attempts/:attemptId/notes', async (req, reply) => {
    const user = requireEmployer(req);
    const { attemptId } = parseInput(ZAttemptParam, req.params);
    const { body } = parseInput(ZReviewNote, req.body);
    return reply.status(201).send(await addNote(deps, user, attemptId, body));
  });

  app.get('/api/review/compare', async (req) => {
    const user = requireEmployer(req);
    const { attemptIds } = parseInput(ZCompareQuery, req.query);
    return compareAttempts(deps, user, attemptIds);
  });

  app.get('/api/me/tests', async (req) => service.getMyTests(deps, requireUser(req)));
}
