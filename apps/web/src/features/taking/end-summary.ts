/**
 * What End Test (or the clock) sent, in words: the submissions that appeared with the end, named per problem.
 * The ids before the end are read from the server just before ending, the list after it once it has ended.
 */
import type { TCandidateProblem, TCandidateSubmission } from '@assessly/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { englishText, type TranslateText } from '../../i18n/english-text';
import { api } from '../../lib/api';
import { submissionsKey } from './take-api';

export function describeEnd(
  reason: 'manual' | 'timeout',
  before: Set<string>,
  after: TCandidateSubmission[],
  problems: TCandidateProblem[],
  savedEverything: boolean,
  t: TranslateText = englishText,
): string {
  const sent = after.filter((s) => !before.has(s.id));
  const head = t(reason === 'manual' ? 'endSummary.manual' : 'endSummary.timeout');
  const unsaved = savedEverything ? '' : ` ${t('endSummary.unsaved')}`;
  if (sent.length === 0) return `${head} ${t('endSummary.nothing')}${unsaved}`;
  const names = sent.map((s) => {
    const i = problems.findIndex((p) => p.id === s.questionId);
    const title = problems[i]?.title;
    return title
      ? t('endSummary.problemTitled', { n: i + 1, title, language: s.language })
      : t('endSummary.problem', { n: i + 1, language: s.language });
  });
  return `${head} ${t('endSummary.sent', { names: names.join(t('endSummary.separator')) })}${unsaved}`;
}

const listOwn = (testId: string) => api<TCandidateSubmission[]>(`/api/attempts/${testId}/submissions`);

export function useEndSummary(
  testId: string,
  problems: TCandidateProblem[],
  cached: TCandidateSubmission[] | undefined,
  t: TranslateText = englishText,
) {
  const qc = useQueryClient();
  const before = useRef<Set<string>>(new Set());
  const [message, setMessage] = useState('');
  /** Call right before ending. */
  const remember = useCallback(async () => {
    before.current = new Set((cached ?? []).map((s) => s.id));
    try {
      // As the server has them now (the cached list may miss a submit still in flight).
      before.current = new Set((await listOwn(testId)).map((s) => s.id));
    } catch {
      // Offline: the cached list is the best we know.
    }
  }, [cached, testId]);
  /** Call once ended. */
  const describe = useCallback(
    async (reason: 'manual' | 'timeout', savedEverything: boolean) => {
      const after = await qc.fetchQuery({ queryKey: submissionsKey(testId), queryFn: () => listOwn(testId) });
      setMessage(describeEnd(reason, before.current, after, problems, savedEverything, t));
    },
    [qc, testId, problems, t],
  );
  return { message, remember, describe };
}
