/**
 * Streams one prepared exchange to the candidate's page as server-sent events (issue 44): `delta` events with
 * the answer's text as it arrives, then `done` (tokens and what is left of the budget) or `error` (why, in a
 * sentence; the test goes on). The exchange is stored whatever happens, also when the page goes away.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { type AiProvider, AiProviderError } from './ai.provider';
import { finishExchange, type PreparedAsk } from './ai.service';

/** An answer longer than this is cut (a provider that does not stop): what a panel can show and a row keep. */
export const AI_ANSWER_MAX_CHARS = 32_000;

export async function streamAnswer(
  deps: Pick<AppDeps, 'db'>,
  provider: AiProvider,
  prepared: PreparedAsk,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  const send = (event: string, data: unknown) => {
    if (!res.writableEnded && !res.destroyed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const cancel = new AbortController();
  const onClose = () => cancel.abort();
  res.on('close', onClose);
  send('start', { exchangeId: prepared.exchangeId });
  let answer = '';
  let usage: { promptTokens: number; completionTokens: number } | null = null;
  let error: string | null = null;
  try {
    for await (const chunk of provider.stream(prepared.messages, {
      maxTokens: prepared.maxTokens,
      signal: cancel.signal,
    })) {
      if ('usage' in chunk) {
        usage = chunk.usage;
        continue;
      }
      const room = AI_ANSWER_MAX_CHARS - answer.length;
      const text = chunk.text.slice(0, room);
      answer += text;
      if (text) send('delta', { text });
      if (answer.length >= AI_ANSWER_MAX_CHARS) {
        cancel.abort();
        break;
      }
    }
    if (!answer.trim()) error = 'The assistant gave an empty answer';
  } catch (err) {
    if (answer.length >= AI_ANSWER_MAX_CHARS) error = null;
    else if (cancel.signal.aborted && res.destroyed) error = 'The page closed before the answer ended';
    else error = err instanceof AiProviderError ? err.message : 'The assistant sent an answer that could not be read';
    // never the provider's own text: it may quote the request, and the key travels with it
    if (!(err instanceof AiProviderError)) req.log.warn({ exchangeId: prepared.exchangeId }, 'ai: unreadable answer');
  } finally {
    res.off('close', onClose);
  }
  await finishExchange(deps, prepared.exchangeId, { answer, error, usage }).catch((err) =>
    req.log.error({ err, exchangeId: prepared.exchangeId }, 'ai: storing an exchange failed'),
  );
  if (error)
    send('error', { message: `${error}. Your test goes on; the clock was not paused.`, answer: answer.length > 0 });
  else {
    const tokens = (usage?.promptTokens ?? 0) + (usage?.completionTokens ?? 0);
    send('done', { exchangeId: prepared.exchangeId, tokens, remainingMessages: prepared.remaining.messages });
  }
  if (!res.writableEnded) res.end();
}
