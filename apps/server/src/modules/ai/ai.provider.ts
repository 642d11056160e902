/**
 * The AI provider (issue 44): any OpenAI-compatible chat-completions endpoint (Ollama, llama.cpp's server, vLLM
 * or a hosted one), through the maintained `openai` client, streaming. The key stays in this object: it goes
 * only into the request's Authorization header; the client's own logging is off and errors are reduced to a
 * sentence without the provider's text.
 */
import OpenAI from 'openai';
import type { AiConfig } from '../../config';

export interface AiMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export type AiChunk = { text: string } | { usage: { promptTokens: number; completionTokens: number } };

export interface AiProvider {
  readonly model: string;
  /** The answer's pieces as they arrive, then its usage when the provider reports one. */
  stream(messages: AiMessage[], opts: { maxTokens: number; signal: AbortSignal }): AsyncIterable<AiChunk>;
}

/** Why an answer failed, in words the candidate may read (no provider text, no key, no URL). */
export class AiProviderError extends Error {}

export function createAiProvider(config: AiConfig): AiProvider {
  const client = new OpenAI({
    baseURL: config.baseUrl,
    apiKey: config.apiKey,
    organization: null,
    project: null,
    maxRetries: 0,
    timeout: config.timeoutMs,
    logLevel: 'off',
  });
  return {
    model: config.model,
    async *stream(messages, { maxTokens, signal }) {
      // One deadline for the whole answer, first word to last: a provider that trickles never holds the panel.
      const deadline = AbortSignal.timeout(config.timeoutMs);
      const both = AbortSignal.any([signal, deadline]);
      let stream: AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>;
      try {
        stream = await client.chat.completions.create(
          {
            model: config.model,
            messages,
            stream: true,
            max_tokens: maxTokens,
            stream_options: { include_usage: true },
          },
          { signal: both },
        );
      } catch (err) {
        throw describe(err, deadline.aborted);
      }
      try {
        for await (const chunk of stream) {
          const text = chunk.choices?.[0]?.delta?.content;
          if (typeof text === 'string' && text.length > 0) yield { text };
          if (chunk.usage) {
            yield {
              usage: {
                promptTokens: Math.max(0, Math.trunc(chunk.usage.prompt_tokens ?? 0)),
                completionTokens: Math.max(0, Math.trunc(chunk.usage.completion_tokens ?? 0)),
              },
            };
          }
        }
      } catch (err) {
        throw describe(err, deadline.aborted);
      }
      // the client ends the stream quietly when it is aborted: an answer cut off is not a whole one
      if (deadline.aborted) throw new AiProviderError('The assistant took too long to answer');
      if (signal.aborted) throw new AiProviderError('The question was cancelled');
    },
  };
}

function describe(err: unknown, timedOut: boolean): AiProviderError {
  if (timedOut || err instanceof OpenAI.APIConnectionTimeoutError) {
    return new AiProviderError('The assistant took too long to answer');
  }
  if (err instanceof OpenAI.APIUserAbortError) return new AiProviderError('The question was cancelled');
  if (err instanceof OpenAI.APIConnectionError) return new AiProviderError('The assistant cannot be reached right now');
  if (err instanceof OpenAI.APIError) {
    return new AiProviderError(`The assistant's service refused the question (status ${err.status ?? 'unknown'})`);
  }
  return new AiProviderError('The assistant sent an answer that could not be read');
}
