/**
 * Several face service instances behind one FaceClient (issue 28). The instances here are small in-memory
 * stand-ins at the edge of the unit (the real remote client and service are covered by face-service.test.ts):
 * each records its calls, can be held busy, and can be made to fail as an unreachable service does.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import type { FaceClient, FaceDetectOutcome } from './face-client';
import { createSpreadFaceClient } from './face-client.spread';

interface Stub extends FaceClient {
  name: string;
  calls: number;
  dead: boolean;
  busy: boolean;
  badImage: boolean;
  /** Calls wait on this gate while it is set. */
  hold: Promise<void> | null;
}

function stub(name: string): Stub {
  const s: Stub = {
    name,
    calls: 0,
    dead: false,
    busy: false,
    badImage: false,
    hold: null,
    kind: 'remote',
    async enroll() {
      throw new Error('not used');
    },
    async detect(): Promise<FaceDetectOutcome> {
      s.calls++;
      if (s.hold) await s.hold;
      if (s.dead) throw new AppError('FACE_UNAVAILABLE', 'The face service is not reachable. Please try again.');
      if (s.busy) throw new AppError('FACE_BUSY', 'The face engine is busy. Please try again in a moment.');
      if (s.badImage) throw new AppError('FACE_BAD_IMAGE', 'not a JPEG');
      return { faceCount: 1, phone: false, phoneScore: null };
    },
    async verify() {
      throw new Error('not used');
    },
    health: () => ({
      state: 'remote',
      backend: 'remote face service',
      models: ['m'],
      url: `http://${name}`,
      service: s.dead ? 'unreachable' : 'ready',
    }),
    async close() {},
  };
  return s;
}

const frame = Buffer.from('jpeg');

describe('createSpreadFaceClient', () => {
  it('sends a call to the instance with the fewest calls in flight', async () => {
    const [a, b] = [stub('a'), stub('b')];
    const face = createSpreadFaceClient([a, b]);
    let release!: () => void;
    a.hold = new Promise((r) => {
      release = r;
    });
    b.hold = a.hold;
    const first = face.detect('u1', frame);
    const second = face.detect('u2', frame);
    // one busy call each: neither instance got both
    expect([a.calls, b.calls]).toEqual([1, 1]);
    release();
    await Promise.all([first, second]);
    a.hold = null;
    b.hold = null;
    for (let i = 0; i < 10; i++) await face.detect(`u${i}`, frame);
    expect(a.calls + b.calls).toBe(12);
    expect(Math.abs(a.calls - b.calls)).toBeLessThanOrEqual(1);
  });

  it('routes around a dead instance: the call is answered by another and the dead one is left out', async () => {
    let t = 1_000_000;
    const [a, b] = [stub('a'), stub('b')];
    a.dead = true;
    const face = createSpreadFaceClient([a, b], () => t);
    for (let i = 0; i < 6; i++) expect((await face.detect(`u${i}`, frame)).faceCount).toBe(1);
    // tried once, then left out
    expect(a.calls).toBe(1);
    expect(b.calls).toBe(6);
    const health = await face.health();
    expect(health.service).not.toBe('unreachable');
    expect(health.backend).toContain('1 reachable');
    // back after its time out, and used again once it answers
    a.dead = false;
    t += 60_000;
    for (let i = 0; i < 4; i++) await face.detect(`v${i}`, frame);
    expect(a.calls).toBeGreaterThan(1);
  });

  it('fails with FACE_UNAVAILABLE only when every instance fails, and never retries an image error', async () => {
    const [a, b] = [stub('a'), stub('b')];
    a.dead = true;
    b.dead = true;
    const face = createSpreadFaceClient([a, b]);
    await expect(face.detect('u', frame)).rejects.toMatchObject({ code: 'FACE_UNAVAILABLE' });
    expect(a.calls + b.calls).toBe(2);
    expect((await face.health()).service).toBe('unreachable');

    const [c, d] = [stub('c'), stub('d')];
    c.badImage = true;
    d.badImage = true;
    const images = createSpreadFaceClient([c, d]);
    await expect(images.detect('u', frame)).rejects.toMatchObject({ code: 'FACE_BAD_IMAGE' });
    expect(c.calls + d.calls).toBe(1);
  });

  // Issue 23: a full queue on one instance (FACE_BUSY) is a load, not an outage: the call goes to another
  // instance once, and the busy one is not left out.
  it('sends a call refused as busy to another instance, without leaving the busy one out', async () => {
    const [a, b] = [stub('a'), stub('b')];
    a.busy = true;
    const face = createSpreadFaceClient([a, b]);
    for (let i = 0; i < 4; i++) await expect(face.detect('u', frame)).resolves.toMatchObject({ faceCount: 1 });
    expect(b.calls).toBe(4);
    expect(a.calls).toBeGreaterThanOrEqual(2); // still asked: never left out
    b.busy = true;
    await expect(face.detect('u', frame)).rejects.toMatchObject({ code: 'FACE_BUSY' });
  });
});
