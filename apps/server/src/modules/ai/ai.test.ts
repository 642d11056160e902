import { codeBlocksOf } from '@assessly/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCodingTest, HIDDEN_MARKER, type SignedInUser, startCodingAttempt } from '../../../test/factories';
import { type LoopbackAiProvider, parseSse, startLoopbackAiProvider } from '../../../test/fixtures/ai-provider';
import { until, useTestApp } from '../../../test/support';
import { aiExchanges, aptitudeQuestions, attempts, codingProblems, submissions, tests } from '../../db/schema';
import { createAiProvider } from './ai.provider';

const KEY = 'sk-loopback-SECRET-KEY-4417';
const t = useTestApp();
let provider: LoopbackAiProvider;
let employer: SignedInUser;
let rival: SignedInUser;

beforeAll(async () => {
  provider = await startLoopbackAiProvider();
  t.deps.ai = createAiProvider({ baseUrl: provider.url, apiKey: KEY, model: 'loopback-coder', timeoutMs: 5_000 });
  [employer, rival] = await Promise.all([t.signIn({ role: 'employer' }), t.signIn({ role: 'employer' })]);
});
afterAll(async () => provider.close());

const settings = (over: Record<string, unknown> = {}) => ({
  mode: 'full',
  instruction: 'Answer briefly.',
  maxMessages: 5,
  maxTokens: 10_000,
  ...over,
});

/** A coding test of `employer` whose hidden data all carry HIDDEN_MARKER, with the AI settings given. */
async function aiTest(over: Record<string, unknown> = {}) {
  const built = await buildCodingTest(t.deps.db, { employer, proctoring: false, duration: 60 });
  // a written question whose rubric is the employer's only
  const [written] = await t.deps.db
    .insert(aptitudeQuestions)
    .values({
      createdBy: employer.id,
      companyId: employer.companyId,
      questionText: 'Explain your approach',
      options: [],
      correctAnswer: 0,
      kind: 'text',
      rubric: `${HIDDEN_MARKER} rubric`,
      explanation: `${HIDDEN_MARKER} explanation`,
    })
    .returning();
  await t.deps.db
    .update(tests)
    .set({ writtenQuestionIds: [written!.id] })
    .where(eq(tests.id, built.test.id));
  const put = await t.as(employer).put(`/api/tests/${built.test.id}/ai`, settings(over));
  expect(put.statusCode, put.body).toBe(200);
  const candidate = await t.signIn();
  const attempt = await startCodingAttempt(t.deps, candidate.id, built.test.id);
  return { test: built.test, problem: built.problems[0]!, candidate, attempt };
}

const ask = (user: SignedInUser, testId: string, body: Record<string, unknown>) =>
  t.as(user).post(`/api/attempts/${testId}/ai/ask`, body);

