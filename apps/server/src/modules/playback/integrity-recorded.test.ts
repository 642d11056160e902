import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCodingTest, createSignedInUser } from '../../../test/factories';
import { seedSubmission } from '../../../test/fixtures/review';
import { useSignedIn, useTestApp } from '../../../test/support';
import { editBatches } from '../../db/schema';

// Issue 42: a submission the page's recording does not hold, or one with no recording, is a signal.
const t = useTestApp();
const employer = useSignedIn(t, { role: 'employer' });

async function attemptWith(typedCode: string | null, submitted: string) {
  const { test, problems } = await buildCodingTest(t.deps.db, { employer });
  const cand = await createSignedInUser(t.app);
  expect((await t.as(cand).request('POST', `/api/attempts/${test.id}/start`)).statusCode).toBe(200);
  const attemptId: string = (await t.as(cand).request('GET', `/api/attempts/take/${test.id}`)).json().attempt.id;
  const problem = problems[0]!;
  if (typedCode !== null) {
    const events = [...typedCode].map((ch, i) => ({ at: i, from: i, to: i, insert: ch, kind: 'type' as const }));
    const res = await t.as(cand).request('POST', `/api/attempts/${test.id}/edits`, {
      questionId: problem.id,
      language: 'python',
      seq: 1,
      events,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  await seedSubmission(t.deps.db, {
    testId: test.id,
    userId: cand.id,
    attemptId,
    problem,
    questionNumber: 1,
    passed: 1,
    total: 1,
    code: submitted,
  });
  const res = await t.as(employer).request('GET', `/api/review/attempts/${attemptId}/integrity`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().signals as { kind: string; rule: string; evidence: string }[];
}

describe('recording coverage signals', () => {
  it('says nothing when the submitted code is what the recording built', async () => {
    expect(await attemptWith('print(1)\n', 'print(1)\n')).toEqual([]);
  });

  it('flags a submitted answer whose code the recording never held', async () => {
    const signals = await attemptWith('print(1)\n', 'print(sum(map(int, input().split())))\n');
    expect(signals.map((s) => s.kind)).toEqual(['submitted_not_recorded']);
    expect(signals[0]!.rule).toMatch(/candidate's page/);
  });

  it('flags a submitted problem with no recording at all: not recorded in the editor', async () => {
    const signals = await attemptWith(null, 'print(1)\n');
    expect(signals.map((s) => s.kind)).toEqual(['no_recording']);
    expect(signals[0]!.rule).toMatch(/not recorded in the editor/);
  });

  it('flags 303 typed characters 250 ms apart that arrive in one batch a second after the last', async () => {
    const { test, problems } = await buildCodingTest(t.deps.db, { employer });
    const cand = await createSignedInUser(t.app);
    expect((await t.as(cand).request('POST', `/api/attempts/${test.id}/start`)).statusCode).toBe(200);
    const attemptId: string = (await t.as(cand).request('GET', `/api/attempts/take/${test.id}`)).json().attempt.id;
    const send = (seq: number, events: object[]) =>
      t.as(cand).request('POST', `/api/attempts/${test.id}/edits`, {
        questionId: problems[0]!.id,
        language: 'python',
        seq,
        events,
      });
    t.clock.advance(80_000);
    expect((await send(1, [{ at: 1000, from: 0, to: 0, insert: '#', kind: 'type' }])).statusCode).toBe(200);
    t.clock.advance(1000);
    const typed = Array.from({ length: 303 }, (_, i) => ({
      at: 2000 + i * 250,
      from: 1 + i,
      to: 1 + i,
      insert: 'x',
      kind: 'type',
    }));
    expect((await send(2, typed)).statusCode).toBe(200);
    const res = await t.as(employer).request('GET', `/api/review/attempts/${attemptId}/integrity`);
    const signals = res.json().signals as { kind: string; rule: string; evidence: string }[];
    expect(signals.map((s) => s.kind)).toEqual(['implausible_timing']);
    expect(signals[0]!.rule).toMatch(/candidate's page/);
    expect(signals[0]!.evidence).toMatch(/claim 75\.5 s arrived 1(\.\d)? s after the previous batch/);
  });

  it("compares other attempts' edit patterns by their stored fingerprints, without their recordings", async () => {
    const { test, problems } = await buildCodingTest(t.deps.db, { employer });
    const chunks = [
      'def solve(values):\n    return sum(values)\n',
      'import sys\nvalues = sys.stdin.read().split()\n',
      'print(solve([int(v) for v in values]))\n',
    ];
    const ids: string[] = [];
    for (let k = 0; k < 2; k++) {
      const cand = await createSignedInUser(t.app);
      expect((await t.as(cand).request('POST', `/api/attempts/${test.id}/start`)).statusCode).toBe(200);
      ids.push((await t.as(cand).request('GET', `/api/attempts/take/${test.id}`)).json().attempt.id);
      let pos = 0;
      const events = chunks.map((insert, i) => {
        const e = { at: i, from: pos, to: pos, insert, kind: 'paste' as const };
        pos += insert.length;
        return e;
      });
      const res = await t.as(cand).request('POST', `/api/attempts/${test.id}/edits`, {
        questionId: problems[0]!.id,
        language: 'python',
        seq: 1,
        events,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // the first attempt's recording is gone; its stream's fingerprint stays
    await t.deps.db.delete(editBatches).where(eq(editBatches.attemptId, ids[0]!));
    const res = await t.as(employer).request('GET', `/api/review/attempts/${ids[1]}/integrity`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().signals as { kind: string }[]).map((s) => s.kind)).toContain('pattern_match');
  });
});
