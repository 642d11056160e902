/**
 * Issue 27 on the server: a face too poor for a verdict and a face failing anti-spoofing are their own
 * findings (face_unclear, liveness_failed), never a "different person". The engine's answers are fixed here
 * (recognition itself is tested on real models in packages/face/src/face-gate.test.ts).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCodingTest, createSignedInUser } from '../../../test/factories';
import { multipart, photo } from '../../../test/fixtures/face';
import { useSignedIn, useTestApp } from '../../../test/support';
import { proctoringEvents } from '../../db/schema';
import type { FaceClient, FaceEnrollOutcome, FaceVerifyOutcome } from './face-client';

const DESCRIPTOR = { values: Array.from({ length: 128 }, (_, i) => i / 128), model: 'face-api/face_recognition_128' };
const next: { enroll: FaceEnrollOutcome | null; verify: FaceVerifyOutcome | null } = { enroll: null, verify: null };
const face: FaceClient = {
  kind: 'in-process',
  async enroll() {
    return (
      next.enroll ?? { ok: true, descriptor: DESCRIPTOR, face: { x: 10, y: 10, width: 150, height: 150, score: 0.9 } }
    );
  },
  async detect() {
    return { faceCount: 1, phone: false, phoneScore: null };
  },
  async verify() {
    if (!next.verify) throw new Error('no verify answer set');
    return next.verify;
  },
  health: () => ({ state: 'ready', backend: 'stub', models: [] }),
  close: async () => {},
};

const t = useTestApp({ face });
const employer = useSignedIn(t, { role: 'employer' });
const frame = () => multipart({}, photo('obama_01.jpg'));
const verdict = (v: Partial<FaceVerifyOutcome>): FaceVerifyOutcome => ({
  status: 'matched',
  distance: 0.3,
  faceCount: 1,
  annotatedJpeg: photo('obama_02.jpg'),
  guidance: null,
  liveness: { real: 0.7, passed: true, threshold: 0.2 },
  ...v,
});

async function startedSitting() {
  const { test } = await buildCodingTest(t.deps.db, { employer });
  const candidate = await createSignedInUser(t.app, { role: 'candidate' });
  next.enroll = null;
  expect((await t.as(candidate).postForm(`/api/proctoring/${test.id}/enroll`, frame())).statusCode).toBe(200);
  const start = await t.as(candidate).request('POST', `/api/attempts/${test.id}/start`);
  expect(start.statusCode).toBe(200);
  const attemptId: string = start.json().attempt.id;
  const events = () => t.deps.db.select().from(proctoringEvents).where(eq(proctoringEvents.attemptId, attemptId));
  return { testId: test.id, candidate, events };
}

describe('face verdicts without an accusation (issue 27)', () => {
  it('an unclear face answers 422 with guidance and records face_unclear, not a mismatch', async () => {
    const s = await startedSitting();
    next.verify = verdict({
      status: 'unclear',
      distance: null,
      guidance: 'Your face is not clear enough to check: add more light on your face.',
    });
    const res = await t.as(s.candidate).postForm(`/api/proctoring/${s.testId}/verify`, frame());
    expect(res.statusCode).toBe(422);
    expect(res.headers['x-face-status']).toBe('unclear');
    expect(res.json()).toMatchObject({ status: 'unclear', guidance: expect.stringMatching(/more light/) });
    const events = await s.events();
    expect(events.map((e) => e.kind)).toEqual(['face_unclear']);
    expect(events[0]!.detail).toMatch(/more light/);
    expect(events[0]!.frameKey).toBeTruthy();
  });

  it('a matched face that fails anti-spoofing records liveness_failed with its frame and score', async () => {
    const s = await startedSitting();
    next.verify = verdict({ liveness: { real: 0.08, passed: false, threshold: 0.2 } });
    const res = await t.as(s.candidate).postForm(`/api/proctoring/${s.testId}/verify`, frame());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'matched', live: false });
    const events = await s.events();
    expect(events.map((e) => e.kind)).toEqual(['liveness_failed']);
    expect(events[0]).toMatchObject({ threshold: 0.2, score: 0.08 });
    expect(events[0]!.detail).toMatch(/photo or a screen/);
  });

  it('a poor enrolment photo is refused with what to fix, and nothing is stored', async () => {
    const { test } = await buildCodingTest(t.deps.db, { employer });
    const candidate = await createSignedInUser(t.app, { role: 'candidate' });
    next.enroll = {
      ok: false,
      reason: 'poor_quality',
      issues: ['too_small'],
      message: 'Your face is not clear enough to check: come closer to the camera.',
    };
    const res = await t.as(candidate).postForm(`/api/proctoring/${test.id}/enroll`, frame());
    next.enroll = null;
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'FACE_ENROLL_FAILED', message: expect.stringMatching(/come closer/) });
    const take = await t.as(candidate).request('GET', `/api/attempts/take/${test.id}`);
    expect(take.json().proctoring.enrolled).toBe(false);
  });
});