describe('the employer sets the assistant per test', () => {
  it('is off by default and says the server has a provider', async () => {
    const { test } = await buildCodingTest(t.deps.db, { employer });
    const res = await t.as(employer).get(`/api/tests/${test.id}/ai`);
    expect(res.json()).toMatchObject({ mode: 'off', configured: true, model: 'loopback-coder', missing: [] });
    expect(res.body).not.toContain(KEY);
  });

  it('names the variables that turn it on when the server has no provider', async () => {
    const { test } = await buildCodingTest(t.deps.db, { employer });
    const saved = t.deps.ai;
    t.deps.ai = undefined;
    try {
      const res = await t.as(employer).get(`/api/tests/${test.id}/ai`);
      expect(res.json()).toMatchObject({ configured: false, model: null, missing: ['AI_BASE_URL', 'AI_MODEL'] });
      const candidate = await t.signIn();
      await startCodingAttempt(t.deps, candidate.id, test.id);
      await t.as(employer).put(`/api/tests/${test.id}/ai`, settings());
      const refused = await ask(candidate, test.id, { question: 'help?' });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().code).toBe('AI_NOT_CONFIGURED');
      expect((await t.as(candidate).get(`/api/attempts/${test.id}/ai`)).json().available).toBe(false);
    } finally {
      t.deps.ai = saved;
    }
  });

  it('stores the settings, refuses bad ones with 400 and others\u2019 tests with 404', async () => {
    const { test } = await buildCodingTest(t.deps.db, { employer });
    const ok = await t.as(employer).put(`/api/tests/${test.id}/ai`, settings({ mode: 'hints', maxMessages: 3 }));
    expect(ok.json()).toMatchObject({ mode: 'hints', maxMessages: 3, instruction: 'Answer briefly.' });
    expect((await t.as(employer).get(`/api/tests/${test.id}/ai`)).json().mode).toBe('hints');
    const bad = await t.as(employer).put(`/api/tests/${test.id}/ai`, settings({ mode: 'everything', maxMessages: 0 }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields ?? {})).toEqual(expect.arrayContaining(['mode', 'maxMessages']));
    expect((await t.as(rival).put(`/api/tests/${test.id}/ai`, settings())).statusCode).toBe(404);
    expect((await t.as(rival).get(`/api/tests/${test.id}/ai`)).statusCode).toBe(404);
    const candidate = await t.signIn();
    expect((await t.as(candidate).put(`/api/tests/${test.id}/ai`, settings())).statusCode).toBe(403);
  });

  it('refuses a question when the test does not allow the assistant', async () => {
    const { test, candidate } = await aiTest({ mode: 'off' });
    const n = provider.received.length;
    const res = await ask(candidate, test.id, { question: 'What is a loop?' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('AI_OFF');
    expect(provider.received.length).toBe(n);
  });
});

describe('the candidate asks', () => {
  it('streams the answer and stores the exchange with its tokens and model', async () => {
    const { test, problem, candidate, attempt } = await aiTest();
    const before = await t.as(candidate).get(`/api/attempts/${test.id}/ai`);
    expect(before.json()).toMatchObject({ available: true, mode: 'full', maxMessages: 5, usedMessages: 0 });
    expect(before.json().recorded).toMatch(/recorded/);
    provider.script({
      kind: 'answer',
      pieces: ['Use ', '`sum`:\n```python\nprint(sum(map(int, input().split())))\n```'],
      usage: { prompt: 120, completion: 30 },
    });
    const res = await ask(candidate, test.id, {
      question: 'How do I add?',
      questionId: problem.id,
      language: 'python',
      code: 'x = 1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/event-stream/);
    const events = parseSse(res.body);
    expect(events.map((e) => e.event)).toEqual(['start', 'delta', 'delta', 'done']);
    const text = events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join('');
    expect(codeBlocksOf(text)).toEqual(['print(sum(map(int, input().split())))']);
    expect(events.at(-1)!.data).toMatchObject({ tokens: 150, remainingMessages: 4 });
    const [row] = await t.deps.db.select().from(aiExchanges).where(eq(aiExchanges.attemptId, attempt.id));
    expect(row).toMatchObject({
      status: 'ok',
      answer: text,
      promptTokens: 120,
      completionTokens: 30,
      model: 'loopback-coder',
      mode: 'full',
      question: 'How do I add?',
      code: 'x = 1',
    });
    const after = await t.as(candidate).get(`/api/attempts/${test.id}/ai`);
    expect(after.json()).toMatchObject({ usedMessages: 1, usedTokens: 150 });
  });

  it('sends the statement, visible examples and code, and never hidden cases, outputs, solutions or rubrics', async () => {
    const { test, problem, candidate, attempt } = await aiTest();
    // a judged submission whose hidden case results carry the marker too
    await t.deps.db.insert(submissions).values({
      testId: test.id,
      userId: candidate.id,
      attemptId: attempt.id,
      questionId: problem.id,
      questionNumber: 0,
      language: 'python',
      code: 'print(3)',
      status: 'judged',
      verdict: 'Wrong Answer',
      results: [
        {
          index: 1,
          passed: false,
          verdict: 'Wrong Answer',
          timeMs: 1,
          memoryKb: 1,
          hidden: true,
          input: `${HIDDEN_MARKER}-in`,
          expectedOutput: `${HIDDEN_MARKER}-out`,
          output: 'x',
        },
      ],
    });
    const [stored] = await t.deps.db.select().from(codingProblems).where(eq(codingProblems.id, problem.id));
    expect(JSON.stringify(stored!.testCases) + stored!.solution).toContain(HIDDEN_MARKER);
    const n = provider.received.length;
    for (const q of ['first question', 'second, with the history']) {
      const res = await ask(candidate, test.id, {
        question: q,
        questionId: problem.id,
        language: 'python',
        code: 'print(input())',
      });
      expect(parseSse(res.body).at(-1)!.event).toBe('done');
    }
    const sent = provider.received.slice(n);
    expect(sent).toHaveLength(2);
    for (const r of sent) {
      expect(r.body).not.toContain(HIDDEN_MARKER);
      expect(JSON.stringify(r.headers)).not.toContain(HIDDEN_MARKER);
      expect(r.json).toMatchObject({ model: 'loopback-coder', stream: true });
      const all = r.json.messages.map((m) => m.content).join('\n');
      expect(all).toContain(problem.title);
      expect(all).toContain('Add two numbers');
      expect(all).toContain('Example 1 input:\n1 2');
      expect(all).toContain('print(input())');
      expect(all).toContain('Answer briefly.');
      expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
    }
    // the second carries the first exchange as history
    expect(sent[1]!.json.messages.map((m) => m.content)).toContain('first question');
  });

  it('refuses past the message budget with 429 and a message, and past the token budget', async () => {
    const { test, candidate } = await aiTest({ maxMessages: 2, maxTokens: 1_000 });
    for (let i = 0; i < 2; i++) {
      provider.script({ kind: 'answer', pieces: ['ok'], usage: { prompt: 10, completion: 2 } });
      expect(parseSse((await ask(candidate, test.id, { question: `q${i}` })).body).at(-1)!.event).toBe('done');
    }
    const n = provider.received.length;
    const third = await ask(candidate, test.id, { question: 'one more' });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'AI_BUDGET', message: expect.stringMatching(/all 2 questions/) });
    expect(provider.received.length).toBe(n);

    const tokens = await aiTest({ maxMessages: 10, maxTokens: 100 });
    provider.script({ kind: 'answer', pieces: ['a long answer'], usage: { prompt: 90, completion: 60 } });
    await ask(tokens.candidate, tokens.test.id, { question: 'q' });
    // the answer may not be longer than what the budget has left
    expect(provider.received.at(-1)!.json.max_tokens).toBe(100);
    const over = await ask(tokens.candidate, tokens.test.id, { question: 'again' });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/100 tokens/);
  });

  it('answers only during an open attempt', async () => {
    const { test, candidate, attempt } = await aiTest();
    const stranger = await t.signIn();
    expect((await ask(stranger, test.id, { question: 'q' })).statusCode).toBe(409);
    await t.deps.db.update(attempts).set({ endedAt: t.clock.now() }).where(eq(attempts.id, attempt.id));
    const ended = await ask(candidate, test.id, { question: 'q' });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().code).toBe('ATTEMPT_ENDED');
    const empty = await ask(candidate, test.id, { question: '   ' });
    expect(empty.statusCode).toBe(400);
  });
});

