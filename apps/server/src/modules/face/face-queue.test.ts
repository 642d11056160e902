/**
 * The face engine's queue (issue 28): a call is refused (FACE_BUSY) by the wait the calls ahead of it would cause,
 * at the engine's recent time per call, not by a fixed count, so a burst of a drive's checks waits a few seconds
 * instead of being refused. The engine here is a stand-in whose calls finish when the test says: the rule is
 * about counting and timing, not recognition (face.api.test.ts runs the real engine and the hard bound).
 */
import type { FaceEngine } from '@assessly/face';
import { describe, expect, it } from 'vitest';
import { createInProcessFaceClient, serviceTimeEstimator } from './face-client.in-process';

/** An engine whose calls run one at a time, each finishing when `release()` is called. */
function heldEngine() {
  const waiting: (() => void)[] = [];
  let chain: Promise<unknown> = Promise.resolve();
  const serialized = <T>(value: T) => {
    const run = chain.then(() => new Promise<T>((resolve) => waiting.push(() => resolve(value))));
    chain = run;
    return run;
  };
  const face = { x: 0, y: 0, width: 10, height: 10, score: 0.9 };
  const engine = {
    load: async () => ({ loadMs: 0 }),
    detect: () => serialized({ faces: [face], phone: false, phoneScore: null }),
    describe: () => serialized({ ok: true, descriptor: { values: [0], model: 'm' }, face }),
    info: () => ({ backend: 'held', models: [] }),
    close: async () => {},
  } as unknown as FaceEngine;
  /** Finishes the call now running (the next one then starts). */
  const release = async () => {
    for (let i = 0; i < 50 && waiting.length === 0; i++) await new Promise((r) => setTimeout(r, 1));
    waiting.shift()?.();
    await new Promise((r) => setTimeout(r, 1));
  };
  return { engine, release };
}

describe('the face queue refuses by expected wait', () => {
  it('estimates the time per call from completions, counting a waiting call from when the one ahead ended', () => {
    const est = serviceTimeEstimator(100);
    // three calls admitted together at 0; the engine takes 40 ms each: done at 40, 80, 120
    est.done(0, 40);
    est.done(0, 80);
    est.done(0, 120);
    // samples 40, 40, 40: the average moves from 100 towards 40
    expect(est.ms).toBeCloseTo(100 * 0.8 ** 3 + 40 * (1 - 0.8 ** 3), 6);
    // a call admitted later, on an idle engine, counts from its own start
    est.done(1000, 1040);
    expect(est.ms).toBeLessThan(73);
    expect(est.ms).toBeGreaterThan(40);
  });

  it('admits checks while the wait ahead stays within maxWaitMs, gives enrolments a quarter longer, then serves', async () => {
    const { engine, release } = heldEngine();
    // the first estimate is 150 ms a call: checks wait 0, 150, 300 ms (admitted), the fourth would wait 450
    const client = createInProcessFaceClient({ engine, maxWaitMs: 400 });
    const jpeg = Buffer.from('frame');
    const checks = [0, 1, 2].map(() => client.detect('c', jpeg));
    await expect(client.detect('late', jpeg)).rejects.toMatchObject({ code: 'FACE_BUSY' });
    // an enrolment may wait 500 ms: admitted behind 450, refused behind 600
    const enrolment = client.enroll('e', jpeg);
    await expect(client.detect('still late', jpeg)).rejects.toMatchObject({ code: 'FACE_BUSY' });
    expect(client.health()).toMatchObject({ queued: 4 });
    await expect(client.enroll('e2', jpeg)).rejects.toMatchObject({ code: 'FACE_BUSY' });
    for (let i = 0; i < 4; i++) await release();
    for (const c of checks) await expect(c).resolves.toMatchObject({ faceCount: 1 });
    await expect(enrolment).resolves.toMatchObject({ ok: true });
    // the queue emptied: a check is admitted again
    const again = client.detect('again', jpeg);
    await release();
    await expect(again).resolves.toMatchObject({ faceCount: 1 });
  });

  it('refuses at the hard bound whatever the estimate', async () => {
    const { engine, release } = heldEngine();
    // 8 in all, 2 of them kept for enrolments: the seventh check is refused though its wait would be small
    const client = createInProcessFaceClient({ engine, maxQueue: 8, maxWaitMs: 60_000 });
    const jpeg = Buffer.from('frame');
    const checks = Array.from({ length: 6 }, () => client.detect('c', jpeg));
    await expect(client.detect('c7', jpeg)).rejects.toMatchObject({ code: 'FACE_BUSY' });
    const enrolment = client.enroll('e', jpeg);
    for (let i = 0; i < 7; i++) await release();
    await Promise.all(checks);
    await expect(enrolment).resolves.toMatchObject({ ok: true });
  });
});
