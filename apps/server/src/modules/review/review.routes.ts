import {
  TEMPLATE_KINDS,
  ZBulkStatusSaved,
  ZBulkStatusUpdate,
  ZCompare,
  ZCompareQuery,
  ZDashboard,
  ZDashboardQuery,
  ZEmailTemplate,
  ZHiringStatusSaved,
  ZHiringStatusUpdate,
  ZIdentityDecided,
  ZIdentityDecision,
  ZMyTest,
  ZOk,
  ZReport,
  ZReviewNote,
  ZReviewNoteRow,
  ZReviewPage,
  ZReviewResults,
  ZSimilarityReport,
  ZSubmissionsPage,
  ZTemplateUpdate,
} from '@assessly/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { requireEmployer, requireUser } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { MAIL_SENDING_LIMIT, perSessionLimit } from '../../lib/rate-limits';
import { employerOnly, signedIn, typed } from '../../lib/route-schema';
import { requireVerifiedSender } from '../companies/verified-sender';
import { requireManagedTest } from '../tests/tests.access';
import { decideIdentity } from './identity-review';
import { getResultsCsv } from './results-csv';
import { addNote, compareAttempts, listNotes } from './review.notes';
import * as service from './review.service';
import { findSimilarPairs } from './similarity.service';
import { listTemplates, resetTemplate, saveTemplate } from './templates';

const ZTestParam = z.object({ testId: z.string().uuid('Test not found') });
const ZAttemptParam = z.object({ attemptId: z.string().uuid('Attempt not found') });
const ZEventParam = z.object({ eventId: z.string().uuid('Frame not found') });
/** Identity decisions (issue 41): a reviewer works through a list, not a script through thousands. */
const IDENTITY_DECISION_LIMIT = 60;
const ZKindParam = z.object({ kind: z.enum(TEMPLATE_KINDS, { error: 'Unknown template' }) });

function requireCompany(companyId: string | null): string {
  if (!companyId) throw new AppError('FORBIDDEN', 'Your account has no company');
  return companyId;
}

