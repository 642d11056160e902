import type { TEditEvent } from '@assessly/shared';
import { describe, expect, it } from 'vitest';
import { buildCodingTest, createSignedInUser, type SignedInUser } from '../../../test/factories';
import { typed } from '../../../test/fixtures/playback';
import { seedEvent, seedSubmission } from '../../../test/fixtures/review';
import { useSignedIn, useTestApp } from '../../../test/support';

const t = useTestApp();
const employer = useSignedIn(t, { role: 'employer' });

const SOLUTION = `import sys

def solve(values):
    best = values[0]
    current = 0
    for v in values:
        current = max(v, current + v)
        best = max(best, current)
    return best

def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    print(solve([int(x) for x in data[1:n + 1]]))

main()
`;
const MODEL = `def answer(a, b):
    # the reference solution of this problem
    return a + b

print(answer(*map(int, input().split())))
`;

let testId: string;
let questionId: string;

async function candidateWith(events: TEditEvent[], pageEvents: { kind: string; at: number }[] = []) {
  if (!testId) {
    const built = await buildCodingTest(t.deps.db, {
      employer,
      problems: [{ title: 'Max subarray', solution: MODEL }],
    });
    testId = built.test.id;
    questionId = built.problems[0]!.id;
  }
  const cand = await createSignedInUser(t.app);
  const start = await t.as(cand).request('POST', `/api/attempts/${testId}/start`);
  expect(start.statusCode).toBe(200);
  const take = (await t.as(cand).request('GET', `/api/attempts/take/${testId}`)).json();
  const attemptId: string = take.attempt.id;
  const startedAt = new Date(take.attempt.startedAt).getTime();
  // The server refuses edits timed after now, and the report names batches that claim more time than passed
  // between them (issue 42): each batch is sent once its edits' time has passed, as the page does.
  let advanced = 0;
  for (let i = 0, seq = 1; i < events.length; i += 500, seq++) {
    const need = (events[Math.min(i + 499, events.length - 1)]!.at ?? 0) - advanced;
    if (need > 0) {
      t.clock.advance(need);
      advanced += need;
    }
    const res = await t.as(cand).request('POST', `/api/attempts/${testId}/edits`, {
      questionId,
      language: 'python',
      seq,
      events: events.slice(i, i + 500),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  for (const e of pageEvents) await seedEvent(t.deps.db, attemptId, e.kind, null, new Date(startedAt + e.at));
  return { cand, attemptId };
}

async function signalsOf(attemptId: string) {
  const res = await t.as(employer).request('GET', `/api/review/attempts/${attemptId}/integrity`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().signals as { kind: string; at: number; rule: string; evidence: string }[];
}

const reset = (at: number): TEditEvent => ({ at, from: 0, to: 0, insert: '# write here\n', kind: 'reset' });
const paste = (at: number, from: number, insert: string): TEditEvent => ({ at, from, to: from, insert, kind: 'paste' });

describe('GET /api/review/attempts/:attemptId/integrity', () => {
  it('finds nothing in a solution typed at a human pace, with copy and paste inside the editor', async () => {
    const events = [reset(1000), ...typed(SOLUTION, 13, 2000, 250)];
    const text = `# write here\n${SOLUTION}`;
    // Copy "best = max(best, current)" from the code and paste it below: the candidate's own text.
    const line = '        best = max(best, current)\n';
    events.push(paste(400_000, text.length, line));
    const { attemptId } = await candidateWith(events);
    expect(await signalsOf(attemptId)).toEqual([]);
  });

  it('names a whole solution pasted after a tab switch: the paste, the focus loss and the large insertion', async () => {
    const { attemptId } = await candidateWith(
      [reset(1000), paste(65_000, 13, SOLUTION)],
      [
        { kind: 'tab_hidden', at: 60_000 },
        { kind: 'tab_visible', at: 63_000 },
      ],
    );
    const signals = await signalsOf(attemptId);
    expect(signals.map((s) => s.kind).sort()).toEqual([
      'few_large_insertions',
      'large_paste',
      'paste_after_focus_loss',
    ]);
    expect(signals.every((s) => s.at === 65_000)).toBe(true);
    const large = signals.find((s) => s.kind === 'large_paste')!;
    expect(large.rule).toContain('200 or more characters');
    expect(large.evidence).toBe(`${SOLUTION.length} characters pasted into problem 1 (python)`);
    expect(signals.find((s) => s.kind === 'paste_after_focus_loss')!.evidence).toContain(
      '5 s after the page lost focus',
    );
  });

  it("names code identical to another candidate's submission, and to the model solution", async () => {
    const { cand: first } = await candidateWith([reset(1000)]);
    await seedSubmission(t.deps.db, {
      testId,
      userId: first.id,
      problem: { id: questionId, marks: 10 },
      questionNumber: 1,
      passed: 1,
      total: 1,
      code: SOLUTION,
    });
    const copier = await candidateWith([{ ...reset(1000), insert: '' }, ...typed(SOLUTION, 0, 2000, 300)]);
    expect((await signalsOf(copier.attemptId)).map((s) => [s.kind, s.evidence])).toEqual([
      ['identical_to_candidate', 'The code of problem 1 (python) is identical to the submission of 1 other candidate'],
    ]);
    // Pasted whole instead of typed: the same match, and the paste's own facts beside it.
    const paster = await candidateWith([{ ...reset(1000), insert: '' }, paste(90_000, 0, SOLUTION)]);
    expect((await signalsOf(paster.attemptId)).map((s) => s.kind).sort()).toEqual([
      'few_large_insertions',
      'identical_to_candidate',
      'large_paste',
    ]);
    const model = await candidateWith([{ ...reset(1000), insert: '' }, ...typed(MODEL, 0, 2000, 300)]);
    expect((await signalsOf(model.attemptId)).map((s) => s.kind)).toEqual(['identical_to_solution']);
  });

  it("names an edit pattern that matches a previous attempt's: the same insertions in the same order", async () => {
    // Three pieces of 30+ characters pasted in one order (each under the large-paste size, 200 characters
    // together under the few-insertions floor): by themselves not signals.
    const pieces = [
      'def area(w, h):\n    return w * h\n',
      'def perimeter(w, h):\n    return 2 * (w + h)\n',
      'print(area(3, 4), perimeter(3, 4))\n',
    ];
    const script = (offset: number, order = [0, 1, 2]) => {
      let pos = 13;
      return [
        reset(1000),
        ...order.map((i, n) => {
          const p = pieces[i]!;
          const e = paste(1000 + offset + (n + 1) * 20_000, pos, p);
          pos += p.length;
          return e;
        }),
      ];
    };
    const first = await candidateWith(script(0));
    expect(await signalsOf(first.attemptId)).toEqual([]);
    const second = await candidateWith(script(7_000));
    const signals = await signalsOf(second.attemptId);
    expect(signals.map((s) => [s.kind, s.evidence])).toEqual([
      ['pattern_match', "3 insertions into problem 1 (python) match another attempt's, in order"],
    ]);
    expect(signals[0]!.rule).toContain('3+ insertions of 30+ characters, in the same order');
    // The earlier attempt now matches the later one too; the same pieces in another order match neither.
    expect((await signalsOf(first.attemptId)).map((s) => s.kind)).toEqual(['pattern_match']);
    const third = await candidateWith(script(0, [2, 0, 1]));
    expect(await signalsOf(third.attemptId)).toEqual([]);
  });

  it('names typing faster than the stated ceiling', async () => {
    const { attemptId } = await candidateWith([reset(1000), ...typed(SOLUTION, 13, 2000, 20)]);
    const signals = await signalsOf(attemptId);
    expect(signals.map((s) => s.kind)).toEqual(['fast_typing']);
    expect(signals[0]!.rule).toContain('More than 200 characters typed within 10 s');
  });
});

describe('the candidate sees the signals after the test and may answer each', () => {
  let cand: SignedInUser;
  let attemptId: string;

  it('shows nothing before the end, then the same signals, and the reviewer sees the answer', async () => {
    ({ cand, attemptId } = await candidateWith(
      [reset(1000), paste(65_000, 13, SOLUTION)],
      [{ kind: 'window_blur', at: 64_000 }],
    ));
    const early = await t.as(cand).request('GET', `/api/attempts/${testId}/integrity`);
    expect(early.statusCode).toBe(409);
    expect((await t.as(cand).request('POST', `/api/attempts/${testId}/end`)).statusCode).toBe(200);
    const own = (await t.as(cand).request('GET', `/api/attempts/${testId}/integrity`)).json();
    const reviewer = await signalsOf(attemptId);
    expect(own.signals.map((s: { kind: string }) => s.kind)).toEqual(reviewer.map((s) => s.kind));
    expect(own.signals.every((s: { response: null }) => s.response === null)).toBe(true);
    const signalId = own.signals[0].id;
    const bad = await t.as(cand).request('POST', `/api/attempts/${testId}/integrity/answers`, {
      signalId: 'large_paste:nope',
      response: 'x',
    });
    expect(bad.statusCode).toBe(404);
    const answered = await t.as(cand).request('POST', `/api/attempts/${testId}/integrity/answers`, {
      signalId,
      response: 'I pasted my own solution from my notes, written before the test.',
    });
    expect(answered.statusCode).toBe(200);
    const report = (await t.as(employer).request('GET', `/api/review/attempts/${attemptId}/integrity`)).json();
    expect(report.answers).toEqual([
      expect.objectContaining({
        signal: 0,
        response: 'I pasted my own solution from my notes, written before the test.',
      }),
    ]);
    // Another candidate has no attempt on this test: nothing to read or answer.
    const other = await createSignedInUser(t.app);
    expect((await t.as(other).request('GET', `/api/attempts/${testId}/integrity`)).statusCode).toBe(409);
  });
});
