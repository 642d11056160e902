/** Issue 44: authorship follow-ups about the candidate's own submitted code, with and without a provider. */
import { FOLLOW_UP_SECONDS } from '@assessly/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCodingTest, HIDDEN_MARKER, type SignedInUser, startCodingAttempt } from '../../../test/factories';
import { type LoopbackAiProvider, startLoopbackAiProvider } from '../../../test/fixtures/ai-provider';
import { useTestApp } from '../../../test/support';
import { submissions } from '../../db/schema';
import { largestFunction, ruleFollowUps } from './ai.follow-rules';
import { createAiProvider } from './ai.provider';

const t = useTestApp();
let provider: LoopbackAiProvider;
let employer: SignedInUser;

beforeAll(async () => {
  provider = await startLoopbackAiProvider();
  employer = await t.signIn({ role: 'employer' });
});
afterAll(async () => provider.close());

const CODE = [
  'def helper(x):',
  '    return x * 2',
  '',
  'def solve(a, b):',
  '    total = 0',
  '    for i in range(a, b):',
  '        total += helper(i)',
  '    return total',
  '',
  'print(solve(*map(int, input().split())))',
].join('\n');

async function submitted(followUps = true) {
  const { test, problems } = await buildCodingTest(t.deps.db, { employer, proctoring: false, duration: 60 });
  const put = await t.as(employer).put(`/api/tests/${test.id}/ai`, {
    mode: 'off',
    instruction: '',
    maxMessages: 5,
    maxTokens: 1000,
    followUps,
  });
  expect(put.json().followUps).toBe(followUps);
  const candidate = await t.signIn();
  const attempt = await startCodingAttempt(t.deps, candidate.id, test.id);
  const problem = problems[0]!;
  const pasted = '    for i in range(a, b):\n        total += helper(i)';
  const edits = await t.as(candidate).post(`/api/attempts/${test.id}/edits`, {
    questionId: problem.id,
    language: 'python',
    seq: 1,
    events: [
      { at: 1, from: 0, to: 0, insert: CODE.replace(`${pasted}\n`, ''), kind: 'type' },
      { at: 2, from: CODE.indexOf(pasted), to: CODE.indexOf(pasted), insert: `${pasted}\n`, kind: 'paste' },
    ],
  });
  expect(edits.statusCode, edits.body).toBe(200);
  await t.deps.db.insert(submissions).values({
    testId: test.id,
    userId: candidate.id,
    attemptId: attempt.id,
    questionId: problem.id,
    questionNumber: 0,
    language: 'python',
    code: CODE,
    status: 'judged',
  });
  return { test, problem, candidate, attempt };
}

