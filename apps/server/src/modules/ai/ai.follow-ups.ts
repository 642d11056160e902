/**
 * Authorship follow-ups (issue 44): when the test asks for them, a submitted coding answer is followed by up to
 * three short questions about the candidate's own code, each to be answered in writing within FOLLOW_UP_SECONDS
 * of the previous deadline (the first from when they are made). With a provider they are generated from the
 * submitted code (only that code goes into the prompt); without one, or when it fails, they are built by rules.
 */
import { FOLLOW_UP_MAX, FOLLOW_UP_SECONDS, type TFollowUp } from '@assessly/shared';
import { and, asc, desc, eq } from 'drizzle-orm';
import { type AiFollowUpRow, aiFollowUps, attempts, submissions, type UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { loadStreams } from '../playback/playback.service';
import { findTest } from '../tests/tests.access';
import { ruleFollowUps } from './ai.follow-rules';
import type { AiProvider } from './ai.provider';
import { readSettings } from './ai.service';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'ai'>;

export function toFollowUp(row: AiFollowUpRow): TFollowUp {
  return {
    id: row.id,
    questionId: row.questionId,
    n: row.n,
    prompt: row.prompt,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    answer: row.answer,
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

async function attemptOf(deps: Pick<AppDeps, 'db'>, userId: string, testId: string) {
  const [attempt] = await deps.db
    .select()
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.testId, testId)))
    .limit(1);
  if (!attempt) throw new AppError('ATTEMPT_NOT_STARTED', 'Start the test first');
  return attempt;
}

export async function listFollowUps(deps: Pick<AppDeps, 'db'>, attemptId: string): Promise<AiFollowUpRow[]> {
  return deps.db
    .select()
    .from(aiFollowUps)
    .where(eq(aiFollowUps.attemptId, attemptId))
    .orderBy(asc(aiFollowUps.createdAt), asc(aiFollowUps.n));
}

/** The follow-ups of one submitted problem: made once, from the latest submission of it, then read back. */
export async function makeFollowUps(
  deps: Deps,
  user: UserRow,
  testId: string,
  questionId: string,
): Promise<TFollowUp[]> {
  const test = await findTest(deps.db, testId);
  if (!test) throw new AppError('TEST_NOT_FOUND', 'Test not found');
  if (!(await readSettings(deps, testId)).followUps) {
    throw new AppError('AI_OFF', 'This test asks no follow-up questions');
  }
  if (!test.questionIds.includes(questionId))
    throw new AppError('PROBLEM_NOT_FOUND', 'This problem is not part of the test');
  const attempt = await attemptOf(deps, user.id, testId);
  const existing = (await listFollowUps(deps, attempt.id)).filter((f) => f.questionId === questionId);
  if (existing.length > 0) return existing.map(toFollowUp);
  const [submitted] = await deps.db
    .select({ id: submissions.id, code: submissions.code, language: submissions.language })
    .from(submissions)
    .where(and(eq(submissions.attemptId, attempt.id), eq(submissions.questionId, questionId)))
    .orderBy(desc(submissions.createdAt))
    .limit(1);
  if (!submitted?.code.trim()) {
    throw new AppError('CONFLICT', 'Follow-up questions come after you submit code for this problem');
  }
  const stream = (await loadStreams(deps, [attempt.id], test))
    .get(attempt.id)
    ?.find((s) => s.questionId === questionId && s.language === submitted.language);
  let source: 'model' | 'rules' = 'rules';
  let prompts: string[] = [];
  if (deps.ai) {
    prompts = await modelFollowUps(deps.ai, submitted.code, submitted.language).catch(() => []);
    if (prompts.length > 0) source = 'model';
  }
  if (prompts.length === 0) prompts = ruleFollowUps(submitted.code, stream?.events ?? []);
  const now = deps.clock.now();
  const rows = prompts.slice(0, FOLLOW_UP_MAX).map((prompt, i) => ({
    attemptId: attempt.id,
    questionId,
    submissionId: submitted.id,
    n: i + 1,
    prompt,
    source,
    createdAt: now,
    dueAt: new Date(now.getTime() + (i + 1) * FOLLOW_UP_SECONDS * 1000),
  }));
  if (rows.length > 0) await deps.db.insert(aiFollowUps).values(rows).onConflictDoNothing();
  return (await listFollowUps(deps, attempt.id)).filter((f) => f.questionId === questionId).map(toFollowUp);
}

/** Asks the provider for three questions, one a line; only the submitted code goes into the prompt. */
async function modelFollowUps(provider: AiProvider, code: string, language: string): Promise<string[]> {
  let text = '';
  const messages = [
    {
      role: 'system' as const,
      content:
        'You check that a candidate wrote their own code. Write exactly three short questions about the code below that its author can answer in two minutes each (what a function returns for an input, why a loop bound, what would break if a line changed). One question per line, no numbering, nothing else.',
    },
    { role: 'user' as const, content: `\`\`\`${language}\n${code}\n\`\`\`` },
  ];
  for await (const chunk of provider.stream(messages, { maxTokens: 400, signal: new AbortController().signal })) {
    if ('text' in chunk) text += chunk.text;
    if (text.length > 4000) break;
  }
  return text
    .split('\n')
    .map((l) => l.replace(/^\s*(?:\d+[.)]|[-*•])\s*/, '').trim())
    .filter((l) => l.length >= 10 && l.length <= 500)
    .slice(0, FOLLOW_UP_MAX);
}

/** Stores the candidate's written answer to one follow-up, refused after its time. */
export async function answerFollowUp(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  user: UserRow,
  testId: string,
  followUpId: string,
  answer: string,
): Promise<TFollowUp> {
  const attempt = await attemptOf(deps, user.id, testId);
  const [row] = await deps.db
    .select()
    .from(aiFollowUps)
    .where(and(eq(aiFollowUps.id, followUpId), eq(aiFollowUps.attemptId, attempt.id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Follow-up question not found');
  const now = deps.clock.now();
  if (row.answeredAt) throw new AppError('CONFLICT', 'This question is already answered');
  if (row.dueAt <= now) throw new AppError('DEADLINE_PASSED', 'The time for this question is over');
  const [saved] = await deps.db
    .update(aiFollowUps)
    .set({ answer, answeredAt: now })
    .where(eq(aiFollowUps.id, row.id))
    .returning();
  return toFollowUp(saved!);
}
