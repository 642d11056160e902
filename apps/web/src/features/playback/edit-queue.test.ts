import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EditQueue, streamKey } from './edit-queue';

/** localStorage and a fetch whose answers the test gives (the queue's only edges). */
function installBrowser() {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  });
  const calls: {
    body: { seq: number; events: { kind: string; insert: string }[]; hash?: string };
    answer: (s: number, j: unknown) => void;
  }[] = [];
  vi.stubGlobal('fetch', (_url: string, init: { body: string }) => {
    return new Promise((resolve, reject) => {
      calls.push({
        body: JSON.parse(init.body),
        answer: (status, json) =>
          status === 0 ? reject(new TypeError('offline')) : resolve(new Response(JSON.stringify(json), { status })),
      });
    });
  });
  return { store, calls };
}

const Q = '00000000-0000-4000-8000-000000000001';
const KEY = streamKey(Q, 'python');
const waitFor = async (cond: () => boolean) => {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 1));
  expect(cond()).toBe(true);
};
const ok = (seq: number, applied = true) => ({ ok: true, applied, seq, hash: 'h' });
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

describe('EditQueue', () => {
  let browser: ReturnType<typeof installBrowser>;
  beforeEach(() => {
    browser = installBrowser();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts a stream with a reset to its text and keeps a batch number through a network failure', async () => {
    const q = new EditQueue('t1', 'a1', () => 'ab');
    q.start(KEY, '# start', 10);
    q.record(KEY, { at: 20, from: 7, to: 7, insert: 'a', kind: 'type' });
    let done = q.flush();
    await waitFor(() => browser.calls.length === 1);
    expect(browser.calls[0]!.body.seq).toBe(1);
    expect(browser.calls[0]!.body.events.map((e) => e.kind)).toEqual(['reset', 'type']);
    browser.calls[0]!.answer(0, null);
    await done;
    q.record(KEY, { at: 30, from: 8, to: 8, insert: 'b', kind: 'type' });
    done = q.flush();
    await waitFor(() => browser.calls.length === 2);
    // The same batch again (the server applies it once), then the new edit as batch 2.
    expect(browser.calls[1]!.body).toMatchObject({ seq: 1, events: [{ kind: 'reset' }, { insert: 'a' }] });
    browser.calls[1]!.answer(200, ok(1));
    await waitFor(() => browser.calls.length === 3);
    expect(browser.calls[2]!.body).toMatchObject({ seq: 2, events: [{ insert: 'b' }] });
    browser.calls[2]!.answer(200, ok(2));
    await done;
    expect(q.hasPending()).toBe(false);
  });

  it('resyncs a refused batch with a reset to the editor text and drops what it replaces', async () => {
    const q = new EditQueue('t1', 'a1', () => 'the editor text');
    q.start(KEY, '', 1);
    const first = q.flush();
    await waitFor(() => browser.calls.length === 1);
    browser.calls[0]!.answer(200, ok(1));
    await first;
    q.record(KEY, { at: 5, from: 40, to: 41, insert: '', kind: 'delete' });
    q.record(KEY, { at: 6, from: 3, to: 3, insert: 'x', kind: 'type' });
    const done = q.flush();
    await waitFor(() => browser.calls.length === 2);
    browser.calls[1]!.answer(409, { code: 'EDITS_OUT_OF_SYNC', message: 'no' });
    await waitFor(() => browser.calls.length === 3);
    expect(browser.calls[2]!.body).toMatchObject({ seq: 2, events: [{ kind: 'reset', insert: 'the editor text' }] });
    expect(browser.calls[2]!.body.events).toHaveLength(1);
    // The resync carries the draft's hash: the server checks its replay against it.
    expect(browser.calls[2]!.body.hash).toBe(sha('the editor text'));
    browser.calls[2]!.answer(200, ok(2));
    await done;
    expect(q.hasPending()).toBe(false);
  });

  it("sends the hash of the editor's text with a batch that empties the queue, and none with one that does not", async () => {
    let text = 'x';
    const q = new EditQueue('t1', 'a3', () => text);
    q.start(KEY, '', 1);
    for (let i = 0; i < 600; i++) q.record(KEY, { at: 2 + i, from: i, to: i, insert: 'x', kind: 'type' });
    text = 'x'.repeat(600);
    const done = q.flush();
    await waitFor(() => browser.calls.length === 1);
    // 500 edits go first: the editor's text is not the text after them, so no hash.
    expect(browser.calls[0]!.body.events).toHaveLength(500);
    expect(browser.calls[0]!.body.hash).toBeUndefined();
    browser.calls[0]!.answer(200, ok(1));
    await waitFor(() => browser.calls.length === 2);
    expect(browser.calls[1]!.body).toMatchObject({ seq: 2, hash: sha('x'.repeat(600)) });
    expect(browser.calls[1]!.body.events).toHaveLength(101);
    browser.calls[1]!.answer(200, ok(2));
    await done;
  });

  it('keeps unsent edits on the device across a reload, numbered where it left off', async () => {
    const q = new EditQueue('t1', 'a1', () => null);
    q.start(KEY, 'x', 1);
    q.persistNow();
    const again = new EditQueue('t1', 'a1', () => null);
    expect(again.has(KEY)).toBe(true);
    const done = again.flush();
    await waitFor(() => browser.calls.length === 1);
    expect(browser.calls[0]!.body).toMatchObject({ seq: 1, events: [{ kind: 'reset', insert: 'x' }] });
    browser.calls[0]!.answer(200, ok(1));
    await done;
  });

  it("numbers a new device's first batch after the server's when the stream exists there", async () => {
    const q = new EditQueue('t1', 'a2', () => 'code');
    q.start(KEY, 'code', 1);
    const done = q.flush();
    await waitFor(() => browser.calls.length === 1);
    browser.calls[0]!.answer(200, ok(7, false));
    await waitFor(() => browser.calls.length === 2);
    expect(browser.calls[1]!.body).toMatchObject({ seq: 8, events: [{ kind: 'reset', insert: 'code' }] });
    browser.calls[1]!.answer(200, ok(8));
    await done;
    expect(q.hasPending()).toBe(false);
  });
});
