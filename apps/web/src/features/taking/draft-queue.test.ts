import { gunzipSync } from 'node:zlib';
import { DRAFT_GZIP_THRESHOLD } from '@assessly/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DraftQueue, encodeDraftBody } from './draft-queue';

/** A browser-like shell for the queue: localStorage, window events, navigator.onLine and a fetch we control. */
function installBrowser() {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  });
  vi.stubGlobal('window', { addEventListener() {}, removeEventListener() {} });
  vi.stubGlobal('navigator', { onLine: true });
  const calls: { body: Record<string, unknown>; answer: (status: number, json: unknown) => void }[] = [];
  vi.stubGlobal('fetch', (_url: string, init: { body: string }) => {
    return new Promise((resolve) => {
      calls.push({
        body: JSON.parse(init.body),
        answer: (status, json) => resolve(new Response(JSON.stringify(json), { status })),
      });
    });
  });
  return { store, calls };
}

const Q = '00000000-0000-4000-8000-000000000001';
const waitFor = async (cond: () => boolean) => {
  for (let i = 0; i < 100 && !cond(); i++) await new Promise((r) => setTimeout(r, 1));
  expect(cond()).toBe(true);
};

describe('DraftQueue revisions', () => {
  let browser: ReturnType<typeof installBrowser>;
  beforeEach(() => {
    browser = installBrowser();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('builds an edit made while a save is in flight on the revision that save wrote', async () => {
    const q = new DraftQueue(
      't1',
      'a1',
      [{ questionId: Q, language: 'python', code: 'v0', updatedAt: '', revision: 4 }],
      () => {},
    );
    q.save({ questionId: Q, language: 'python', code: 'v1' });
    const first = q.flush();
    await waitFor(() => browser.calls.length === 1);
    expect(browser.calls[0]!.body).toMatchObject({ code: 'v1', baseRevision: 4 });
    q.save({ questionId: Q, language: 'python', code: 'v2' });
    browser.calls[0]!.answer(200, { ok: true, savedAt: '2026-01-01T00:00:00.000Z', revision: 5 });
    await first;
    const second = q.flush();
    await waitFor(() => browser.calls.length === 2);
    expect(browser.calls[1]!.body).toMatchObject({ code: 'v2', baseRevision: 5 });
    browser.calls[1]!.answer(200, { ok: true, savedAt: '2026-01-01T00:00:01.000Z', revision: 6 });
    expect(await second).toBe(true);
    expect(q.snapshot()).toEqual({ status: 'saved', lastServerSave: '2026-01-01T00:00:01.000Z' });
    // The next edit builds on 6.
    q.save({ questionId: Q, language: 'python', code: 'v3' });
    void q.flush();
    await waitFor(() => browser.calls.length === 3);
    expect(browser.calls[2]!.body).toMatchObject({ baseRevision: 6 });
  });

  it('reports a stale save once, drops it, and keeps it out of localStorage', async () => {
    const stale: string[] = [];
    const q = new DraftQueue('t1', 'a1', [], (key) => stale.push(key));
    q.save({ questionId: Q, language: 'cpp', code: 'int main(){}' });
    expect(browser.store.get('assessly.drafts.a1')).toContain('int main');
    const done = q.flush();
    await waitFor(() => browser.calls.length === 1);
    expect(browser.calls[0]!.body).toMatchObject({ baseRevision: 0 });
    browser.calls[0]!.answer(409, { code: 'DRAFT_STALE', message: 'newer elsewhere' });
    await done;
    expect(stale).toEqual([`${Q}|cpp`]);
    expect(q.status).toBe('refused');
    expect(q.hasPending()).toBe(false);
    expect(browser.store.has('assessly.drafts.a1')).toBe(false);
  });

  it('keeps an unsent edit with its revision across a reload, and says offline vs reconnecting', async () => {
    const q = new DraftQueue(
      't1',
      'a1',
      [{ questionId: Q, language: 'python', code: 'v0', updatedAt: '', revision: 2 }],
      () => {},
    );
    q.save({ questionId: Q, language: 'python', code: 'typed while the server was down' });
    const done = q.flush();
    await waitFor(() => browser.calls.length === 1);
    browser.calls[0]!.answer(503, { code: 'SERVICE_UNAVAILABLE', message: 'down' });
    expect(await done).toBe(false);
    expect(q.status).toBe('reconnecting');
    (navigator as { onLine: boolean }).onLine = false;
    q.save({ questionId: Q, language: 'python', code: 'typed offline' });
    const again = q.flush();
    await waitFor(() => browser.calls.length === 2);
    browser.calls[1]!.answer(503, {});
    await again;
    expect(q.status).toBe('offline');
    q.watchOnline()();
    // A reload: a new queue restores the edit with the revision it was based on.
    const reloaded = new DraftQueue(
      't1',
      'a1',
      [{ questionId: Q, language: 'python', code: 'v0', updatedAt: '2026-01-01T10:00:00.000Z', revision: 2 }],
      () => {},
    );
    // The last save that reached the server is known from the drafts it returned.
    expect(reloaded.snapshot().lastServerSave).toBe('2026-01-01T10:00:00.000Z');
    expect([...reloaded.unsent().values()]).toEqual([
      { questionId: Q, language: 'python', code: 'typed offline', baseRevision: 2 },
    ]);
  });
});

describe('draft bodies: large drafts are gzipped', () => {
  afterEach(() => vi.unstubAllGlobals());
  const inflate = async (body: Blob | string) =>
    JSON.parse(gunzipSync(Buffer.from(await (body as Blob).arrayBuffer())).toString('utf8'));

  it('sends a small draft as plain JSON', async () => {
    const item = { questionId: Q, language: 'python' as const, code: 'print(1)', baseRevision: 3 };
    expect(await encodeDraftBody(item)).toEqual({ body: JSON.stringify(item), headers: {} });
  });

  it('gzips a draft over the threshold and says so in Content-Encoding', async () => {
    const code = 'for i in range(10):\n    print(i)\n'.repeat(400);
    const item = { questionId: Q, language: 'python' as const, code, baseRevision: 1 };
    expect(JSON.stringify(item).length).toBeGreaterThan(DRAFT_GZIP_THRESHOLD);
    const { body, headers } = await encodeDraftBody(item);
    expect(headers).toEqual({ 'content-encoding': 'gzip' });
    expect(body).toBeInstanceOf(Blob);
    expect((body as Blob).size).toBeLessThan(JSON.stringify(item).length / 10);
    expect(await inflate(body)).toEqual(item);
  });

  it('the queue sends the gzipped body with the JSON content type', async () => {
    installBrowser();
    const sent: { headers: Record<string, string>; body: Blob }[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: { headers: Record<string, string>; body: Blob }) => {
      sent.push(init);
      return new Response(JSON.stringify({ ok: true, savedAt: '2026-01-01T10:00:00.000Z', revision: 1 }));
    });
    const q = new DraftQueue('t1', 'a1', [], () => {});
    const code = 'x = 1\n'.repeat(2000);
    q.save({ questionId: Q, language: 'python', code });
    expect(await q.flush()).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers).toMatchObject({ 'content-type': 'application/json', 'content-encoding': 'gzip' });
    expect(await inflate(sent[0]!.body)).toEqual({ questionId: Q, language: 'python', code, baseRevision: 0 });
  });
});
