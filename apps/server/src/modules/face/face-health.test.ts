/**
 * /api/health under a drive's face load (issue 28): a face service busy with checks answers its own /health late
 * (inference holds its event loop), so the API's remote client answers from what the service last said, marked
 * busy, instead of waiting for it or calling a working service unreachable. The face service here is a small
 * HTTP stand-in whose /health answers when the test says: the subject is the client's reading, not the engine.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createRemoteFaceClient } from './face-client.remote';

let server: Server | null = null;

/** A /health that answers `{state: 'ready', queued}` after `delay.ms`; every other path answers 200. */
async function standIn(delay: { ms: number }, queued = 3): Promise<string> {
  server = createServer((req, res) => {
    const answer = () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(req.url === '/health' ? { state: 'ready', models: ['m'], queued } : {}));
    };
    if (req.url === '/health' && delay.ms) setTimeout(answer, delay.ms);
    else answer();
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r) ?? r(null));
  server = null;
});

describe("the remote face client's health", () => {
  it('passes on what a service answering at once says, its queue included', async () => {
    const url = await standIn({ ms: 0 });
    const face = createRemoteFaceClient({ url, secret: null });
    const h = await face.health();
    expect(h).toMatchObject({ state: 'remote', service: 'ready', queued: 3, models: ['m'] });
    expect(h.busy).toBeUndefined();
  });

  it('answers from the last reading, marked busy, while the service is too busy to answer its /health', async () => {
    const delay = { ms: 0 };
    const url = await standIn(delay);
    const face = createRemoteFaceClient({ url, secret: null, healthWaitMs: 50 });
    await face.health(); // a reading while it was quick
    delay.ms = 1500;
    const h = await face.health();
    expect(h).toMatchObject({ state: 'remote', service: 'ready', queued: 3, busy: true });
    expect(h.readingAgeMs).toBeGreaterThanOrEqual(0);
  });

  it('with nothing recent to go by, waits for a slow reading rather than guess', async () => {
    const url = await standIn({ ms: 300 });
    const face = createRemoteFaceClient({ url, secret: null, healthWaitMs: 50 });
    const h = await face.health();
    expect(h).toMatchObject({ service: 'ready', queued: 3 });
    expect(h.busy).toBeUndefined();
  });

  it('a service that answered a call lately counts as working, though it never gave a reading', async () => {
    const delay = { ms: 1500 };
    const url = await standIn(delay);
    const face = createRemoteFaceClient({ url, secret: null, healthWaitMs: 50 });
    await face.detect('u', Buffer.from('frame')).catch(() => {}); // any answer from the service
    const h = await face.health();
    expect(h).toMatchObject({ service: 'ready', busy: true, readingAgeMs: null });
  });

  it('calls a service with nothing listening unreachable', async () => {
    const face = createRemoteFaceClient({ url: 'http://127.0.0.1:1', secret: null, healthWaitMs: 50 });
    expect(await face.health()).toMatchObject({ service: 'unreachable' });
  });
});
