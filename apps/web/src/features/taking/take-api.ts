/** Server calls of the test pages. Identity is the session cookie; the body never names the user. */
import type { TCandidateSubmission, TStartAttempt, TTakeTest } from '@assessly/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { api } from '../../lib/api';
import { type SubmitProgress, submitProgressText } from './submit-flow';
import { onVerdict } from './verdict-stream';

export { type RunPayload, runCode, type SubmitProgress, submitCode, submitProgressText } from './submit-flow';

export const takeKey = (testId: string) => ['take', testId] as const;
export const submissionsKey = (testId: string) => ['take-submissions', testId] as const;

export function useTakeState(testId: string) {
  return useQuery({
    queryKey: takeKey(testId),
    queryFn: () => api<TTakeTest>(`/api/attempts/take/${testId}`),
    retry: 1,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Refreshes the candidate's submissions list whenever the verdict stream reports one judged. */
export function useVerdictRefresh(testId: string) {
  const qc = useQueryClient();
  useEffect(() => onVerdict(() => void qc.invalidateQueries({ queryKey: submissionsKey(testId) })), [qc, testId]);
}

export function useOwnSubmissions(testId: string, enabled: boolean) {
  return useQuery({
    queryKey: submissionsKey(testId),
    queryFn: () => api<TCandidateSubmission[]>(`/api/attempts/${testId}/submissions`),
    enabled,
    // Verdicts arrive on the stream (useVerdictRefresh); this slow read only covers a stream that is down.
    refetchInterval: (q) =>
      q.state.data?.some((s) => s.status === 'queued' || s.status === 'running') ? 15_000 : false,
  });
}

export const startAttempt = (testId: string, options?: TStartAttempt) =>
  api<TTakeTest>(`/api/attempts/${testId}/start`, { method: 'POST', ...(options ? { body: options } : {}) });
export const endAttempt = (testId: string) => api<TTakeTest>(`/api/attempts/${testId}/end`, { method: 'POST' });
/** Preview only (a member of the owning company): throw the preview attempt away and start again. */
export const restartPreview = (testId: string) =>
  api<TTakeTest>(`/api/attempts/${testId}/restart-preview`, { method: 'POST' });

/** One toast that follows a waiting submit (place in the queue, retries); dismissed by the page when done. */
export function showSubmitProgress(p: SubmitProgress) {
  const render = submitProgressText(p);
  if (toast.isActive('submit-progress')) toast.update('submit-progress', { render });
  else toast.info(render, { toastId: 'submit-progress', autoClose: false });
}
