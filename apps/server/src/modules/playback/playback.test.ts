import { createHash } from 'node:crypto';
import { EDIT_STREAM_MAX_EVENTS, replayEdits, type TEditEvent } from '@assessly/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCodingTest, createSignedInUser, type SignedInUser } from '../../../test/factories';
import { createTestAs } from '../../../test/fixtures/authoring';
import { editScript } from '../../../test/fixtures/playback';
import { useSignedIn, useTestApp } from '../../../test/support';
import { editBatches, editStreams } from '../../db/schema';
import { REPLAY_LIMIT } from '../../lib/rate-limits';
import { purgeExpired } from '../erasure/retention.service';
import { applyBatch } from './edits.service';

const t = useTestApp();
const employer = useSignedIn(t, { role: 'employer' });
const rival = useSignedIn(t, { role: 'employer' });

async function started(spec: Parameters<typeof buildCodingTest>[1] = {}) {
  const { test, problems } = await buildCodingTest(t.deps.db, { employer, ...spec });
  const cand = await createSignedInUser(t.app);
  const start = await t.as(cand).request('POST', `/api/attempts/${test.id}/start`);
  expect(start.statusCode).toBe(200);
  const questionId = problems[0]!.id;
  const send = (seq: number, events: TEditEvent[], more: object = {}) =>
    t.as(cand).request('POST', `/api/attempts/${test.id}/edits`, {
      questionId,
      language: 'python',
      seq,
      events,
      ...more,
    });
  const attemptId: string = start.json().attempt?.id ?? start.json().attemptId ?? start.json().id;
  return { test, problems, cand, questionId, send, attemptId };
}

async function attemptIdOf(testId: string, cand: SignedInUser) {
  const take = await t.as(cand).request('GET', `/api/attempts/take/${testId}`);
  return take.json().attempt.id as string;
}

const ev = (at: number, from: number, to: number, insert: string, kind: TEditEvent['kind'] = 'type') => ({
  at,
  from,
  to,
  insert,
  kind,
});
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

