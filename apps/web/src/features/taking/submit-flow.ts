/**
 * Run and submit from the code page (issue 16): an idempotency key per submit, retries by itself on a full
 * queue or a restarting server, and the wait for the verdict on the event stream. No React here.
 */
import type { TCandidateResult } from '@assessly/shared';
import { englishText, type TranslateText } from '../../i18n/english-text';
import { ApiError, api } from '../../lib/api';
import { waitForVerdict } from './verdict-stream';

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
      onProgress?.({
        kind: err.code === 'JUDGE_BUSY' || err.status === 429 ? 'busy' : 'reconnecting',
        retryInSeconds: seconds,
      });
      await sleep(seconds * 1000);
    }
  }
}

/** The candidate-facing line for a submit that waits. */
export function submitProgressText(p: SubmitProgress, t: TranslateText = englishText): string {
  if (p.kind === 'queued') {
    return p.place === null || p.place <= 0 ? t('submit.judging') : t('submit.queued', { place: p.place + 1 });
  }
  if (p.kind === 'busy') return t('submit.busy', { seconds: p.retryInSeconds });
  return t('submit.reconnecting', { seconds: p.retryInSeconds });
}
