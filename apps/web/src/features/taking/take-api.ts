/** Server calls of the test pages. Identity is the session cookie; the body never names the user. */
import type { TCandidateResult, TCandidateSubmission, TTakeTest } from '@assessly/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

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

export function useOwnSubmissions(testId: string, enabled: boolean) {
  return useQuery({
    queryKey: submissionsKey(testId),
    queryFn: () => api<TCandidateSubmission[]>(`/api/attempts/${testId}/submissions`),
    enabled,
    // Auto-submitted code is judged after the end: poll while anything is still queued.
    refetchInterval: (q) => (q.state.data?.some((s) => s.status === 'queued' || s.status === 'running') ? 2000 : false),
  });
}

export const startAttempt = (testId: string) => api<TTakeTest>(`/api/attempts/${testId}/start`, { method: 'POST' });
export const endAttempt = (testId: string) => api<TTakeTest>(`/api/attempts/${testId}/end`, { method: 'POST' });
/** Preview only (a member of the owning company): throw the preview attempt away and start again. */
export const restartPreview = (testId: string) =>
  api<TTakeTest>(`/api/attempts/${testId}/restart-preview`, { method: 'POST' });

export interface RunPayload {
  testId: string;
  questionNumber: number;
  language: string;
  code: string;
}

/** The judge answers an array of results (spec §7); an object with `results` is accepted too. */
function resultsOf(body: unknown): TCandidateResult[] {
  if (Array.isArray(body)) return body as TCandidateResult[];
  if (body && typeof body === 'object' && Array.isArray((body as { results?: unknown }).results)) {
    return (body as { results: TCandidateResult[] }).results;
  }
  return [];
}

export async function runCode(p: RunPayload): Promise<TCandidateResult[]> {
  return resultsOf(await api<unknown>('/api/submissions/run', { method: 'POST', body: p }));
}

/**
 * Submits; when the judge is busy the server answers 202 {id, status} and the page polls the
 * submission until it is judged.
 */
export async function submitCode(p: RunPayload): Promise<TCandidateResult[]> {
  const body = await api<unknown>('/api/submissions', { method: 'POST', body: p });
  if (Array.isArray(body)) return body as TCandidateResult[];
  const id = body && typeof body === 'object' ? (body as { id?: unknown }).id : undefined;
  if (typeof id !== 'string') return resultsOf(body);
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, 1000));
    const s = await api<TCandidateSubmission>(`/api/submissions/${id}`);
    if (s.status === 'judged' || s.status === 'error') return s.results;
  }
  throw new Error('The judge is taking too long; your submission is saved and will be judged.');
}
