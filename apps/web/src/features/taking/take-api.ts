/** Server calls of the test pages. Identity is the session cookie; the body never names the user. */
import type { TCandidateResult, TCandidateSubmission, TTakeTest } from '@assessly/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { ApiError, api } from '../../lib/api';
import { onVerdict, waitForVerdict } from './verdict-stream';

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

export const startAttempt = (testId: string) => api<TTakeTest>(`/api/attempts/${testId}/start`, { method: 'POST' });
export const endAttempt = (testId: string) => api<TTakeTest>(`/api/attempts/${testId}/end`, { method: 'POST' });

export interface RunPayload {
  testId: string;
  questionNumber: number;
  language: string;
  code: string;
  /** Custom input: only this stdin is run (nothing compared). */
  stdin?: string;
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

/** What a submit waiting for the judge tells the page (shown to the candidate). */
export type SubmitProgress =
  | { kind: 'queued'; place: number | null }
  | { kind: 'busy'; retryInSeconds: number }
  | { kind: 'reconnecting'; retryInSeconds: number };

/** A retry of the same submit sends the same key, so the server stores it once (its first reply may be lost). */
function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now()}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Give up retrying a refused or unanswered submit after this long (the code stays in the drafts). */
const SUBMIT_RETRY_FOR_MS = 20 * 60_000;

/**
 * Submits with an idempotency key. A full queue (503 + Retry-After), a busy account (429) or a server that
 * does not answer (restart) is retried by itself with the same key after the time the server says; an
 * accepted submission still waiting (202) is awaited on the verdict stream. `onProgress` hears each state.
 */
export async function submitCode(p: RunPayload, onProgress?: (s: SubmitProgress) => void): Promise<TCandidateResult[]> {
  const idempotencyKey = newIdempotencyKey();
  const until = Date.now() + SUBMIT_RETRY_FOR_MS;
  let failures = 0;
  for (;;) {
    try {
      const body = await api<unknown>('/api/submissions', { method: 'POST', body: { ...p, idempotencyKey } });
      if (Array.isArray(body)) return body as TCandidateResult[];
      const accepted = (body ?? {}) as { id?: unknown; place?: unknown };
      if (typeof accepted.id !== 'string') return resultsOf(body);
      onProgress?.({ kind: 'queued', place: typeof accepted.place === 'number' ? accepted.place : null });
      const judged = await waitForVerdict(accepted.id, (place) => onProgress?.({ kind: 'queued', place }));
      return judged.results;
    } catch (err) {
      const retriable =
        err instanceof ApiError &&
        (err.code === 'JUDGE_BUSY' || err.status === 429 || err.status === 0 || err.status >= 502);
      if (!retriable || Date.now() > until) throw err;
      failures++;
      const seconds = err.retryAfterSeconds ?? Math.min(30, 2 ** Math.min(failures, 5));
      onProgress?.({ kind: err.status === 0 || err.status >= 502 ? 'reconnecting' : 'busy', retryInSeconds: seconds });
      await sleep(seconds * 1000);
    }
  }
}

/** The candidate-facing line for a submit that waits. */
export function submitProgressText(p: SubmitProgress): string {
  if (p.kind === 'queued') {
    return p.place === null || p.place <= 0
      ? 'Your submission is saved and being judged…'
      : `Your submission is saved; place ${p.place + 1} in the judging queue…`;
  }
  if (p.kind === 'busy') return `The judge is busy. Retrying by itself in ${p.retryInSeconds} s…`;
  return `Reconnecting… retrying in ${p.retryInSeconds} s`;
}

/** One toast that follows a waiting submit (place in the queue, retries); dismissed by the page when done. */
export function showSubmitProgress(p: SubmitProgress) {
  const render = submitProgressText(p);
  if (toast.isActive('submit-progress')) toast.update('submit-progress', { render });
  else toast.info(render, { toastId: 'submit-progress', autoClose: false });
}
