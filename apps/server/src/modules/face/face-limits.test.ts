/**
 * Issue 23: /api/face/* applies the candidate frame rules before the engine sees a byte: frame size, pixels
 * read from the header (never decoded), one call at a time per user. The engine here is a counting stand-in at
 * the edge (the rules under test are the server's, not the model's).
 */
import { describe, expect, it } from 'vitest';
import { multipart } from '../../../test/fixtures/face';
import { until, useSignedIn, useTestApp } from '../../../test/support';
import type { FaceClient, FaceEnrollOutcome } from './face-client';

/** A PNG of the given size: signature and IHDR only (what the pixel check reads; nothing to decode). */
function pngHeader(width: number, height: number): Buffer {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'ascii');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  b.writeUInt8(8, 24);
  b.writeUInt8(6, 25);
  return b;
}

const calls: string[] = [];
let release: (() => void) | null = null;
const face: FaceClient = {
  kind: 'in-process',
  async enroll(subject): Promise<FaceEnrollOutcome> {
    calls.push(subject);
    await new Promise<void>((ok) => {
      release = ok;
    });
    return { ok: false, reason: 'no_face', message: 'No face in the frame.' };
  },
  detect: async () => ({ faceCount: 1, phone: false, phoneScore: null }) as never,
  verify: async () => {
    throw new Error('not used');
  },
  health: () => ({ ok: true }) as never,
  close: async () => {},
};

const t = useTestApp({ face });
const alice = useSignedIn(t, { role: 'candidate' });
const bob = useSignedIn(t, { role: 'candidate' });

describe('/api/face/* frame rules', () => {
  it('refuses a 12-megapixel frame from its header and a padded 7 MB frame, before the engine', async () => {
    for (const url of ['/api/face/enroll', '/api/face/detect', '/api/face/verify']) {
      const huge = await t.as(alice).postForm(url, multipart({}, { data: pngHeader(4000, 3000), type: 'image/png' }));
      expect(huge.statusCode, url).toBe(413);
      expect(huge.json().code).toBe('FACE_IMAGE_TOO_LARGE');
      const padded = Buffer.concat([pngHeader(640, 480), Buffer.alloc(7 * 1024 * 1024)]);
      const fat = await t.as(alice).postForm(url, multipart({}, { data: padded, type: 'image/png' }));
      expect(fat.statusCode, url).toBe(413);
    }
    expect(calls).toEqual([]);
  });

  it('lets one call per user reach the engine at a time; another user is not held up', async () => {
    const frame = () => multipart({}, { data: pngHeader(640, 480), type: 'image/png' });
    const first = t.as(alice).postForm('/api/face/enroll', frame());
    await until(async () => calls.length === 1, 20_000, { everyMs: 10 });
    const second = await t.as(alice).postForm('/api/face/enroll', frame());
    expect(second.statusCode).toBe(429);
    expect(second.json().code).toBe('RATE_LIMITED');
    const releaseAlice = release!;
    const other = t.as(bob).postForm('/api/face/enroll', frame());
    await until(async () => calls.length === 2, 20_000, { everyMs: 10 });
    expect(calls).toEqual([alice.id, bob.id]);
    release!();
    releaseAlice();
    expect((await first).statusCode).toBe(422);
    expect((await other).statusCode).toBe(422);
  });
});
