import { ZCandidateSubmission, ZStartAttempt, ZTakeTest } from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { signedIn, typed } from '../../lib/route-schema';
import { accommodationFor } from '../invitations/accommodations';
import { endAttempt } from './attempts.finish';
import { deletePreviewAttempt, findAttempt, isPreviewer, startAttempt } from './attempts.service';
import { findOwnSubmissions, projectSubmission } from './attempts.submissions';
import { readTakeState, requireTest } from './attempts.take';
import { scoreHiddenFrom } from './score-visibility';

const ZTestParam = z.object({ testId: z.string().uuid('Test not found') });

/** Every answer of these routes is the take state, through its response schema (candidate projections). */
const takeState = { preValidation: signedIn, schema: { params: ZTestParam, response: { 200: ZTakeTest } } };

export async function attemptsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = typed(app);
  r.get('/api/attempts/take/:testId', takeState, async (req) => {
    const user = requireUser(req);
    const { testId } = req.params;
    return readTakeState(deps, user, testId);
  });

  // Issue 41: an optional body asks for the start without the live check (ZStartAttempt).
  r.post(
    '/api/attempts/:testId/start',
    { ...takeState, schema: { ...takeState.schema, body: ZStartAttempt } },
    async (req) => {
      const user = requireUser(req);
      const { testId } = req.params;
      await startAttempt(deps, user, testId, {
        ...(await accommodationFor(deps, user, testId)),
        ip: req.ip,
        liveFallback: req.body?.liveFallback,
        stillCamera: req.body?.stillCamera,
      });
      return readTakeState(deps, user, testId);
    },
  );

  /** Preview only: throws the caller's preview attempt away (submissions included) and starts a new one. */
  r.post('/api/attempts/:testId/restart-preview', takeState, async (req) => {
    const user = requireUser(req);
    const { testId } = req.params;
    const test = await requireTest(deps, testId);
    if (!isPreviewer(user, test))
      throw new AppError('FORBIDDEN', 'Previewing tests needs a member of the company that owns the test');
    const attempt = await findAttempt(deps, user.id, testId);
    if (attempt) await deletePreviewAttempt(deps, attempt);
    await startAttempt(deps, user, testId);
    return readTakeState(deps, user, testId);
  });

  /** End Test (and the page's timer at zero). Idempotent: ending an ended attempt answers its state. */
  r.post('/api/attempts/:testId/end', takeState, async (req) => {
    const user = requireUser(req);
    const { testId } = req.params;
    await requireTest(deps, testId);
    const attempt = await findAttempt(deps, user.id, testId);
    if (!attempt) throw new AppError('ATTEMPT_NOT_STARTED', 'Start the test first');
    await endAttempt(deps, attempt, 'manual');
    return readTakeState(deps, user, testId);
  });

  /** The caller's own submissions for this test (hidden cases without their data). */
  r.get(
    '/api/attempts/:testId/submissions',
    { preValidation: signedIn, schema: { params: ZTestParam, response: { 200: z.array(ZCandidateSubmission) } } },
    async (req) => {
      const user = requireUser(req);
      const { testId } = req.params;
      const rows = await findOwnSubmissions(deps.db, user.id, testId);
      const test = rows.length ? await requireTest(deps, testId) : null;
      const hidden = test ? await scoreHiddenFrom(deps.db, user, test) : false;
      return rows.map((s) => projectSubmission(s, hidden));
    },
  );
}
