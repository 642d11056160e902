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
import { faceEnrollments, proctoringEvents } from '../../db/schema';
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
  yaw: 0,
  ...v,
});
const live = (testId: string, who: { cookie: string }, v: Partial<FaceVerifyOutcome>) => {
  next.verify = verdict(v);
  return t.as(who).postForm(`/api/proctoring/${testId}/live`, frame());
};

async function startedSitting() {
  const { test } = await buildCodingTest(t.deps.db, { employer });
  const candidate = await createSignedInUser(t.app, { role: 'candidate' });
  next.enroll = null;
  expect((await t.as(candidate).postForm(`/api/proctoring/${test.id}/enroll`, frame())).statusCode).toBe(200);
  await live(test.id, candidate, { yaw: -0.15 });
  expect((await live(test.id, candidate, { yaw: 0.15 })).json()).toMatchObject({ step: 'done' });
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

describe('the enrolment live sequence is judged by the server (issue 27)', () => {
  async function enrolled() {
    const { test } = await buildCodingTest(t.deps.db, { employer });
    const candidate = await createSignedInUser(t.app, { role: 'candidate' });
    next.enroll = null;
    expect((await t.as(candidate).postForm(`/api/proctoring/${test.id}/enroll`, frame())).statusCode).toBe(200);
    const start = () => t.as(candidate).request('POST', `/api/attempts/${test.id}/start`);
    return { testId: test.id, candidate, start };
  }

  it('a still picture (one head pose in every frame) never completes it, and the start is refused', async () => {
    const s = await enrolled();
    for (const yaw of [0.05, 0.07, 0.04, 0.06]) {
      const res = await live(s.testId, s.candidate, { yaw });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ step: 'turn_first', counted: true });
    }
    const refused = await s.start();
    expect(refused.statusCode).toBe(428);
    expect(refused.json()).toMatchObject({ code: 'FACE_LIVENESS_REQUIRED' });
    expect(refused.json().message).toMatch(/turn your head/i);
    const take = await t.as(s.candidate).get(`/api/attempts/take/${s.testId}`);
    expect(take.json().proctoring).toMatchObject({ enrolled: true, live: false });
  });

  it('a frame that is not the enrolled face, or not clear, does not count and accuses nobody', async () => {
    const s = await enrolled();
    const other = await live(s.testId, s.candidate, { status: 'not_matched', distance: 0.8, yaw: -0.3 });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ step: 'turn_first', counted: false });
    expect(other.json().message).not.toMatch(/different|match/i);
    const dark = await live(s.testId, s.candidate, {
      status: 'unclear',
      distance: null,
      guidance: 'Your face is not clear enough to check: add more light on your face.',
      yaw: 0.3,
    });
    expect(dark.json()).toMatchObject({ step: 'turn_first', counted: false, message: expect.stringMatching(/light/) });
    expect((await s.start()).statusCode).toBe(428);
    // The real turn, one way and then the other, completes it; the start then goes through.
    expect((await live(s.testId, s.candidate, { yaw: -0.14 })).json()).toMatchObject({ step: 'turn_other' });
    expect((await live(s.testId, s.candidate, { yaw: 0.13 })).json()).toMatchObject({ step: 'done', counted: true });
    expect((await s.start()).statusCode).toBe(200);
    const take = await t.as(s.candidate).get(`/api/attempts/take/${s.testId}`);
    expect(take.json().proctoring).toMatchObject({ enrolled: true, live: true, active: true });
  });

  it('a photo or a screen does not count; a retake of the enrolment photo starts the sequence again', async () => {
    const s = await enrolled();
    const spoof = await live(s.testId, s.candidate, {
      yaw: -0.3,
      liveness: { real: 0.05, passed: false, threshold: 0.2 },
    });
    expect(spoof.json()).toMatchObject({
      step: 'turn_first',
      counted: false,
      message: expect.stringMatching(/photo or a screen/),
    });
    await live(s.testId, s.candidate, { yaw: -0.2 });
    expect((await live(s.testId, s.candidate, { yaw: 0.2 })).json()).toMatchObject({ step: 'done' });
    expect((await t.as(s.candidate).postForm(`/api/proctoring/${s.testId}/enroll`, frame())).statusCode).toBe(200);
    expect((await s.start()).statusCode).toBe(428);
  });

  it('needs an enrolment first, and refuses bad input with a clear 4xx', async () => {
    const { test } = await buildCodingTest(t.deps.db, { employer });
    const candidate = await createSignedInUser(t.app, { role: 'candidate' });
    const none = await live(test.id, candidate, { yaw: 0.2 });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'FACE_NOT_ENROLLED' });
    expect((await t.as(null).postForm(`/api/proctoring/${test.id}/live`, frame())).statusCode).toBe(401);
    expect((await t.as(candidate).postForm('/api/proctoring/nope/live', frame())).statusCode).toBe(400);
    const text = multipart({}, { data: Buffer.from('not an image'), type: 'text/plain' });
    expect((await t.as(candidate).postForm(`/api/proctoring/${test.id}/live`, text)).statusCode).toBe(400);
  });

  it('a photo or a screen during a sitting is its own liveness_failed event with the frame', async () => {
    const s = await startedSitting();
    // The reference of this sitting is live already; a reference taken after an outage is not (the engine's
    // answer here stands for such a frame): the event carries the frame, and no face_mismatch is recorded.
    await t.deps.db
      .update(faceEnrollments)
      .set({ livePassedAt: null })
      .where(eq(faceEnrollments.userId, s.candidate.id));
    const res = await live(s.testId, s.candidate, {
      yaw: 0.3,
      liveness: { real: 0.04, passed: false, threshold: 0.2 },
    });
    expect(res.json()).toMatchObject({ counted: false });
    const kinds = (await s.events()).map((e) => e.kind);
    expect(kinds).toContain('liveness_failed');
    expect(kinds).not.toContain('face_mismatch');
    const ev = (await s.events()).find((e) => e.kind === 'liveness_failed')!;
    expect(ev.frameKey).toBeTruthy();
    expect(ev.detail).toMatch(/live check/i);
  });
});
