/**
 * The sanctioned AI assistant (issue 44): the employer's settings per test, the candidate's budget, and the
 * exchanges on the record. An exchange is stored before the provider is asked (status pending, counted against
 * the budget under the attempt's row lock, so two tabs cannot both spend the last question) and completed with
 * the answer, its tokens and its model, or with why it failed.
 */
import {
  DEFAULT_AI_SETTINGS,
  type TAiAsk,
  type TAiExchange,
  type TAiSettings,
  type TAiSettingsView,
  type TCandidateAi,
} from '@assessly/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type AiExchangeRow, aiExchanges, aiSettings, attempts, type TestRow, type UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { requireOpenAttempt } from '../attempts/attempts.service';
import { findProblemsByIds } from '../coding-problems/coding-problems.repo';
import { findTest, requireManagedTest } from '../tests/tests.access';
import { toCandidateProblem } from '../tests/tests.service';
import { buildMessages, estimateTokens } from './ai.prompt';
import type { AiMessage } from './ai.provider';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'ai'>;

/** The longest answer one question may get, in tokens (less when the budget has less left). */
export const AI_ANSWER_MAX_TOKENS = 2048;
/** How many earlier exchanges on the same problem go back into the prompt. */
const HISTORY = 4;
const PENDING_STALE_MS = 5 * 60_000;

export const RECORDED =
  'Every question you ask the assistant and every answer, with its time, is recorded and shown to the reviewer, as is any code you insert from it.';

export async function readSettings(deps: Pick<AppDeps, 'db'>, testId: string): Promise<TAiSettings> {
  const [row] = await deps.db.select().from(aiSettings).where(eq(aiSettings.testId, testId)).limit(1);
  if (!row) return { ...DEFAULT_AI_SETTINGS };
  return {
    mode: row.mode,
    instruction: row.instruction,
    maxMessages: row.maxMessages,
    maxTokens: row.maxTokens,
    followUps: row.followUps,
  };
}

function view(deps: Pick<AppDeps, 'ai'>, settings: TAiSettings): TAiSettingsView {
  return {
    ...settings,
    configured: !!deps.ai,
    model: deps.ai?.model ?? null,
    missing: deps.ai ? [] : ['AI_BASE_URL', 'AI_MODEL'],
  };
}

export async function getTestAiSettings(deps: Deps, user: UserRow, testId: string): Promise<TAiSettingsView> {
  await requireManagedTest(deps.db, user, testId, 'tests.read');
  return view(deps, await readSettings(deps, testId));
}

export async function putTestAiSettings(
  deps: Deps,
  user: UserRow,
  testId: string,
  input: TAiSettings,
): Promise<TAiSettingsView> {
  await requireManagedTest(deps.db, user, testId, 'tests.author');
  const values = { ...input, updatedBy: user.id, updatedAt: deps.clock.now() };
  await deps.db
    .insert(aiSettings)
    .values({ testId, ...values })
    .onConflictDoUpdate({ target: aiSettings.testId, set: values });
  return view(deps, input);
}

/** Messages and tokens an attempt has spent: every exchange but those that failed before any answer came. */
function usageOf(attemptId: string, now: Date) {
  // a pending exchange older than this was cut off by a restart: it no longer blocks the next question
  const staleBefore = new Date(now.getTime() - PENDING_STALE_MS);
  return sql<{ messages: number; tokens: number; pending: number }>`(
    SELECT json_build_object(
      'messages', count(*) FILTER (WHERE e.status <> 'failed' OR e.answer <> ''),
      'tokens', COALESCE(SUM(e.prompt_tokens + e.completion_tokens), 0),
      'pending', count(*) FILTER (WHERE e.status = 'pending' AND e.asked_at > ${staleBefore.toISOString()}::timestamptz))
    FROM ai_exchanges e WHERE e.attempt_id = ${attemptId})`;
}

async function readUsage(deps: Pick<AppDeps, 'db' | 'clock'>, attemptId: string) {
  const [row] = await deps.db
    .select({ u: usageOf(attemptId, deps.clock.now()) })
    .from(attempts)
    .where(eq(attempts.id, attemptId));
  const u = row?.u ?? { messages: 0, tokens: 0, pending: 0 };
  return { messages: Number(u.messages), tokens: Number(u.tokens), pending: Number(u.pending) };
}

/** The candidate's view before and during the test: whether the assistant is offered, its rules, what is left. */
export async function getCandidateAi(deps: Deps, user: UserRow, testId: string): Promise<TCandidateAi> {
  const test = await findTest(deps.db, testId);
  if (!test) throw new AppError('TEST_NOT_FOUND', 'Test not found');
  const settings = await readSettings(deps, testId);
  const [attempt] = await deps.db
    .select({ id: attempts.id })
    .from(attempts)
    .where(and(eq(attempts.userId, user.id), eq(attempts.testId, testId)))
    .limit(1);
  const used = attempt ? await readUsage(deps, attempt.id) : { messages: 0, tokens: 0 };
  return {
    available: settings.mode !== 'off' && !!deps.ai,
    mode: deps.ai ? settings.mode : 'off',
    maxMessages: settings.maxMessages,
    maxTokens: settings.maxTokens,
    usedMessages: used.messages,
    usedTokens: used.tokens,
    followUps: settings.followUps,
    recorded: RECORDED,
  };
}

export interface PreparedAsk {
  exchangeId: string;
  messages: AiMessage[];
  maxTokens: number;
  remaining: { messages: number; tokens: number };
}

