import {
  ZCandidateIntegrity,
  ZEditBatch,
  ZEditBatchSaved,
  ZIntegrityAnswer,
  ZIntegrityReport,
  ZOk,
  ZPlayback,
  ZPlaybackQuery,
} from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { requireEmployer, requireUser } from '../../lib/auth';
import { DRAFT_LIMIT, perSessionLimit, REPLAY_LIMIT } from '../../lib/rate-limits';
import { employerOnly, signedIn, typed } from '../../lib/route-schema';
import { requireManagedAttempt } from '../review/review.service';
import { recordEdits } from './edits.service';
import { answerSignal, readOwnIntegrity } from './integrity.candidate';
import { computeSignals, getPlayback, loadResponses } from './playback.service';

const ZTestParam = z.object({ testId: z.string().uuid('Test not found') });
const ZAttemptParam = z.object({ attemptId: z.string().uuid('Attempt not found') });
/** Room for a batch of 2,000 edits or a whole-file reset, JSON-escaped. */
const EDITS_BODY_LIMIT = 1024 * 1024;

/** Code playback and the integrity report (issue 29). */
export async function playbackRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = typed(app);
  r.post(
    '/api/attempts/:testId/edits',
    {
      bodyLimit: EDITS_BODY_LIMIT,
      config: perSessionLimit(DRAFT_LIMIT),
      preValidation: signedIn,
      schema: {
        summary: 'Record a batch of editor changes (seq idempotent; refused when it does not apply)',
        params: ZTestParam,
        body: ZEditBatch,
        response: { 200: ZEditBatchSaved },
      },
    },
    async (req) => recordEdits(deps, requireUser(req), req.params.testId, req.body),
  );

  r.get(
    '/api/review/attempts/:attemptId/playback',
    {
      config: perSessionLimit(REPLAY_LIMIT),
      preValidation: employerOnly,
      schema: {
        summary:
          "A page of an attempt's code playback streams with its Run and Submit moments (next: the following page's cursor)",
        params: ZAttemptParam,
        querystring: ZPlaybackQuery,
        response: { 200: ZPlayback },
      },
    },
    async (req) => {
      const { attempt, test } = await requireManagedAttempt(deps, requireEmployer(req), req.params.attemptId);
      return getPlayback(deps, attempt, test, req.query);
    },
  );

  r.get(
    '/api/review/attempts/:attemptId/integrity',
    {
      config: perSessionLimit(REPLAY_LIMIT),
      preValidation: employerOnly,
      schema: {
        summary: "An attempt's integrity signals with their rules, and the candidate's answers",
        params: ZAttemptParam,
        response: { 200: ZIntegrityReport },
      },
    },
    async (req) => {
      const { attempt, test } = await requireManagedAttempt(deps, requireEmployer(req), req.params.attemptId);
      const [signals, responses] = await Promise.all([
        computeSignals(deps, attempt, test),
        loadResponses(deps, attempt.id),
      ]);
      const answers = responses.flatMap((a) => {
        const signal = signals.findIndex((s) => s.id === a.signalId);
        return signal < 0 ? [] : [{ signal, response: a.response, respondedAt: a.respondedAt.toISOString() }];
      });
      return { signals, answers };
    },
  );

  r.get(
    '/api/attempts/:testId/integrity',
    {
      // The signals compare with other attempts' recordings: not a call to repeat in a loop.
      config: perSessionLimit(30),
      preValidation: signedIn,
      schema: {
        summary: 'Your integrity signals for this test, after it ended',
        params: ZTestParam,
        response: { 200: ZCandidateIntegrity },
      },
    },
    async (req) => readOwnIntegrity(deps, requireUser(req), req.params.testId),
  );

  r.post(
    '/api/attempts/:testId/integrity/answers',
    {
      config: perSessionLimit(60),
      preValidation: signedIn,
      schema: {
        summary: 'Answer one of your integrity signals',
        params: ZTestParam,
        body: ZIntegrityAnswer,
        response: { 200: ZOk },
      },
    },
    async (req) => answerSignal(deps, requireUser(req), req.params.testId, req.body),
  );
}
