/**
 * The code page's submit (issue 16) against a scripted server: a full queue is retried by itself after the
 * Retry-After with the SAME idempotency key, a queued submission reports its place, and the verdict comes
 * from the event stream (no polling).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type SubmitProgress, submitCode } from './submit-flow';

class FakeEventSource {
  static last: FakeEventSource | null = null;
  private readonly handlers = new Map<string, ((e: { data: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, fn: (e: { data: string }) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), fn]);
  }
  emit(type: string, data: unknown) {
    for (const fn of this.handlers.get(type) ?? []) fn({ data: JSON.stringify(data) });
  }
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

afterEach(() => vi.unstubAllGlobals());

describe('submitCode', () => {
  it('retries a full queue with the same key, shows the place, and takes the verdict from the stream', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const posts: { idempotencyKey: string }[] = [];
    const reads: string[] = [];
    const replies = [
      () => json(503, { code: 'JUDGE_BUSY', message: 'busy' }, { 'retry-after': '1' }),
      () => json(202, { id: 'sub-1', status: 'queued', place: 4 }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (init.method === 'POST') {
          posts.push(JSON.parse(String(init.body)));
          return replies.shift()!();
        }
        reads.push(url);
        return json(200, { id: 'sub-1', status: 'queued', results: [] });
      }),
    );
    const progress: SubmitProgress[] = [];
    const done = submitCode({ testId: 't', questionNumber: 0, language: 'python', code: 'print(3)' }, (p) => {
      progress.push(p);
    });
    await vi.waitFor(() => expect(posts).toHaveLength(2), { timeout: 5000 });
    await vi.waitFor(() => expect(reads).toContain('/api/submissions/sub-1'));
    FakeEventSource.last!.emit('queue', { place: 2 });
    const results = [{ index: 0, passed: true, verdict: 'Accepted' }];
    FakeEventSource.last!.emit('submission', { id: 'other', status: 'judged', results: [] });
    FakeEventSource.last!.emit('submission', { id: 'sub-1', status: 'judged', results });
    await expect(done).resolves.toEqual(results);
    expect(posts[0]!.idempotencyKey).toBeTruthy();
    expect(posts[1]!.idempotencyKey).toBe(posts[0]!.idempotencyKey);
    expect(progress).toEqual([
      { kind: 'busy', retryInSeconds: 1 },
      { kind: 'queued', place: 4 },
      { kind: 'queued', place: 2 },
    ]);
    expect(FakeEventSource.last!.url).toBe('/api/submissions/stream');
  });

  it('gives up at once on a refusal that a retry cannot fix (the test has ended)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(409, { code: 'ATTEMPT_ENDED', message: 'This test has ended' })),
    );
    await expect(submitCode({ testId: 't', questionNumber: 0, language: 'python', code: 'x' })).rejects.toMatchObject({
      code: 'ATTEMPT_ENDED',
    });
  });
});