describe('POST /api/attempts/:testId/edits', () => {
  it('applies 300 random edit scripts, in random batches, to exactly the text they build (in memory)', () => {
    for (let seed = 100; seed < 400; seed++) {
      const script = editScript(seed, 200);
      let text = '';
      for (let i = 0; i < script.events.length; i += script.batchSize) {
        text = applyBatch(text, script.events.slice(i, i + script.batchSize)).text;
      }
      expect(text).toBe(script.text);
      expect(replayEdits('', script.events)).toBe(script.text);
    }
  });

  it('replays random edit scripts (typing, deleting, pastes, undo, redo) sent through the API', async () => {
    for (let seed = 1; seed <= 3; seed++) {
      const { test, cand, send, questionId } = await started();
      const script = editScript(seed, 150);
      let seq = 0;
      for (let i = 0; i < script.events.length; i += script.batchSize) {
        const res = await send(++seq, script.events.slice(i, i + script.batchSize));
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ ok: true, applied: true, seq });
      }
      const last = await send(seq, script.events.slice(-1));
      expect(last.json()).toMatchObject({ applied: false, hash: sha(script.text) });
      // The page saves the draft beside the batches: the replay agrees with it.
      const draft = await t
        .as(cand)
        .request('PUT', `/api/attempts/${test.id}/drafts`, { questionId, language: 'python', code: script.text });
      expect(draft.statusCode).toBe(200);
      const attemptId = await attemptIdOf(test.id, cand);
      const playback = await t.as(employer).request('GET', `/api/review/attempts/${attemptId}/playback`);
      expect(playback.statusCode).toBe(200);
      const [stream, ...rest] = playback.json().streams;
      expect(rest).toEqual([]);
      expect(stream).toMatchObject({ questionId, language: 'python', initial: '' });
      expect(stream.events).toHaveLength(script.events.length);
      expect(replayEdits(stream.initial, stream.events)).toBe(script.text);
      const take = await t.as(cand).request('GET', `/api/attempts/take/${test.id}`);
      expect(replayEdits(stream.initial, stream.events)).toBe(take.json().drafts[0].code);
    }
  });

  it('applies a retried batch once', async () => {
    const { send, test, cand } = await started();
    expect((await send(1, [ev(10, 0, 0, 'ab')])).json()).toMatchObject({ applied: true, seq: 1 });
    const again = await send(1, [ev(10, 0, 0, 'ab')]);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ applied: false, seq: 1, hash: sha('ab') });
    const attemptId = await attemptIdOf(test.id, cand);
    const rows = await t.deps.db.select().from(editBatches).where(eq(editBatches.attemptId, attemptId));
    expect(rows).toHaveLength(1);
    const [stream] = await t.deps.db.select().from(editStreams).where(eq(editStreams.attemptId, attemptId));
    expect(stream).toMatchObject({ text: 'ab', lastSeq: 1, textHash: sha('ab') });
  });

  it('refuses a batch that does not apply, keeps nothing of it, and takes the resync from the draft', async () => {
    const { send, test, cand } = await started();
    await send(1, [ev(10, 0, 0, 'hello')]);
    // The page believes the code is longer than it is (a lost change): the whole batch is refused.
    const bad = await send(2, [ev(20, 5, 5, '!'), ev(21, 9, 12, 'x')]);
    expect(bad.statusCode).toBe(409);
    expect(bad.json().code).toBe('EDITS_OUT_OF_SYNC');
    const attemptId = await attemptIdOf(test.id, cand);
    const [kept] = await t.deps.db.select().from(editStreams).where(eq(editStreams.attemptId, attemptId));
    expect(kept).toMatchObject({ text: 'hello', lastSeq: 1 });
    // A gap (batch 2 never arrived) is refused too, unless the batch starts from a reset.
    expect((await send(3, [ev(30, 0, 0, 'x')])).json().code).toBe('EDITS_OUT_OF_SYNC');
    const resync = await send(2, [ev(40, 0, 999, 'hello world', 'reset'), ev(41, 11, 11, '!')]);
    expect(resync.json()).toMatchObject({ applied: true, seq: 2, hash: sha('hello world!') });
    const playback = (await t.as(employer).request('GET', `/api/review/attempts/${attemptId}/playback`)).json();
    const events = playback.streams[0].events;
    expect(events[1]).toMatchObject({ kind: 'reset', from: 0, to: 5 });
    expect(replayEdits('', events)).toBe('hello world!');
  });

  it("refuses a batch whose result disagrees with the page's draft (its hash), and takes one that agrees", async () => {
    const { send, test, cand } = await started();
    expect((await send(1, [ev(10, 0, 0, 'print(1)')], { hash: sha('print(1)') })).statusCode).toBe(200);
    // The page lost an edit: its draft reads "print(12)" but the batch only holds the "3".
    const drift = await send(2, [ev(20, 7, 7, '3')], { hash: sha('print(123)') });
    expect(drift.statusCode).toBe(409);
    expect(drift.json()).toMatchObject({ code: 'EDITS_OUT_OF_SYNC' });
    expect(drift.json().message).toContain('differs from your draft');
    const attemptId = await attemptIdOf(test.id, cand);
    const [kept] = await t.deps.db.select().from(editStreams).where(eq(editStreams.attemptId, attemptId));
    expect(kept).toMatchObject({ text: 'print(1)', lastSeq: 1, textHash: sha('print(1)') });
    // The page resyncs from its draft with a reset and the same hash: accepted.
    const resync = await send(2, [ev(21, 0, 8, 'print(123)', 'reset')], { hash: sha('print(123)') });
    expect(resync.json()).toMatchObject({ applied: true, seq: 2, hash: sha('print(123)') });
    expect((await send(3, [ev(30, 0, 0, 'x')], { hash: 'not-a-hash' })).statusCode).toBe(400);
  });

  it('keeps at most EDIT_STREAM_MAX_EVENTS edits a stream', async () => {
    const { send, test, cand } = await started();
    expect((await send(1, [ev(1, 0, 0, 'a')])).statusCode).toBe(200);
    const attemptId = await attemptIdOf(test.id, cand);
    // As if the stream had been filled to the bound (200,000 edits through the API would take minutes).
    await t.deps.db
      .update(editStreams)
      .set({ eventCount: EDIT_STREAM_MAX_EVENTS - 1 })
      .where(eq(editStreams.attemptId, attemptId));
    expect((await send(2, [ev(2, 1, 1, 'b')])).statusCode).toBe(200);
    const over = await send(3, [ev(3, 2, 2, 'c')]);
    expect(over.statusCode).toBe(413);
    expect(over.json().code).toBe('EDITS_LIMIT');
  });

  it("refuses edits after the attempt ended, to another test's problem, and batches over the bounds", async () => {
    const { send, test, cand } = await started();
    const tooMany = Array.from({ length: 2001 }, (_, i) => ev(i, i, i, 'a'));
    const over = await send(1, tooMany);
    expect(over.statusCode).toBe(400);
    expect(over.json().code).toBe('VALIDATION');
    const huge = await send(1, [ev(1, 0, 0, 'x'.repeat(65_537))]);
    expect(huge.statusCode).toBe(400);
    expect((await send(1, [ev(1, 0, 0, 'a', 'bogus' as 'type')])).statusCode).toBe(400);
    const { problems: otherProblems } = await buildCodingTest(t.deps.db, { employer });
    const foreign = await send(1, [ev(1, 0, 0, 'a')], { questionId: otherProblems[0]!.id });
    expect(foreign.statusCode).toBe(404);
    expect((await send(1, [ev(1, 0, 0, 'a')])).statusCode).toBe(200);
    expect((await t.as(cand).request('POST', `/api/attempts/${test.id}/end`)).statusCode).toBe(200);
    const late = await send(2, [ev(2, 1, 1, 'b')]);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('ATTEMPT_ENDED');
  });

  it('stores batches compressed', async () => {
    const { send, test, cand } = await started();
    const code = 'def solve(a, b):\n    return a + b\n\nprint(solve(*map(int, input().split())))\n'.repeat(4);
    const events = [...code].map((c, i) => ev(1000 + i * 150, i, i, c));
    expect((await send(1, events)).statusCode).toBe(200);
    const attemptId = await attemptIdOf(test.id, cand);
    const [row] = await t.deps.db.select().from(editBatches).where(eq(editBatches.attemptId, attemptId));
    expect(row!.eventCount).toBe(events.length);
    expect(row!.eventsGz.length).toBeLessThan(JSON.stringify(events).length / 4);
  });
});

