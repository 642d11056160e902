/**
 * Proctoring as a test setting and the server-clock gaps (issue 17). The face engine is replaced by a small
 * controllable client here: these tests are about what the server records when frames stop or the face
 * service fails, not about recognition (face.api.test.ts runs the real engine).
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCodingTest, createSignedInUser, type SignedInUser } from '../../../test/factories';
import { multipart, photo } from '../../../test/fixtures/face';
import { useSignedIn, useTestApp } from '../../../test/support';
import { attempts, proctoringEvents, tests } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { FaceClient } from './face-client';
import {
  CHALLENGE_FLOOR_GAP_MS,
  CHALLENGE_MAX_GAP_MS,
  CHALLENGE_MIN_GAP_MS,
  CHALLENGE_TTL_MS,
  CLEAN_BEFORE_SPACING,
  challengeOnHeartbeat,
  FLAG_RECHECK_MAX_MS,
  firstGap,
  gapBounds,
} from './proctoring.challenge';
import { CAMERA_LOST_AFTER_MS, sweepProctoring } from './proctoring.track';

/** A face client that answers like the engine for one face, or fails like a down/overloaded service. */
function controllableFace() {
  // down: the service fails and its health says so (an outage the server sees); busy: the queue is full;
  // flaky: calls fail as unavailable while the health says ready (nothing the server can confirm).
  // hold: while set, a verify waits in the engine until it resolves; held counts the verifies waiting there.
  const state = {
    down: false,
    busy: false,
    flaky: false,
    calls: 0,
    verifies: 0,
    hold: null as Promise<void> | null,
    held: 0,
  };
  const fail = () => {
    state.calls++;
    if (state.down || state.flaky)
      throw new AppError('FACE_UNAVAILABLE', 'The face service is not reachable. Please try again.');
    if (state.busy) throw new AppError('FACE_BUSY', 'The face engine is busy. Please try again in a moment.');
  };
  const client: FaceClient = {
    kind: 'in-process',
    async enroll() {
      fail();
      return {
        ok: true,
        descriptor: { values: Array.from({ length: 128 }, (_, i) => i / 128), model: 'face-api/face_recognition_128' },
        face: { x: 10, y: 10, width: 100, height: 100, score: 0.9 },
      };
    },
    async detect() {
      fail();
      return { faceCount: 1, phone: false, phoneScore: null };
    },
    async verify() {
      fail();
      if (state.hold) {
        state.held++;
        await state.hold.finally(() => state.held--);
      }
      return {
        status: 'matched',
        distance: 0.2,
        faceCount: 1,
        annotatedJpeg: photo('obama_02.jpg'),
        guidance: null,
        liveness: { real: 0.7, passed: true, threshold: 0.2 },
        // The head turns one way and the other on alternate frames, so two live frames complete the sequence.
        yaw: state.verifies++ % 2 ? 0.2 : -0.2,
      };
    },
    health: () => ({ state: state.down ? 'error' : 'ready', backend: 'stub', models: [] }),
    close: async () => {},
  };
  /** From now on every verify waits in the engine until the returned release() is called. */
  const hold = () => {
    let release!: () => void;
    state.hold = new Promise<void>((r) => {
      release = r;
    });
    return release;
  };
  return { client, state, hold };
}

const face = controllableFace();
const t = useTestApp({ face: face.client });
const employer = useSignedIn(t, { role: 'employer' });

/** The entry step: the enrolment photo, then (when it is taken) the two frames of the live sequence. */
const enrol = async (testId: string, who: SignedInUser) => {
  const res = await t.as(who).postForm(`/api/proctoring/${testId}/enroll`, multipart({}, photo('obama_01.jpg')));
  if (res.statusCode === 200)
    for (let i = 0; i < 2; i++)
      await t.as(who).postForm(`/api/proctoring/${testId}/live`, multipart({}, photo('obama_01.jpg')));
  return res;
};
const eventsOf = (attemptId: string) =>
  t.deps.db.select().from(proctoringEvents).where(eq(proctoringEvents.attemptId, attemptId));
const attemptRow = async (id: string) => (await t.deps.db.select().from(attempts).where(eq(attempts.id, id)))[0]!;

