import {
  ZAiAsk,
  ZAiReview,
  ZAiSettings,
  ZAiSettingsView,
  ZCandidateAi,
  ZFollowUp,
  ZFollowUpAnswer,
  ZFollowUpsRequest,
} from '@assessly/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { requireEmployer, requireUser } from '../../lib/auth';
import { perSessionLimit, REPLAY_LIMIT } from '../../lib/rate-limits';
import { employerOnly, signedIn, typed } from '../../lib/route-schema';
import { requireManagedAttempt } from '../review/review.service';
import { idGuard, ZIdParam } from '../tests/tests.access';
import { answerFollowUp, makeFollowUps } from './ai.follow-ups';
import { reviewAiUse } from './ai.review';
import { getCandidateAi, getTestAiSettings, prepareAsk, putTestAiSettings } from './ai.service';
import { streamAnswer } from './ai.stream';

const ZTestParam = z.object({ testId: z.string().uuid('Test not found') });
const ZFollowUpParam = z.object({
  testId: z.string().uuid('Test not found'),
  followUpId: z.string().uuid('Follow-up question not found'),
});
const ZAttemptParam = z.object({ attemptId: z.string().uuid('Attempt not found') });
const employerTest = idGuard(employerOnly, 'TEST_NOT_FOUND', 'Test not found');
/** Questions a minute per session, whatever the test's budget (each one is a call to the provider). */
const ASK_LIMIT = 20;

/** The sanctioned AI assistant (issue 44). */
export async function aiRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = typed(app);
  r.get(
    '/api/tests/:id/ai',
    {
      preValidation: employerTest,
      schema: {
        summary: "A test's AI assistant settings, and whether this server has a provider",
        params: ZIdParam,
        response: { 200: ZAiSettingsView },
      },
    },
    async (req) => getTestAiSettings(deps, requireEmployer(req), req.params.id),
  );
  r.put(
    '/api/tests/:id/ai',
    {
      preValidation: employerTest,
      schema: {
        summary: "Set a test's AI assistant: off, explain, hints or full, an instruction and a budget per candidate",
        params: ZIdParam,
        body: ZAiSettings,
        response: { 200: ZAiSettingsView },
      },
    },
    async (req) => putTestAiSettings(deps, requireEmployer(req), req.params.id, req.body),
  );
  r.get(
    '/api/attempts/:testId/ai',
    {
      preValidation: signedIn,
      schema: {
        summary:
          "Whether this test offers the AI assistant, its rules, what is recorded and what is left of one's budget",
        params: ZTestParam,
        response: { 200: ZCandidateAi },
      },
    },
    async (req) => getCandidateAi(deps, requireUser(req), req.params.testId),
  );
  r.post(
    '/api/attempts/:testId/ai/ask',
    {
      config: perSessionLimit(ASK_LIMIT),
      preValidation: signedIn,
      schema: {
        summary: 'Ask the AI assistant during an open attempt; the answer streams as server-sent events',
        params: ZTestParam,
        body: ZAiAsk,
      },
    },
    async (req, reply) => {
      const prepared = await prepareAsk(deps, requireUser(req), req.params.testId, req.body);
      // prepareAsk refused without a provider, so one is there
      await streamAnswer(deps, deps.ai!, prepared, req, reply);
    },
  );
  r.get(
    '/api/review/attempts/:attemptId/ai',
    {
      config: perSessionLimit(REPLAY_LIMIT),
      preValidation: employerOnly,
      schema: {
        summary:
          "An attempt's AI use: the rules, every exchange on the replay's timeline, the assistant's share of the code",
        params: ZAttemptParam,
        response: { 200: ZAiReview },
      },
    },
    async (req) => {
      const { attempt, test } = await requireManagedAttempt(deps, requireEmployer(req), req.params.attemptId);
      return reviewAiUse(deps, attempt, test);
    },
  );
  r.post(
    '/api/attempts/:testId/follow-ups',
    {
      config: perSessionLimit(ASK_LIMIT),
      preValidation: signedIn,
      schema: {
        summary: 'The follow-up questions about your submitted code for one problem (made once, then read back)',
        params: ZTestParam,
        body: ZFollowUpsRequest,
        response: { 200: z.array(ZFollowUp) },
      },
    },
    async (req) => makeFollowUps(deps, requireUser(req), req.params.testId, req.body.questionId),
  );
  r.put(
    '/api/attempts/:testId/follow-ups/:followUpId',
    {
      config: perSessionLimit(60),
      preValidation: signedIn,
      schema: {
        summary: 'Answer one follow-up question in writing, within its time',
        params: ZFollowUpParam,
        body: ZFollowUpAnswer,
        response: { 200: ZFollowUp },
      },
    },
    async (req) => answerFollowUp(deps, requireUser(req), req.params.testId, req.params.followUpId, req.body.answer),
  );
}
