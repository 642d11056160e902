/** The reviewer's "AI use" of one attempt (issue 44): the rules, the transcript and the assistant's share. */
import type { TAiReview } from '@assessly/shared';
import type { AttemptRow, TestRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { loadStreams } from '../playback/playback.service';
import { listFollowUps, toFollowUp } from './ai.follow-ups';
import { listExchanges, readSettings, toExchange } from './ai.service';
import { assistantShare } from './ai.share';

export async function reviewAiUse(deps: Pick<AppDeps, 'db'>, attempt: AttemptRow, test: TestRow): Promise<TAiReview> {
  const [settings, rows, followUps, streams] = await Promise.all([
    readSettings(deps, test.id),
    listExchanges(deps, attempt.id),
    listFollowUps(deps, attempt.id),
    // the whole recording: the share is of the final code
    loadStreams(deps, [attempt.id], test),
  ]);
  return {
    settings,
    exchanges: rows.map(toExchange),
    followUps: followUps.map(toFollowUp),
    streams: (streams.get(attempt.id) ?? []).map((s) => ({
      questionId: s.questionId,
      language: s.language,
      ...assistantShare(s),
    })),
  };
}