describe('proctoring is a per-test setting', () => {
  it('coding tests default to on, aptitude to off; the employer can switch it and reads it back', async () => {
    const create = (testType: string) =>
      t.as(employer).post('/api/tests/create', { testName: `T ${testType}`, testType });
    const coding = await create('CODING');
    expect(coding.statusCode).toBe(201);
    expect(coding.json().proctoring).toBe(true);
    const aptitude = await create('APTITUDE');
    expect(aptitude.json().proctoring).toBe(false);
    const off = await t.as(employer).put(`/api/tests/${coding.json().id}`, { proctoring: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().proctoring).toBe(false);
    const bad = await t.as(employer).put(`/api/tests/${coding.json().id}`, { proctoring: 'maybe' });
    expect(bad.statusCode).toBe(400);
  });

  it('off: the candidate starts with no camera step and the sitting is not proctored', async () => {
    const { test } = await buildCodingTest(t.deps.db, { employer });
    await t.deps.db.update(tests).set({ proctoring: false }).where(eq(tests.id, test.id));
    const candidate = await createSignedInUser(t.app, { role: 'candidate' });
    const take = await t.as(candidate).request('GET', `/api/attempts/take/${test.id}`);
    expect(take.json().proctoring).toMatchObject({ required: false, enrolled: false, active: false });
    const start = await t.as(candidate).request('POST', `/api/attempts/${test.id}/start`);
    expect(start.statusCode).toBe(200);
    expect((await attemptRow(start.json().attempt.id)).proctored).toBe(false);
    const enrolRes = await enrol(test.id, candidate);
    expect(enrolRes.statusCode).toBe(409);
    expect(enrolRes.json().code).toBe('PROCTORING_OFF');
    // Never "camera lost" for a sitting without a camera.
    t.clock.advance(CAMERA_LOST_AFTER_MS * 3);
    await sweepProctoring(t.deps);
    expect(await eventsOf(start.json().attempt.id)).toHaveLength(0);
    t.clock.advance(-CAMERA_LOST_AFTER_MS * 3);
  });

  it('a server without a face engine (FACE_ENGINE=off) starts proctored tests without a camera step', async () => {
    const real = t.deps.face;
    t.deps.face = undefined;
    try {
      const { test } = await buildCodingTest(t.deps.db, { employer });
      const candidate = await createSignedInUser(t.app, { role: 'candidate' });
      const start = await t.as(candidate).request('POST', `/api/attempts/${test.id}/start`);
      expect(start.statusCode).toBe(200);
      expect(start.json().proctoring.active).toBe(false);
    } finally {
      t.deps.face = real;
    }
  });
});

describe('gaps from the server clock', () => {
  // Durations in the events are whole seconds of the server clock: real time must not add one on a busy machine.
  beforeEach(() => t.clock.freeze());
  afterEach(() => t.clock.unfreeze());
  it('frames that stop arriving become a "camera lost for N s" event', async () => {
    const { test } = await buildCodingTest(t.deps.db, { employer });
    const candidate = await createSignedInUser(t.app, { role: 'candidate' });
    expect((await enrol(test.id, candidate)).statusCode).toBe(200);
    const start = await t.as(candidate).request('POST', `/api/attempts/${test.id}/start`);
    const attemptId: string = start.json().attempt.id;
    expect((await t.as(candidate).request('POST', `/api/proctoring/${test.id}/heartbeat`)).statusCode).toBe(200);

    t.clock.advance(CAMERA_LOST_AFTER_MS - 5_000);
    await sweepProctoring(t.deps);
    expect(await eventsOf(attemptId)).toHaveLength(0); // quiet, but not yet long enough

    t.clock.advance(20_000); // 45 s without frames
    await sweepProctoring(t.deps);
    await sweepProctoring(t.deps); // a second pass does not duplicate it
    let lost = await eventsOf(attemptId);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toMatchObject({ kind: 'camera_lost' });
    expect(lost[0]!.detail).toMatch(/no frames for 45 s/);

    t.clock.advance(15_000); // frames come back after 60 s
    await t.as(candidate).request('POST', `/api/proctoring/${test.id}/heartbeat`);
    lost = await eventsOf(attemptId);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.detail).toMatch(/^Camera lost for 60 s/);
    expect((await attemptRow(attemptId)).cameraLostEventId).toBeNull();
  });

  it('a camera that never comes back is closed at the end of the test', async () => {
    const { test } = await buildCodingTest(t.deps.db, { employer });
    const candidate = await createSignedInUser(t.app, { role: 'candidate' });
    await enrol(test.id, candidate);
    const attemptId: string = (await t.as(candidate).request('POST', `/api/attempts/${test.id}/start`)).json().attempt
      .id;
    t.clock.advance(40_000);
    await sweepProctoring(t.deps);
    t.clock.advance(20_000);
    expect((await t.as(candidate).request('POST', `/api/attempts/${test.id}/end`)).statusCode).toBe(200);
    await sweepProctoring(t.deps);
    const [lost] = await eventsOf(attemptId);
    expect(lost!.detail).toMatch(/^Camera lost for 60 s \(until the test ended\)/);
    t.clock.advance(-60_000);
  });

  it('a face-service outage at enrolment never locks the candidate out; the gap is recorded', async () => {
    const { test } = await buildCodingTest(t.deps.db, { employer });
    const candidate = await createSignedInUser(t.app, { role: 'candidate' });
    face.state.down = true;
    try {
      const refused = await enrol(test.id, candidate);
      expect(refused.statusCode).toBe(503);
      expect(refused.json().code).toBe('FACE_UNAVAILABLE');
      const start = await t.as(candidate).request('POST', `/api/attempts/${test.id}/start`);
      expect(start.statusCode).toBe(200); // the attempt proceeds
      expect(start.json().proctoring).toMatchObject({ active: true, enrolled: false });
      const attemptId: string = start.json().attempt.id;
      t.clock.advance(30_000);
      expect((await enrol(test.id, candidate)).statusCode).toBe(503); // the page retries
      face.state.down = false;
      t.clock.advance(12_000);
      const late = await enrol(test.id, candidate); // first success: becomes the reference
      expect(late.statusCode).toBe(200);
      const gap = (await eventsOf(attemptId)).filter((e) => e.kind === 'proctoring_unavailable');
      expect(gap).toHaveLength(1);
      expect(gap[0]!.detail).toMatch(/^Proctoring unavailable for 42 s/);
      expect((await enrol(test.id, candidate)).statusCode).toBe(409); // now it is the reference
    } finally {
      face.state.down = false;
      t.clock.advance(-42_000);
    }
  });

  // Issue 23, from the attacker's side: a candidate who fills the face queue (with their own or other accounts)
  // so that their enrolment fails must not start under the outage grace without a reference face.
  it('a self-inflicted outage (a busy queue, a failure the health does not confirm) gives no grace', async () => {
    const { test } = await buildCodingTest(t.deps.db, { employer });
    const candidate = await createSignedInUser(t.app, { role: 'candidate' });
    for (const mode of ['busy', 'flaky'] as const) {
      face.state[mode] = true;
      try {
        const refused = await enrol(test.id, candidate);
        expect(refused.statusCode, mode).toBe(503);
        expect(refused.json().code, mode).toBe(mode === 'busy' ? 'FACE_BUSY' : 'FACE_UNAVAILABLE');
        const start = await t.as(candidate).request('POST', `/api/attempts/${test.id}/start`);
        expect(start.statusCode, mode).toBe(428);
        expect(start.json().code, mode).toBe('FACE_ENROLMENT_REQUIRED');
      } finally {
        face.state[mode] = false;
      }
    }
    // Once the engine answers, the candidate enrols and starts as anyone does.
    expect((await enrol(test.id, candidate)).statusCode).toBe(200);
    const start = await t.as(candidate).request('POST', `/api/attempts/${test.id}/start`);
    expect(start.statusCode).toBe(200);
    expect(start.json().proctoring).toMatchObject({ active: true, enrolled: true });
  });

  it('a face-service failure during the test is recorded when checks work again', async () => {
    const { test } = await buildCodingTest(t.deps.db, { employer });
    const candidate = await createSignedInUser(t.app, { role: 'candidate' });
    await enrol(test.id, candidate);
    const attemptId: string = (await t.as(candidate).request('POST', `/api/attempts/${test.id}/start`)).json().attempt
      .id;
    const verify = () => {
      const body = multipart({}, photo('obama_02.jpg'));
      return t.as(candidate).post(`/api/proctoring/${test.id}/verify`, body.payload, { ...body.headers });
    };
    face.state.down = true;
    expect((await verify()).statusCode).toBe(503);
    t.clock.advance(25_000);
    expect((await verify()).statusCode).toBe(503);
    face.state.down = false;
    expect((await verify()).statusCode).toBe(200);
    const gap = (await eventsOf(attemptId)).filter((e) => e.kind === 'proctoring_unavailable');
    expect(gap).toHaveLength(1);
    expect(gap[0]!.detail).toMatch(/^Proctoring unavailable for 25 s/);
    expect((await attemptRow(attemptId)).faceUnavailableSince).toBeNull();
    t.clock.advance(-25_000);
    const rows = await t.deps.db
      .select()
      .from(attempts)
      .where(and(eq(attempts.id, attemptId), eq(attempts.proctored, true)));
    expect(rows).toHaveLength(1);
  });
});