describe('who may read a recording', () => {
  it('gives the playback and the report to the managing employer only', async () => {
    const { send, test, cand } = await started();
    await send(1, [ev(1, 0, 0, 'x = 1')]);
    const attemptId = await attemptIdOf(test.id, cand);
    const other = await createSignedInUser(t.app);
    for (const path of ['playback', 'integrity']) {
      const url = `/api/review/attempts/${attemptId}/${path}`;
      expect((await t.as(rival).request('GET', url)).statusCode).toBe(404);
      expect((await t.as(cand).request('GET', url)).statusCode).toBe(403);
      expect((await t.as(other).request('GET', url)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await t.as(employer).request('GET', url)).statusCode).toBe(200);
    }
    // Another candidate cannot write into this candidate's attempt: their own has not started.
    const intruder = await send(1, [ev(1, 0, 0, 'x')]);
    expect(intruder.statusCode).toBe(200);
    const theirs = await t.as(other).request('POST', `/api/attempts/${test.id}/edits`, {
      questionId: test.questionIds[0],
      language: 'python',
      seq: 2,
      events: [ev(2, 0, 0, 'evil')],
    });
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json().code).toBe('ATTEMPT_NOT_STARTED');
  });

  it('limits how often a reviewer may read recordings (each read replays whole streams)', async () => {
    // An employer of their own (the rate limit counts per user; the file's employer reads elsewhere).
    const reviewer = await createSignedInUser(t.app, { role: 'employer' });
    const { send, test, cand } = await started({ employer: reviewer });
    await send(1, [ev(1, 0, 0, 'x = 1')]);
    const attemptId = await attemptIdOf(test.id, cand);
    // Each route counts on its own.
    for (const path of ['playback', 'integrity']) {
      const codes: number[] = [];
      for (let i = 0; i < REPLAY_LIMIT + 1; i++) {
        codes.push((await t.as(reviewer).request('GET', `/api/review/attempts/${attemptId}/${path}`)).statusCode);
      }
      expect(codes.slice(0, REPLAY_LIMIT).every((c) => c === 200)).toBe(true);
      expect(codes[REPLAY_LIMIT]).toBe(429);
    }
  });

  it('erasing the candidate removes the streams and their batches', async () => {
    const { send, test, cand } = await started();
    await send(1, [ev(1, 0, 0, 'secret code')]);
    const attemptId = await attemptIdOf(test.id, cand);
    const erased = await t.as(employer).request('DELETE', `/api/companies/candidates/${cand.id}/data`);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await t.deps.db.select().from(editBatches).where(eq(editBatches.attemptId, attemptId))).toEqual([]);
    expect(await t.deps.db.select().from(editStreams).where(eq(editStreams.attemptId, attemptId))).toEqual([]);
  });

  it("lists the recordings in the candidate's own data export", async () => {
    const { send, cand } = await started();
    await send(1, [ev(1, 0, 0, 'mine')]);
    const res = await t.as(cand).request('GET', '/api/users/me/export');
    expect(res.statusCode).toBe(200);
    expect(res.json().editRecordings).toEqual([
      expect.objectContaining({ language: 'python', events: [expect.objectContaining({ insert: 'mine' })] }),
    ]);
  });
});

