import { EDIT_STREAM_MAX_CHARS, type TEditEvent } from '@assessly/shared';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCodingTest, createSignedInUser } from '../../../test/factories';
import { useSignedIn, useTestApp } from '../../../test/support';
import { editBatches, editStreams } from '../../db/schema';

// Issue 42: a recording's times and size are what the page says; the server bounds both.
const t = useTestApp();
const employer = useSignedIn(t, { role: 'employer' });

async function started() {
  const { test, problems } = await buildCodingTest(t.deps.db, { employer });
  const cand = await createSignedInUser(t.app);
  expect((await t.as(cand).request('POST', `/api/attempts/${test.id}/start`)).statusCode).toBe(200);
  const questionId = problems[0]!.id;
  const send = (seq: number, events: TEditEvent[], language = 'python') =>
    t.as(cand).request('POST', `/api/attempts/${test.id}/edits`, { questionId, language, seq, events });
  return { send };
}

const ev = (at: number, from: number, to: number, insert: string, kind: TEditEvent['kind'] = 'type') => ({
  at,
  from,
  to,
  insert,
  kind,
});

let seed = 42;
function randomText(n: number) {
  let s = '';
  for (let i = 0; i < n; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    s += String.fromCharCode(33 + (seed % 90));
  }
  return s;
}

async function batchCount() {
  return (await t.deps.db.select().from(editBatches)).length;
}

describe('edit times', () => {
  it('refuses an edit timed before the one before it, in one batch or across batches (400 EDITS_BAD_TIME)', async () => {
    const { send } = await started();
    const before = await batchCount();
    const back = await send(1, [ev(500, 0, 0, 'a'), ev(400, 1, 1, 'b')]);
    expect(back.statusCode).toBe(400);
    expect(back.json().code).toBe('EDITS_BAD_TIME');
    expect(await batchCount()).toBe(before);
    expect((await send(1, [ev(500, 0, 0, 'a'), ev(500, 1, 1, 'b')])).statusCode).toBe(200);
    const earlier = await send(2, [ev(499, 2, 2, 'c')]);
    expect(earlier.statusCode).toBe(400);
    expect(earlier.json().code).toBe('EDITS_BAD_TIME');
    expect((await send(2, [ev(501, 2, 2, 'c')])).statusCode).toBe(200);
    const [stream] = await t.deps.db.select().from(editStreams).where(eq(editStreams.text, 'abc'));
    expect(stream!.lastAt).toBe(501);
  });

  it('refuses an edit timed days after the attempt started, and allows a minute of clock error', async () => {
    const { send } = await started();
    const week = await send(1, [ev(7 * 24 * 3_600_000 - 1, 0, 0, 'a')]);
    expect(week.statusCode).toBe(400);
    expect(week.json().code).toBe('EDITS_BAD_TIME');
    expect((await send(1, [ev(30_000, 0, 0, 'a')])).statusCode).toBe(200);
  });
});

describe('recording budget', () => {
  it('stops a stream of random whole-file pastes at its character cap (413 EDITS_LIMIT), deletions counted', async () => {
    const { send } = await started();
    const chunk = 64 * 1024 - 1;
    let text = '';
    let seq = 0;
    let refused: Awaited<ReturnType<typeof send>> | null = null;
    for (let i = 0; i < 60 && !refused; i++) {
      const a = randomText(chunk);
      const b = randomText(chunk);
      const res = await send(++seq, [ev(i, 0, text.length, a, 'paste'), ev(i, 0, a.length, b, 'paste')]);
      if (res.statusCode !== 200) refused = res;
      else text = b;
    }
    expect(refused?.statusCode).toBe(413);
    expect(refused?.json().code).toBe('EDITS_LIMIT');
    const [stream] = await t.deps.db.select().from(editStreams).orderBy(desc(editStreams.chars)).limit(1);
    expect(stream!.chars).toBeLessThanOrEqual(EDIT_STREAM_MAX_CHARS);
    // each accepted batch inserts ~128 Ki and deletes ~128 Ki: the cap is reached by deletions too, in half the
    // batches that inserts alone would need
    expect(stream!.lastSeq).toBeLessThan(EDIT_STREAM_MAX_CHARS / (2 * chunk));
    expect(stream!.text === text).toBe(true);
    const rows = await t.deps.db.select().from(editBatches).where(eq(editBatches.attemptId, stream!.attemptId));
    expect(rows).toHaveLength(stream!.lastSeq);
  });
});
