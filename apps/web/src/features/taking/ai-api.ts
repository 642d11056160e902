/**
 * The candidate's side of the AI assistant (issue 44): the test's rules and budget, and a question whose answer
 * streams back as server-sent events over the POST's own response (fetch, not EventSource, which only GETs).
 */
import type { TAiAsk, TCandidateAi } from '@assessly/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';

export const aiKey = (testId: string) => ['take-ai', testId] as const;

export function useCandidateAi(testId: string) {
  return useQuery({
    queryKey: aiKey(testId),
    queryFn: () => api<TCandidateAi>(`/api/attempts/${testId}/ai`),
    retry: 1,
    staleTime: 30_000,
  });
}

export type AskOutcome = { ok: true; exchangeId: string } | { ok: false; message: string; partial: boolean };

/** Asks; `onText` gets each piece of the answer. Refusals before the stream (budget, ended) throw ApiError. */
export async function askAssistant(
  testId: string,
  body: TAiAsk,
  onText: (text: string) => void,
  signal?: AbortSignal,
): Promise<AskOutcome> {
  const res = await fetch(`/api/attempts/${testId}/ai/ask`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
    signal,
  }).catch((err: Error) => {
    if (err.name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK', 'Network error');
  });
  if (!res.ok || !res.body) {
    const data = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new ApiError(res.status, data.code ?? 'HTTP', data.message ?? `HTTP error ${res.status}`);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let outcome: AskOutcome = { ok: false, message: 'The answer stopped before it ended', partial: true };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let cut = buffer.indexOf('\n\n');
    while (cut >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      cut = buffer.indexOf('\n\n');
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const raw = /^data: (.*)$/m.exec(block)?.[1];
      if (!event || raw === undefined) continue;
      const data = JSON.parse(raw) as Record<string, unknown>;
      if (event === 'delta' && typeof data.text === 'string') onText(data.text);
      if (event === 'done') outcome = { ok: true, exchangeId: String(data.exchangeId) };
      if (event === 'error') outcome = { ok: false, message: String(data.message), partial: !!data.answer };
    }
  }
  return outcome;
}
