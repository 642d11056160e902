import { ZDraftInput, ZDraftSaved } from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../lib/auth';
import { gunzipBody } from '../../lib/gzip-body';
import { DRAFT_LIMIT, perSessionLimit } from '../../lib/rate-limits';
import { signedIn, typed } from '../../lib/route-schema';
import { saveDraft } from './drafts.service';

const ZTestParam = z.object({ testId: z.string().uuid('Test not found') });
const DRAFT_BODY_LIMIT = 512 * 1024;

export async function draftsRoutes(app: FastifyInstance, deps: AppDeps) {
  // The body limit leaves room for JSON escaping of a 64 KiB draft. The page gzips large drafts
  // (Content-Encoding: gzip); the limit then holds for the inflated body, and inflating stops past it.
  typed(app).put(
    '/api/attempts/:testId/drafts',
    {
      bodyLimit: DRAFT_BODY_LIMIT,
      preParsing: gunzipBody(DRAFT_BODY_LIMIT),
      config: perSessionLimit(DRAFT_LIMIT),
      preValidation: signedIn,
      schema: { params: ZTestParam, body: ZDraftInput, response: { 200: ZDraftSaved } },
    },
    async (req) => saveDraft(deps, requireUser(req), req.params.testId, req.body),
  );
}
