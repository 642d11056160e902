/** The reviewer's and the candidate's reads of a recording (issue 29). */
import type { TCandidateIntegrity, TIntegrityReport, TPlayback } from '@assessly/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const usePlayback = (attemptId: string) =>
  useQuery({
    queryKey: ['review', 'playback', attemptId],
    queryFn: () => api<TPlayback>(`/api/review/attempts/${attemptId}/playback`),
  });

export const useIntegrity = (attemptId: string) =>
  useQuery({
    queryKey: ['review', 'integrity', attemptId],
    queryFn: () => api<TIntegrityReport>(`/api/review/attempts/${attemptId}/integrity`),
  });

export const useOwnIntegrity = (testId: string) =>
  useQuery({
    queryKey: ['me', 'integrity', testId],
    queryFn: () => api<TCandidateIntegrity>(`/api/attempts/${testId}/integrity`),
    retry: false,
  });

export function useAnswerSignal(testId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { signalId: string; response: string }) =>
      api(`/api/attempts/${testId}/integrity/answers`, { method: 'POST', body: v }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['me', 'integrity', testId] }),
  });
}

const SIGNAL_TITLES: Record<string, string> = {
  large_paste: 'Large paste from outside the editor',
  paste_after_focus_loss: 'Paste right after the page lost focus',
  few_large_insertions: 'Most of the code arrived in a few insertions',
  fast_typing: 'Typing faster than the stated ceiling',
  identical_to_candidate: "Identical to another candidate's submission",
  identical_to_solution: 'Identical to the model solution',
  pattern_match: "Edit pattern matches another attempt's",
};
export const signalTitle = (kind: string) => SIGNAL_TITLES[kind] ?? kind;
