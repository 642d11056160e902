import {
  type TResultItem,
  ZCandidateResultItem,
  ZQueuedSubmission,
  ZResultItem,
  ZRunCode,
  ZSubmission,
  ZSubmissionQuery,
  ZSubmitCode,
} from '@assessly/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../lib/auth';
import { perSessionLimit, RUN_LIMIT } from '../../lib/rate-limits';
import { signedIn, typed } from '../../lib/route-schema';
import { parseInput } from '../../lib/validate';
import { testsHidingScoreFrom } from '../attempts/score-visibility';
import * as service from './submissions.service';
import { streamRoutes } from './submissions.stream';

const ZIdParam = z.object({ id: z.string().uuid('Submission not found') });
const ZIdempotencyKey = z
  .string()
  .trim()
  .min(8, 'An idempotency key has 8 to 200 characters')
  .max(200, 'An idempotency key has 8 to 200 characters');
/** The key may also come in the body; it is checked (and the header preferred) in the handler. */
const ZSubmitBody = ZSubmitCode.extend({ idempotencyKey: z.unknown().optional() });
/** The key of a submit: the Idempotency-Key header, or `idempotencyKey` in the body. */
function idempotencyKeyOf(req: FastifyRequest, body: unknown): string | null {
  const header = req.headers['idempotency-key'];
  const raw = typeof header === 'string' ? header : body;
  if (raw === undefined || raw === null || raw === '') return null;
  return parseInput(z.object({ key: ZIdempotencyKey }), { key: raw }).key;
}
// question_number is an int4: a larger filter would fail in the database (500) instead of matching nothing.
const ZQuery = ZSubmissionQuery.extend({ questionNumber: z.coerce.number().int().min(0).max(100_000).optional() });
/**
 * Run answers visible cases only: a candidate's projection, or for an employer trying a problem the internal
 * failures in full (the service decides). Either way only ZResultItem's keys leave.
 */
const ZRunResults = z.array(ZResultItem);

export async function submissionsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = typed(app);
  /** Answers the spec's results array: one item per visible example (or the custom input). */
  r.post(
    '/api/submissions/run',
    {
      config: perSessionLimit(RUN_LIMIT),
      preValidation: signedIn,
      schema: { body: ZRunCode, response: { 200: ZRunResults } },
    },
    async (req) => service.runCode(deps, requireUser(req), req.body),
  );

  /**
   * Stores and judges every case. Judged in time: 200 with the results array (hidden cases reduced to
   * passed/verdict/figures) and the id in X-Submission-Id. Still queued after the wait: 202 {id, status}.
   */
  r.post(
    '/api/submissions',
    {
      preValidation: signedIn,
      schema: { body: ZSubmitBody, response: { 200: z.array(ZCandidateResultItem), 202: ZQueuedSubmission } },
    },
    async (req, reply) => {
      const user = requireUser(req);
      const { idempotencyKey, ...input } = req.body;
      const key = idempotencyKeyOf(req, idempotencyKey);
      const row = await service.submitCode(deps, user, input, key);
      reply.header('X-Submission-Id', row.id);
      if (!service.isDone(row)) {
        const place = (await deps.judging?.queuePlace(user.id).catch(() => null)) ?? null;
        return reply.status(202).send({ id: row.id, status: row.status, place });
      }
      const json = service.toSubmissionJson(row, true);
      // No marks when the company does not show candidates their score (issue 26).
      if (!(await testsHidingScoreFrom(deps.db, user, [row.testId])).has(row.testId))
        reply.header('X-Submission-Score', `${json.score}/${json.maxScore}`);
      return json.results satisfies TResultItem[];
    },
  );

  streamRoutes(app, deps);

  // Candidates get their projection (service), employers the stored rows; both as ZSubmission's keys.
  r.get(
    '/api/submissions/all',
    { preValidation: signedIn, schema: { querystring: ZQuery, response: { 200: z.array(ZSubmission) } } },
    async (req) => service.listSubmissions(deps, requireUser(req), req.query),
  );

  r.get(
    '/api/submissions/:id',
    { preValidation: signedIn, schema: { params: ZIdParam, response: { 200: ZSubmission } } },
    async (req) => service.readSubmission(deps, requireUser(req), req.params.id),
  );
}
