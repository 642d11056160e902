/**
 * The candidate's side of the integrity report (issue 29): after the test they see the same signals the
 * reviewer sees and may answer each one (the answer is shown to the reviewer beside it).
 */
import type { TCandidateIntegrity, TIntegrityAnswer } from '@assessly/shared';
import { integrityResponses, type UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { findAttempt } from '../attempts/attempts.service';
import { findTest } from '../tests/tests.access';
import { computeSignals, loadResponses } from './playback.service';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

async function ownEndedAttempt(deps: Deps, user: UserRow, testId: string) {
  const attempt = await findAttempt(deps, user.id, testId);
  if (!attempt) throw new AppError('ATTEMPT_NOT_STARTED', 'You have not taken this test');
  if (!attempt.endedAt && attempt.deadlineAt > deps.clock.now()) {
    throw new AppError('CONFLICT', 'The integrity report is shown once the test has ended');
  }
  const test = await findTest(deps.db, testId);
  if (!test) throw new AppError('TEST_NOT_FOUND', 'Test not found');
  return { attempt, test };
}

export async function readOwnIntegrity(deps: Deps, user: UserRow, testId: string): Promise<TCandidateIntegrity> {
  const { attempt, test } = await ownEndedAttempt(deps, user, testId);
  const [signals, responses] = await Promise.all([
    computeSignals(deps, attempt, test),
    loadResponses(deps, attempt.id),
  ]);
  const byId = new Map(responses.map((r) => [r.signalId, r]));
  return {
    signals: signals.map((s) => ({
      ...s,
      response: byId.get(s.id)?.response ?? null,
      respondedAt: byId.get(s.id)?.respondedAt.toISOString() ?? null,
    })),
  };
}

export async function answerSignal(deps: Deps, user: UserRow, testId: string, input: TIntegrityAnswer) {
  const { attempt, test } = await ownEndedAttempt(deps, user, testId);
  const signals = await computeSignals(deps, attempt, test);
  if (!signals.some((s) => s.id === input.signalId)) throw new AppError('NOT_FOUND', 'There is no such signal');
  const now = deps.clock.now();
  await deps.db
    .insert(integrityResponses)
    .values({ attemptId: attempt.id, signalId: input.signalId, response: input.response, respondedAt: now })
    .onConflictDoUpdate({
      target: [integrityResponses.attemptId, integrityResponses.signalId],
      set: { response: input.response, respondedAt: now },
    });
  return { ok: true as const };
}
