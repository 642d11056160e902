import { type TResultItem, ZRunCode, ZSubmissionQuery, ZSubmitCode } from '@assessly/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { requireUser } from '../../lib/auth';
import { perSessionLimit, RUN_LIMIT } from '../../lib/rate-limits';
import { parseInput } from '../../lib/validate';
import * as service from './submissions.service';
import { streamRoutes } from './submissions.stream';

const ZIdParam = z.object({ id: z.string().uuid('Submission not found') });
const ZIdempotencyKey = z
  .string()
  .trim()
  .min(8, 'An idempotency key has 8 to 200 characters')
  .max(200, 'An idempotency key has 8 to 200 characters');
/** The key of a submit: the Idempotency-Key header, or `idempotencyKey` in the body. */
function idempotencyKeyOf(req: FastifyRequest): string | null {
  const header = req.headers['idempotency-key'];
  const body = (req.body as { idempotencyKey?: unknown } | null)?.idempotencyKey;
  const raw = typeof header === 'string' ? header : body;
  if (raw === undefined || raw === null || raw === '') return null;
  return parseInput(z.object({ key: ZIdempotencyKey }), { key: raw }).key;
}
// question_number is an int4: a larger filter would fail in the database (500) instead of matching nothing.
const ZQuery = ZSubmissionQuery.extend({ questionNumber: z.coerce.number().int().min(0).max(100_000).optional() });

export async function submissionsRoutes(app: FastifyInstance, deps: AppDeps) {
  /** Answers the spec's results array: one item per visible example (or the custom input). */
  app.post('/api/submissions/run', { config: perSessionLimit(RUN_LIMIT) }, async (req) => {
    const user = requireUser(req);
    return service.runCode(deps, user, parseInput(ZRunCode, req.body));
  });

  /**
   * Stores and judges every case. Judged in time: 200 with the results array (hidden cases reduced to
   * passed/verdict/figures) and the id in X-Submission-Id. Still queued after the wait: 202 {id, status}.
   */
  app.post('/api/submissions', async (req, reply) => {
    const user = requireUser(req);
    const key = idempotencyKeyOf(req);
    const row = await service.submitCode(deps, user, parseInput(ZSubmitCode, req.body), key);
    reply.header('X-Submission-Id', row.id);
    if (!service.isDone(row)) {
      const place = (await deps.judging?.queuePlace(user.id).catch(() => null)) ?? null;
      return reply.status(202).send({ id: row.id, status: row.status, place });
    }
    const json = service.toSubmissionJson(row, true);
    reply.header('X-Submission-Score', `${json.score}/${json.maxScore}`);
    return json.results satisfies TResultItem[];
  });

  streamRoutes(app, deps);

  app.get('/api/submissions/all', async (req) => {
    const user = requireUser(req);
    return service.listSubmissions(deps, user, parseInput(ZQuery, req.query));
  });

  app.get('/api/submissions/:id', async (req) => {
    const user = requireUser(req);
    const { id } = parseInput(ZIdParam, req.params);
    return service.readSubmission(deps, user, id);
  });
}