describe('the paste policy of a test', () => {
  it("is 'record' by default, set by the employer, and given to the candidate's page", async () => {
    const made = await createTestAs(t.app, employer, { testType: 'CODING' });
    expect((await t.as(employer).request('GET', `/api/tests/${made.id}`)).json().pastePolicy).toBe('record');
    const updated = await t.as(employer).request('PUT', `/api/tests/${made.id}`, { pastePolicy: 'block' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().pastePolicy).toBe('block');
    const wrong = await t.as(employer).request('PUT', `/api/tests/${made.id}`, { pastePolicy: 'maybe' });
    expect(wrong.statusCode).toBe(400);
    const cand = await createSignedInUser(t.app);
    expect((await t.as(cand).request('GET', `/api/attempts/take/${made.id}`)).json().pastePolicy).toBe('block');
  });
});

describe('retention', () => {
  // Last in the file: it moves the clock two days on.
  it("purges the recordings with the code when the company's code retention expires", async () => {
    const set = await t
      .as(employer)
      .request('PUT', '/api/companies/retention', { framesDays: null, codeDays: 1, personalDays: null });
    expect(set.statusCode, set.body).toBe(200);
    const { send, test, cand } = await started();
    await send(1, [ev(1, 0, 0, 'kept for a day')]);
    const attemptId = await attemptIdOf(test.id, cand);
    expect((await t.as(cand).request('POST', `/api/attempts/${test.id}/end`)).statusCode).toBe(200);
    await purgeExpired(t.deps);
    expect(await t.deps.db.select().from(editBatches).where(eq(editBatches.attemptId, attemptId))).toHaveLength(1);
    t.clock.advance(2 * 24 * 3_600_000);
    await purgeExpired(t.deps);
    expect(await t.deps.db.select().from(editBatches).where(eq(editBatches.attemptId, attemptId))).toEqual([]);
    expect(await t.deps.db.select().from(editStreams).where(eq(editStreams.attemptId, attemptId))).toEqual([]);
  });
});
