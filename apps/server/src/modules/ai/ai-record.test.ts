/** Issue 44 on the record: assistant insertions in the recording, the integrity report and the reviewer's AI use. */
import { codeBlocksOf } from '@assessly/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCodingTest, type SignedInUser, startCodingAttempt } from '../../../test/factories';
import { type LoopbackAiProvider, parseSse, startLoopbackAiProvider } from '../../../test/fixtures/ai-provider';
import { useTestApp } from '../../../test/support';
import { aiExchanges, editBatches } from '../../db/schema';
import { eraseCode } from '../erasure/erasure.core';
import { decodeEvents } from '../playback/edits.codec';
import { createAiProvider } from './ai.provider';
import { assistantShare } from './ai.share';

const t = useTestApp();
let provider: LoopbackAiProvider;
let employer: SignedInUser;
let rival: SignedInUser;

beforeAll(async () => {
  provider = await startLoopbackAiProvider();
  t.deps.ai = createAiProvider({ baseUrl: provider.url, apiKey: 'k', model: 'loopback-coder', timeoutMs: 5_000 });
  [employer, rival] = await Promise.all([t.signIn({ role: 'employer' }), t.signIn({ role: 'employer' })]);
});
afterAll(async () => provider.close());

const BLOCK = Array.from({ length: 12 }, (_, i) => `value_${i} = int(input()) + ${i} * 1000  # step ${i}`).join('\n');
const OUTSIDE = Array.from({ length: 12 }, (_, i) => `other_${i} = sorted(range(${i}, 400))  # from outside ${i}`).join(
  '\n',
);

describe('assistant insertions on the record', () => {
  it('records an insertion as `assistant`, tells it apart from a paste, and shows the reviewer the share', async () => {
    const { test, problems } = await buildCodingTest(t.deps.db, { employer, proctoring: false, duration: 60 });
    const problem = problems[0]!;
    expect(
      (
        await t
          .as(employer)
          .put(`/api/tests/${test.id}/ai`, { mode: 'full', instruction: '', maxMessages: 5, maxTokens: 9000 })
      ).statusCode,
    ).toBe(200);
    const candidate = await t.signIn();
    const attempt = await startCodingAttempt(t.deps, candidate.id, test.id);
    provider.script({
      kind: 'answer',
      pieces: ['Try this:\n```python\n', BLOCK, '\n```\n'],
      usage: { prompt: 50, completion: 40 },
    });
    const asked = await t.as(candidate).post(`/api/attempts/${test.id}/ai/ask`, {
      question: 'Write it',
      questionId: problem.id,
      language: 'python',
      code: '',
    });
    const answer = parseSse(asked.body)
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join('');
    expect(codeBlocksOf(answer)).toEqual([BLOCK]);

    const typed = 'x = 1\n';
    const batch = {
      questionId: problem.id,
      language: 'python',
      seq: 1,
      events: [
        { at: 10, from: 0, to: 0, insert: typed, kind: 'type' },
        { at: 20, from: typed.length, to: typed.length, insert: BLOCK, kind: 'assistant' },
        // text the assistant never gave, sent as `assistant`: stored as the paste it is
        {
          at: 30,
          from: typed.length + BLOCK.length,
          to: typed.length + BLOCK.length,
          insert: `\n${OUTSIDE}`,
          kind: 'assistant',
        },
      ],
    };
    const saved = await t.as(candidate).post(`/api/attempts/${test.id}/edits`, batch);
    expect(saved.statusCode, saved.body).toBe(200);
    const [row] = await t.deps.db.select().from(editBatches).where(eq(editBatches.attemptId, attempt.id));
    expect(decodeEvents(row!.eventsGz).map((e) => e.kind)).toEqual(['type', 'assistant', 'paste']);

    const playback = await t.as(employer).get(`/api/review/attempts/${attempt.id}/playback`);
    expect(playback.json().streams[0].events[1]).toMatchObject({ kind: 'assistant', insert: BLOCK });

    const integrity = await t.as(employer).get(`/api/review/attempts/${attempt.id}/integrity`);
    const kinds = integrity.json().signals.map((s: { kind: string }) => s.kind);
    expect(kinds).toContain('assistant_insertions');
    const large = integrity.json().signals.filter((s: { kind: string }) => s.kind === 'large_paste');
    // one large paste: the forged one at 30 ms, never the assistant's block at 20 ms
    expect(large.map((s: { at: number }) => s.at)).toEqual([30]);

    const ai = await t.as(employer).get(`/api/review/attempts/${attempt.id}/ai`);
    expect(ai.statusCode).toBe(200);
    const body = ai.json();
    expect(body.settings).toMatchObject({ mode: 'full', maxMessages: 5 });
    expect(body.exchanges).toHaveLength(1);
    expect(body.exchanges[0]).toMatchObject({
      question: 'Write it',
      answer,
      status: 'ok',
      model: 'loopback-coder',
      promptTokens: 50,
      completionTokens: 40,
    });
    expect(body.exchanges[0].at).toBeGreaterThanOrEqual(0);
    const nonBlank = (s: string) => s.replace(/\s/g, '').length;
    expect(body.streams[0]).toMatchObject({
      insertions: 1,
      assistantChars: nonBlank(BLOCK),
      finalChars: nonBlank(typed + BLOCK + OUTSIDE),
    });
    expect((await t.as(rival).get(`/api/review/attempts/${attempt.id}/ai`)).statusCode).toBe(404);
    expect((await t.as(candidate).get(`/api/review/attempts/${attempt.id}/ai`)).statusCode).toBe(403);

    // the candidate's own data export lists the exchange
    const exported = await t.as(candidate).get('/api/users/me/export');
    expect(exported.json().aiExchanges).toEqual([expect.objectContaining({ question: 'Write it', answer })]);

    // the code retention purge and a candidate's erasure take the exchanges with the code (eraseCode)
    await t.deps.db.transaction((tx) => eraseCode(tx, [attempt.id]));
    expect(await t.deps.db.select().from(aiExchanges).where(eq(aiExchanges.attemptId, attempt.id))).toEqual([]);
  });
});

describe('assistantShare', () => {
  it('follows assistant text through later edits and a reset', () => {
    const events = [
      { at: 1, from: 0, to: 0, insert: 'abc', kind: 'type' as const },
      { at: 2, from: 1, to: 1, insert: 'XYZW', kind: 'assistant' as const },
      // delete "YZ" from the assistant's text, type over the end of it
      { at: 3, from: 2, to: 4, insert: '', kind: 'delete' as const },
      { at: 4, from: 3, to: 3, insert: 'q', kind: 'type' as const },
    ];
    expect(assistantShare({ initial: '', events })).toEqual({ finalChars: 6, assistantChars: 2, insertions: 1 });
    const reset = [...events, { at: 5, from: 0, to: 6, insert: 'fresh', kind: 'reset' as const }];
    expect(assistantShare({ initial: '', events: reset })).toEqual({ finalChars: 5, assistantChars: 0, insertions: 1 });
  });
});