describe('follow-ups built by rules (no provider)', () => {
  it('asks about the largest function, the pasted block and the loop bound; answers are timed', async () => {
    t.deps.ai = undefined;
    const { test, problem, candidate, attempt } = await submitted();
    const res = await t.as(candidate).post(`/api/attempts/${test.id}/follow-ups`, { questionId: problem.id });
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json();
    expect(made).toHaveLength(3);
    expect(made.every((f: { source: string }) => f.source === 'rules')).toBe(true);
    expect(made[0].prompt).toContain('`solve`');
    expect(made[1].prompt).toContain('total += helper(i)');
    expect(made[2].prompt).toContain('Line 6 is `for i in range(a, b):`');
    // made once: asking again reads them back
    const again = await t.as(candidate).post(`/api/attempts/${test.id}/follow-ups`, { questionId: problem.id });
    expect(again.json().map((f: { id: string }) => f.id)).toEqual(made.map((f: { id: string }) => f.id));

    const answer = await t.as(candidate).put(`/api/attempts/${test.id}/follow-ups/${made[0].id}`, {
      answer: 'It sums helper(i) = 2i over the range.',
    });
    expect(answer.json()).toMatchObject({ answer: 'It sums helper(i) = 2i over the range.' });
    expect(
      (await t.as(candidate).put(`/api/attempts/${test.id}/follow-ups/${made[0].id}`, { answer: 'x' })).statusCode,
    ).toBe(409);
    const other = await t.signIn();
    expect(
      (await t.as(other).put(`/api/attempts/${test.id}/follow-ups/${made[1].id}`, { answer: 'mine' })).statusCode,
    ).toBe(409);
    t.clock.advance(2 * FOLLOW_UP_SECONDS * 1000 + 1000);
    const late = await t.as(candidate).put(`/api/attempts/${test.id}/follow-ups/${made[1].id}`, { answer: 'late' });
    expect(late.statusCode).toBe(403);
    expect(late.json().code).toBe('DEADLINE_PASSED');

    const review = await t.as(employer).get(`/api/review/attempts/${attempt.id}/ai`);
    expect(review.json().followUps.map((f: { answer: string | null }) => f.answer)).toEqual([
      'It sums helper(i) = 2i over the range.',
      null,
      null,
    ]);
  });

  it('are refused when the test asks none, and before any submission', async () => {
    const off = await submitted(false);
    const refused = await t
      .as(off.candidate)
      .post(`/api/attempts/${off.test.id}/follow-ups`, { questionId: off.problem.id });
    expect(refused.statusCode).toBe(403);
    const { test, problems } = await buildCodingTest(t.deps.db, { employer, proctoring: false });
    await t
      .as(employer)
      .put(`/api/tests/${test.id}/ai`, { mode: 'off', maxMessages: 5, maxTokens: 1000, followUps: true });
    const candidate = await t.signIn();
    await startCodingAttempt(t.deps, candidate.id, test.id);
    const early = await t.as(candidate).post(`/api/attempts/${test.id}/follow-ups`, { questionId: problems[0]!.id });
    expect(early.statusCode).toBe(409);
  });
});

describe('follow-ups generated by the provider', () => {
  it('come from the submitted code only, and fall back to rules when the provider fails', async () => {
    t.deps.ai = createAiProvider({ baseUrl: provider.url, apiKey: 'k', model: 'm', timeoutMs: 5_000 });
    try {
      const { test, problem, candidate } = await submitted();
      provider.script({
        kind: 'answer',
        pieces: [
          '1. What does solve(1, 3) return?\n2) Why does the loop start at a?\n- What if helper returned x * 3?\n',
        ],
      });
      const n = provider.received.length;
      const made = (
        await t.as(candidate).post(`/api/attempts/${test.id}/follow-ups`, { questionId: problem.id })
      ).json();
      expect(made.map((f: { prompt: string; source: string }) => [f.source, f.prompt])).toEqual([
        ['model', 'What does solve(1, 3) return?'],
        ['model', 'Why does the loop start at a?'],
        ['model', 'What if helper returned x * 3?'],
      ]);
      const sent = provider.received.slice(n);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.body).toContain('def solve(a, b):');
      expect(sent[0]!.body).not.toContain(HIDDEN_MARKER);

      const failing = await submitted();
      provider.script({ kind: 'status', status: 503 });
      const fallback = (
        await t
          .as(failing.candidate)
          .post(`/api/attempts/${failing.test.id}/follow-ups`, { questionId: failing.problem.id })
      ).json();
      expect(fallback.map((f: { source: string }) => f.source)).toEqual(['rules', 'rules', 'rules']);
    } finally {
      t.deps.ai = undefined;
    }
  });
});

describe('ruleFollowUps', () => {
  it('finds the largest function in other languages, and asks fewer questions of tiny code', () => {
    expect(
      largestFunction('function a() {\n  return 1;\n}\nfunction big(n) {\n  let s = 0;\n  s += n;\n  return s;\n}\n'),
    ).toEqual({
      name: 'big',
      lines: 5,
    });
    expect(ruleFollowUps('print(1)', [])).toEqual([
      "What would change in your program's output if line 1 (`print(1)`) were removed?",
    ]);
  });
});