/**
 * Checks the attempt, the settings and the budget and stores the pending exchange; the answer is the prompt
 * to send. Every refusal here is an ordinary JSON error (before the stream starts).
 */
export async function prepareAsk(deps: Deps, user: UserRow, testId: string, input: TAiAsk): Promise<PreparedAsk> {
  const attempt = await requireOpenAttempt(deps, user.id, testId);
  const settings = await readSettings(deps, testId);
  if (settings.mode === 'off') throw new AppError('AI_OFF', 'The AI assistant is not allowed in this test');
  if (!deps.ai) throw new AppError('AI_NOT_CONFIGURED', 'The AI assistant is not available on this server');
  const provider = deps.ai;
  const mode = settings.mode;
  const test = (await findTest(deps.db, testId)) as TestRow;
  let problem = null;
  if (input.questionId) {
    if (!test.questionIds.includes(input.questionId)) {
      throw new AppError('PROBLEM_NOT_FOUND', 'This problem is not part of the test');
    }
    const [row] = await findProblemsByIds(deps.db, [input.questionId]);
    problem = row ? toCandidateProblem(row) : null;
  }
  const now = deps.clock.now();
  const prepared = await deps.db.transaction(async (tx) => {
    // The attempt's row lock orders this ask against the attempt's other asks (the budget) and End Test.
    const [open] = await tx
      .select({ id: attempts.id, endedAt: attempts.endedAt, usage: usageOf(attempt.id, now) })
      .from(attempts)
      .where(eq(attempts.id, attempt.id))
      .for('update', { of: attempts });
    if (!open || open.endedAt) throw new AppError('ATTEMPT_ENDED', 'This test has ended');
    const used = { messages: Number(open.usage.messages), tokens: Number(open.usage.tokens) };
    if (Number(open.usage.pending) > 0) {
      throw new AppError('AI_BUSY', 'The assistant is still answering your previous question');
    }
    if (used.messages >= settings.maxMessages) {
      throw new AppError(
        'AI_BUDGET',
        `You have used all ${settings.maxMessages} questions to the assistant that this test allows`,
      );
    }
    if (used.tokens >= settings.maxTokens) {
      throw new AppError(
        'AI_BUDGET',
        `You have used the ${settings.maxTokens} tokens of assistant help this test allows`,
      );
    }
    const history = await tx
      .select({ question: aiExchanges.question, answer: aiExchanges.answer })
      .from(aiExchanges)
      .where(
        and(
          eq(aiExchanges.attemptId, attempt.id),
          eq(aiExchanges.status, 'ok'),
          input.questionId ? eq(aiExchanges.questionId, input.questionId) : sql`${aiExchanges.questionId} IS NULL`,
        ),
      )
      .orderBy(asc(aiExchanges.askedAt));
    const messages = buildMessages({
      mode,
      instruction: settings.instruction,
      problem,
      language: input.language ?? null,
      code: input.code ?? '',
      question: input.question,
      history: history.slice(-HISTORY),
    });
    const left = settings.maxTokens - used.tokens;
    const [row] = await tx
      .insert(aiExchanges)
      .values({
        attemptId: attempt.id,
        questionId: input.questionId ?? null,
        atMs: Math.max(0, now.getTime() - attempt.startedAt.getTime()),
        askedAt: now,
        question: input.question,
        code: input.code ?? '',
        model: provider.model,
        mode,
        // the prompt is charged up front (estimated), replaced by the provider's figure when it reports one
        promptTokens: estimateTokens(messages.map((m) => m.content).join('\n')),
      })
      .returning({ id: aiExchanges.id });
    return {
      exchangeId: row!.id,
      messages,
      maxTokens: Math.max(16, Math.min(AI_ANSWER_MAX_TOKENS, left)),
      remaining: { messages: settings.maxMessages - used.messages - 1, tokens: left },
    };
  });
  return prepared;
}

/** Completes a stored exchange with its answer (ok) or with why it failed. */
export async function finishExchange(
  deps: Pick<AppDeps, 'db'>,
  exchangeId: string,
  result: {
    answer: string;
    error: string | null;
    usage: { promptTokens: number; completionTokens: number } | null;
  },
) {
  const set: Partial<AiExchangeRow> = {
    answer: result.answer,
    status: result.error ? 'failed' : 'ok',
    error: result.error,
    completionTokens: result.usage?.completionTokens ?? estimateTokens(result.answer),
  };
  if (result.usage?.promptTokens) set.promptTokens = result.usage.promptTokens;
  // a failure before any answer costs nothing
  if (result.error && !result.answer) {
    set.promptTokens = 0;
    set.completionTokens = 0;
  }
  await deps.db.update(aiExchanges).set(set).where(eq(aiExchanges.id, exchangeId));
}

export function toExchange(row: AiExchangeRow): TAiExchange {
  return {
    id: row.id,
    at: row.atMs,
    askedAt: row.askedAt.toISOString(),
    questionId: row.questionId,
    question: row.question,
    answer: row.answer,
    status: row.status,
    error: row.error,
    promptTokens: row.promptTokens,
    completionTokens: row.completionTokens,
    model: row.model,
    mode: row.mode,
  };
}

export async function listExchanges(deps: Pick<AppDeps, 'db'>, attemptId: string): Promise<AiExchangeRow[]> {
  return deps.db
    .select()
    .from(aiExchanges)
    .where(eq(aiExchanges.attemptId, attemptId))
    .orderBy(asc(aiExchanges.askedAt), asc(aiExchanges.atMs));
}