it('answers one question at a time per attempt (409 AI_BUSY while one streams)', async () => {
  const { test, candidate } = await aiTest();
  const saved = t.deps.ai;
  t.deps.ai = createAiProvider({ baseUrl: provider.url, apiKey: KEY, model: 'slow', timeoutMs: 1_500 });
  provider.script({ kind: 'hang' });
  try {
    const n = provider.received.length;
    const first = ask(candidate, test.id, { question: 'first' });
    await until(async () => provider.received.length > n, 5_000);
    const second = await ask(candidate, test.id, { question: 'second' });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('AI_BUSY');
    expect(parseSse((await first).body).at(-1)!.event).toBe('error');
  } finally {
    t.deps.ai = saved;
  }
});

describe('a provider that is down, slow or talks nonsense never blocks the test', () => {
  it.each([
    ['refuses (500, quoting the key)', { kind: 'status', status: 500 } as const, /refused the question/],
    ['sends lines that are not JSON', { kind: 'nonsense' } as const, /could not be read|empty answer/],
  ])('a provider that %s: the panel is told, nothing is charged, the key stays out', async (_, script, message) => {
    const { test, candidate, attempt } = await aiTest({ maxMessages: 1 });
    provider.script(script);
    const res = await ask(candidate, test.id, { question: 'q' });
    const last = parseSse(res.body).at(-1)!;
    expect(last.event).toBe('error');
    expect(String(last.data.message)).toMatch(message);
    expect(String(last.data.message)).toMatch(/clock was not paused/);
    expect(res.body).not.toContain(KEY);
    const [row] = await t.deps.db.select().from(aiExchanges).where(eq(aiExchanges.attemptId, attempt.id));
    expect(row).toMatchObject({ status: 'failed', promptTokens: 0, completionTokens: 0 });
    expect(row!.error).not.toContain(KEY);
    // the one question the budget allows is still there, and the test goes on
    expect((await t.as(candidate).get(`/api/attempts/${test.id}/ai`)).json().usedMessages).toBe(0);
    const [open] = await t.deps.db.select().from(attempts).where(eq(attempts.id, attempt.id));
    expect(open!.endedAt).toBeNull();
  });

  it('a provider that cannot be reached', async () => {
    const { test, candidate } = await aiTest();
    const saved = t.deps.ai;
    const gone = await startLoopbackAiProvider();
    await gone.close();
    t.deps.ai = createAiProvider({ baseUrl: gone.url, apiKey: KEY, model: 'm', timeoutMs: 5_000 });
    try {
      const last = parseSse((await ask(candidate, test.id, { question: 'q' })).body).at(-1)!;
      expect(last).toMatchObject({ event: 'error', data: { message: expect.stringMatching(/cannot be reached/) } });
    } finally {
      t.deps.ai = saved;
    }
  });

  it('a provider that stops mid-answer is cut at the time limit, with what came kept', async () => {
    const { test, candidate, attempt } = await aiTest();
    const saved = t.deps.ai;
    t.deps.ai = createAiProvider({ baseUrl: provider.url, apiKey: KEY, model: 'slow', timeoutMs: 300 });
    provider.script({ kind: 'hang' });
    try {
      const events = parseSse((await ask(candidate, test.id, { question: 'q' })).body);
      expect(events.at(-1)).toMatchObject({ event: 'error', data: { message: expect.stringMatching(/too long/) } });
      const [row] = await t.deps.db.select().from(aiExchanges).where(eq(aiExchanges.attemptId, attempt.id));
      expect(row).toMatchObject({ status: 'failed', answer: 'Thinking' });
      // the next question is not refused as busy
      provider.script({ kind: 'answer', pieces: ['fine'] });
      t.deps.ai = saved;
      expect(parseSse((await ask(candidate, test.id, { question: 'again' })).body).at(-1)!.event).toBe('done');
    } finally {
      t.deps.ai = saved;
    }
  });
});