describe('server spot checks (challenges) and per-candidate frame limits', () => {
  const verifyWith = (
    testId: string,
    cookie: string,
    fields: Record<string, string>,
    image = photo('obama_02.jpg'),
  ) => {
    const body = multipart(fields, image);
    return t.as({ cookie: cookie }).post(`/api/proctoring/${testId}/verify`, body.payload, { ...body.headers });
  };

  it('issues the first challenge within two minutes of the start; an answered one is fine, a missed one is flagged', async () => {
    const { test } = await buildCodingTest(t.deps.db, { employer });
    const candidate = await createSignedInUser(t.app, { role: 'candidate' });
    await enrol(test.id, candidate);
    const attemptId: string = (await t.as(candidate).request('POST', `/api/attempts/${test.id}/start`)).json().attempt
      .id;
    const beat = async () => (await t.as(candidate).request('POST', `/api/proctoring/${test.id}/heartbeat`)).json();
    expect((await beat()).challenge).toBeNull(); // the first one is due at a random time later
    let challenge: { id: string; expiresInMs: number } | null = null;
    let waited = 0;
    while (!challenge && waited <= CHALLENGE_FLOOR_GAP_MS + 10_000) {
      t.clock.advance(10_000); // heartbeats every 10 s
      waited += 10_000;
      challenge = (await beat()).challenge;
    }
    expect(challenge).not.toBeNull();
    expect(waited).toBeLessThanOrEqual(CHALLENGE_FLOOR_GAP_MS + 10_000);
    expect(challenge!.expiresInMs).toBe(CHALLENGE_TTL_MS);
    expect((await beat()).challenge?.id).toBe(challenge!.id); // a repeated heartbeat sees the same open challenge
    // The face service is busy when the answer comes (a whole drive's checks at once): 503, and the challenge stays
    // open, so the heartbeat hands it back and the next answer counts (the candidate is not flagged for the load).
    face.state.busy = true;
    const refused = await verifyWith(test.id, candidate.cookie, { challengeId: challenge!.id });
    face.state.busy = false;
    expect(refused.statusCode).toBe(503);
    t.clock.advance(5_000);
    expect((await beat()).challenge?.id).toBe(challenge!.id);
    const answered = await verifyWith(test.id, candidate.cookie, { challengeId: challenge!.id });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().challenge).toBe('answered');
    await sweepProctoring(t.deps);
    expect((await eventsOf(attemptId)).filter((e) => e.kind === 'challenge_missed')).toHaveLength(0);

    // The next one is not answered in time.
    let next: { id: string } | null = null;
    for (let i = 0; i < 8 && !next; i++) {
      t.clock.advance(10_000);
      next = (await beat()).challenge;
    }
    expect(next).not.toBeNull();
    expect(next!.id).not.toBe(challenge!.id);
    t.clock.advance(CHALLENGE_TTL_MS + 1_000);
    const late = await verifyWith(test.id, candidate.cookie, { challengeId: next!.id });
    expect(late.json().challenge).toBe('late');
    await sweepProctoring(t.deps);
    const missed = (await eventsOf(attemptId)).filter((e) => e.kind === 'challenge_missed');
    expect(missed).toHaveLength(1);
    expect(missed[0]!.detail).toMatch(/Spot check not answered/);
  });

  it('spaces the checks out for a clean sitting, never past the floor, and checks again soon after a device flag', async () => {
    const { test } = await buildCodingTest(t.deps.db, { employer });
    const candidate = await createSignedInUser(t.app, { role: 'candidate' });
    await enrol(test.id, candidate);
    const attemptId: string = (await t.as(candidate).request('POST', `/api/attempts/${test.id}/start`)).json().attempt
      .id;
    // The heartbeat's challenge step itself (the route's 30-a-minute limit counts real time, not the test clock)
    const beat = async () => {
      const [row] = await t.deps.db.select().from(attempts).where(eq(attempts.id, attemptId));
      return { challenge: await challengeOnHeartbeat(t.deps, row!) };
    };
    await beat();
    /** Heartbeats every 10 s until a challenge comes; answers it with a clean frame; the time it took. */
    const nextCheck = async () => {
      for (let waited = 10_000; waited <= CHALLENGE_FLOOR_GAP_MS + 20_000; waited += 10_000) {
        t.clock.advance(10_000);
        const { challenge } = await beat();
        if (!challenge) continue;
        const answered = await verifyWith(test.id, candidate.cookie, { challengeId: challenge.id });
        expect(answered.json().challenge).toBe('answered');
        return waited;
      }
      throw new Error(`no spot check within the floor after ${gaps.join(',')}`);
    };
    const gaps: number[] = [];
    for (let i = 0; i < 9; i++) gaps.push(await nextCheck());
    // The first within two minutes of the start; then about once a minute; after a run of clean checks, about
    // every two minutes, never longer.
    expect(gaps[0]).toBeLessThanOrEqual(CHALLENGE_FLOOR_GAP_MS + 10_000);
    for (const g of gaps.slice(1, CLEAN_BEFORE_SPACING + 1)) expect(g).toBeLessThanOrEqual(60_000);
    for (const g of gaps.slice(-3)) expect(g).toBeGreaterThan(60_000);
    for (const g of gaps) expect(g).toBeLessThanOrEqual(CHALLENGE_FLOOR_GAP_MS + 10_000);
    expect(gapBounds(50)).toEqual({ min: CHALLENGE_FLOOR_GAP_MS - 20_000, max: CHALLENGE_FLOOR_GAP_MS });
    // A drive's first checks are spread over 30–120 s after the start, not bunched in 30–50 s (issue 28).
    const firsts = Array.from({ length: 300 }, () => firstGap());
    expect(Math.min(...firsts)).toBeGreaterThanOrEqual(CHALLENGE_MIN_GAP_MS);
    expect(Math.max(...firsts)).toBeLessThanOrEqual(CHALLENGE_FLOOR_GAP_MS);
    expect(firsts.filter((g) => g > CHALLENGE_MAX_GAP_MS).length).toBeGreaterThan(150);

    // The device flags a frame: the next check comes within seconds, and the run of clean checks starts again.
    const body = multipart({}, photo('obama_02.jpg'));
    const flagged = await t.as(candidate).post(`/api/proctoring/${test.id}/detect`, body.payload, { ...body.headers });
    expect(flagged.statusCode, flagged.body).toBe(204); // the server reads one face: no event, but a sooner check
    expect(await nextCheck()).toBeLessThanOrEqual(FLAG_RECHECK_MAX_MS + 10_000);
    expect(await nextCheck()).toBeLessThanOrEqual(60_000);
  });

  it('refuses oversized frames from the header, before any inference, and one frame at a time per candidate', async () => {
    const { test } = await buildCodingTest(t.deps.db, { employer });
    const candidate = await createSignedInUser(t.app, { role: 'candidate' });
    await enrol(test.id, candidate);
    await t.as(candidate).request('POST', `/api/attempts/${test.id}/start`);
    // A PNG header claiming 4000×4000 pixels (tiny upload, huge decode): refused without decoding.
    const header = Buffer.alloc(64);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
    header.writeUInt32BE(13, 8);
    header.write('IHDR', 12, 'ascii');
    header.writeUInt32BE(4000, 16);
    header.writeUInt32BE(4000, 20);
    const calls = face.state.calls;
    const big = await verifyWith(test.id, candidate.cookie, {}, header);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/4000×4000/);
    const heavy = await verifyWith(
      test.id,
      candidate.cookie,
      {},
      Buffer.concat([photo('obama_02.jpg'), Buffer.alloc(1024 * 1024)]),
    );
    expect(heavy.statusCode).toBe(413);
    expect(face.state.calls).toBe(calls); // the face engine never saw them

    // The engine holds every verify until released, so the three frames overlap however slowly the machine
    // brings each to the engine: the first to arrive waits there, and the limit must answer the other two.
    let release = face.hold();
    try {
      let answered = 0;
      const pending = [1, 2, 3].map(() => verifyWith(test.id, candidate.cookie, {}).finally(() => answered++));
      await vi.waitFor(() => expect(answered + face.state.held).toBe(3), { timeout: 60_000, interval: 20 });
      expect(face.state.held).toBe(1);
      release();
      const codes = (await Promise.all(pending)).map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 429, 429]);
      // Another candidate is not held up by this one's limit: both frames reach the engine at once.
      const other = await createSignedInUser(t.app, { role: 'candidate' });
      await enrol(test.id, other);
      expect((await t.as(other).request('POST', `/api/attempts/${test.id}/start`)).statusCode).toBe(200);
      release = face.hold();
      const both = [verifyWith(test.id, candidate.cookie, {}), verifyWith(test.id, other.cookie, {})] as const;
      await vi.waitFor(() => expect(face.state.held).toBe(2), { timeout: 60_000, interval: 20 });
      release();
      const [mine, theirs] = await Promise.all(both);
      expect([mine.statusCode, theirs.statusCode]).toEqual([200, 200]);
    } finally {
      face.state.hold = null;
      release();
    }
  });
});
