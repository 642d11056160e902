/**
 * What End Test (or the clock) sent, in words: the submissions that appeared with the end, named per problem.
 * The ids before the end are read from the server just before ending, the list after it once it has ended.
 */
import type { TCandidateProblem, TCandidateSubmission } from '@assessly/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { api } from '../../lib/api';
import { submissionsKey } from './take-api';

export function describeEnd(
  reason: 'manual' | 'timeout',
  before: Set<string>,
  after: TCandidateSubmission[],
  problems: TCandidateProblem[],
  savedEverything: boolean,
): string {
  const sent = after.filter((s) => !before.has(s.id));
  const head = reason === 'manual' ? 'Test ended.' : "Time's up: the test has ended.";
  const unsaved = savedEverything ? '' : ' Some of your latest changes could not reach the server.';
  if (sent.length === 0) {
    return `${head} Nothing new was sent: your latest code of every problem was already submitted, or you had not written any code.${unsaved}`;
  }
  const names = sent.map((s) => {
    const i = problems.findIndex((p) => p.id === s.questionId);
    return `Problem ${i + 1}${problems[i] ? ` (${problems[i].title})` : ''} in ${s.language}`;
  });
  return `${head} Your current code was submitted for: ${names.join(', ')}.${unsaved}`;
}

const listOwn = (testId: string) => api<TCandidateSubmission[]>(`/api/attempts/${testId}/submissions`);

export function useEndSummary(
  testId: string,
  problems: TCandidateProblem[],
  cached: TCandidateSubmission[] | undefined,
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
      setMessage(describeEnd(reason, before.current, after, problems, savedEverything));
    },
    [qc, testId, problems],
  );
  return { message, remember, describe };
}