export async function reviewRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = typed(app);
  /** Editing templates needs a verified sender; checked before the input, as the handlers did. */
  const templateEditor = [
    employerOnly,
    async (req: FastifyRequest) => {
      await requireVerifiedSender(deps.db, requireEmployer(req), 'templates.edit');
    },
  ];

  r.get(
    '/api/review/dashboard',
    { preValidation: employerOnly, schema: { querystring: ZDashboardQuery, response: { 200: ZDashboard } } },
    async (req) =>
      service.getDashboard(deps, requireEmployer(req), req.query.page, req.query.pageSize, req.query.needsGrading),
  );

  r.get(
    '/api/review/tests/:testId/submissions',
    {
      preValidation: employerOnly,
      schema: { params: ZTestParam, querystring: ZReviewPage, response: { 200: ZSubmissionsPage } },
    },
    async (req) => {
      const { page, pageSize } = req.query;
      return service.getSubmissionsPage(deps, requireEmployer(req), req.params.testId, page, pageSize);
    },
  );

  r.get(
    '/api/review/tests/:testId/results',
    { preValidation: employerOnly, schema: { params: ZTestParam, response: { 200: ZReviewResults } } },
    async (req) => {
      const user = requireEmployer(req);
      const { testId } = req.params;
      const test = await requireManagedTest(deps.db, user, testId);
      return {
        test: { ...service.testHeaderOf(test), endTime: test.endTime?.toISOString() ?? null },
        rows: await service.getResults(deps, user, testId),
      };
    },
  );

  // The answer is the CSV file: params only.
  r.get(
    '/api/review/tests/:testId/results.csv',
    { preValidation: employerOnly, schema: { params: ZTestParam } },
    async (req, reply) => {
      const { filename, csv } = await getResultsCsv(deps, requireEmployer(req), req.params.testId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  r.get(
    '/api/review/tests/:testId/similarity',
    { preValidation: employerOnly, schema: { params: ZTestParam, response: { 200: ZSimilarityReport } } },
    async (req) => findSimilarPairs(deps, await requireManagedTest(deps.db, requireEmployer(req), req.params.testId)),
  );

  r.get(
    '/api/review/attempts/:attemptId/report',
    { preValidation: employerOnly, schema: { params: ZAttemptParam, response: { 200: ZReport } } },
    async (req) => service.getReport(deps, requireEmployer(req), req.params.attemptId),
  );

  // A change to shortlisted/rejected emails the candidate: toggling must not become a mail cannon.
  r.put(
    '/api/review/attempts/:attemptId/status',
    {
      config: perSessionLimit(MAIL_SENDING_LIMIT),
      preValidation: employerOnly,
      schema: { params: ZAttemptParam, body: ZHiringStatusUpdate, response: { 200: ZHiringStatusSaved } },
    },
    async (req) =>
      service.setHiringStatus(deps, requireEmployer(req), req.params.attemptId, req.body.status, req.body.notify),
  );

  // Issue 41: confirm or reject the identity of an attempt that started without the live check (audited).
  r.put(
    '/api/review/attempts/:attemptId/identity',
    {
      config: perSessionLimit(IDENTITY_DECISION_LIMIT),
      preValidation: employerOnly,
      schema: { params: ZAttemptParam, body: ZIdentityDecision, response: { 200: ZIdentityDecided } },
    },
    async (req) => decideIdentity(deps, requireEmployer(req), req.params.attemptId, req.body, req.ip),
  );

  // Many candidates of one test at once (issue 26), with or without the status emails.
  r.post(
    '/api/review/tests/:testId/status',
    {
      config: perSessionLimit(MAIL_SENDING_LIMIT),
      preValidation: employerOnly,
      schema: { params: ZTestParam, body: ZBulkStatusUpdate, response: { 200: ZBulkStatusSaved } },
    },
    async (req) => service.setHiringStatuses(deps, requireEmployer(req), req.params.testId, req.body),
  );

  // The answer is the stored frame (an image): params only.
  r.get(
    '/api/review/frames/:eventId',
    { preValidation: employerOnly, schema: { params: ZEventParam } },
    async (req, reply) => {
      const blob = await service.getFrame(deps, requireEmployer(req), req.params.eventId);
      return reply
        .header('content-type', blob.contentType)
        .header('cache-control', 'private, max-age=3600')
        .send(blob.data);
    },
  );

  r.get(
    '/api/review/templates',
    { preValidation: employerOnly, schema: { response: { 200: z.array(ZEmailTemplate) } } },
    async (req) => listTemplates(deps.db, requireCompany(requireEmployer(req).companyId)),
  );

  r.put(
    '/api/review/templates',
    { preValidation: templateEditor, schema: { body: ZTemplateUpdate, response: { 200: ZEmailTemplate } } },
    async (req) => saveTemplate(deps.db, requireCompany(requireEmployer(req).companyId), req.body, deps.clock.now()),
  );

  r.delete(
    '/api/review/templates/:kind',
    { preValidation: templateEditor, schema: { params: ZKindParam, response: { 200: ZOk } } },
    async (req) => {
      await resetTemplate(deps.db, requireCompany(requireEmployer(req).companyId), req.params.kind);
      return { ok: true as const };
    },
  );

  r.get(
    '/api/review/attempts/:attemptId/notes',
    { preValidation: employerOnly, schema: { params: ZAttemptParam, response: { 200: z.array(ZReviewNoteRow) } } },
    async (req) => listNotes(deps, requireEmployer(req), req.params.attemptId),
  );

  r.post(
    '/api/review/attempts/:attemptId/notes',
    {
      preValidation: employerOnly,
      schema: { params: ZAttemptParam, body: ZReviewNote, response: { 201: ZReviewNoteRow } },
    },
    async (req, reply) =>
      reply.status(201).send(await addNote(deps, requireEmployer(req), req.params.attemptId, req.body.body)),
  );

  r.get(
    '/api/review/compare',
    { preValidation: employerOnly, schema: { querystring: ZCompareQuery, response: { 200: ZCompare } } },
    async (req) => compareAttempts(deps, requireEmployer(req), req.query.attemptIds),
  );

  r.get('/api/me/tests', { preValidation: signedIn, schema: { response: { 200: z.array(ZMyTest) } } }, async (req) =>
    service.getMyTests(deps, requireUser(req)),
  );
}
