/** The reviewer's and the candidate's reads of a recording (issue 29). */
import { integrityLabel, type TCandidateIntegrity, type TIntegrityReport, type TPlayback } from '@assessly/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const usePlayback = (attemptId: string) =>
  useQuery({
    queryKey: ['review', 'playback', attemptId],
    queryFn: () => allPages(attemptId),
  });

/** The playback comes in pages (issue 42): each page's streams continue the previous page's. */
async function allPages(attemptId: string): Promise<TPlayback> {
  const whole: TPlayback = { streams: [], moments: [] };
  let cursor: string | null | undefined = '0';
  while (cursor) {
    const page: TPlayback = await api<TPlayback>(`/api/review/attempts/${attemptId}/playback?cursor=${cursor}`);
    whole.moments = page.moments;
    for (const s of page.streams) {
      const known = whole.streams.find((w) => w.questionId === s.questionId && w.language === s.language);
      if (known) known.events.push(...s.events);
      else whole.streams.push({ ...s, events: [...s.events] });
    }
    cursor = page.next;
  }
  return whole;
}

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

export const signalTitle = integrityLabel;
