/** The candidate's own AI exchanges and follow-ups for their data export (issue 44). */
import { asc, inArray } from 'drizzle-orm';
import { aiExchanges, aiFollowUps } from '../../db/schema';
import type { AppDeps } from '../../deps';

export async function exportAiOf(deps: Pick<AppDeps, 'db'>, attemptIds: string[]) {
  if (attemptIds.length === 0) return { exchanges: [], followUps: [] };
  const [exchanges, followUps] = await Promise.all([
    deps.db
      .select()
      .from(aiExchanges)
      .where(inArray(aiExchanges.attemptId, attemptIds))
      .orderBy(asc(aiExchanges.askedAt)),
    deps.db
      .select()
      .from(aiFollowUps)
      .where(inArray(aiFollowUps.attemptId, attemptIds))
      .orderBy(asc(aiFollowUps.createdAt), asc(aiFollowUps.n)),
  ]);
  return {
    exchanges: exchanges.map((e) => ({
      attemptId: e.attemptId,
      questionId: e.questionId,
      askedAt: e.askedAt,
      question: e.question,
      code: e.code,
      answer: e.answer,
      status: e.status,
      promptTokens: e.promptTokens,
      completionTokens: e.completionTokens,
      model: e.model,
    })),
    followUps: followUps.map((f) => ({
      attemptId: f.attemptId,
      questionId: f.questionId,
      prompt: f.prompt,
      dueAt: f.dueAt,
      answer: f.answer,
      answeredAt: f.answeredAt,
    })),
  };
}
