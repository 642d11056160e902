/**
 * Issue 17: the candidate's own proctoring record after the test (rule per event, a response the reviewer
 * sees), the reviewer's rule/threshold/score per flag, and frame retention with the server's purge.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCodingTest, createSignedInUser } from '../../../test/factories';
import { useSignedIn, useTestApp } from '../../../test/support';
import { companyRetention, faceEnrollments, proctoringEvents, tests, users } from '../../db/schema';
import { startAttempt } from '../attempts/attempts.service';
import { purgeExpired, purgeExpiredFrames } from '../erasure/retention.service';
import { recordProctoringEvent } from './proctoring-events.service';

const t = useTestApp(); // no face engine: events are recorded directly, as the face module does
const employer = useSignedIn(t, { role: 'employer' });
const candidate = useSignedIn(t, { role: 'candidate' });
let testId: string;
let attemptId: string;
let frameKey: string;

beforeAll(async () => {
  const { test } = await buildCodingTest(t.deps.db, { employer });
  await t.deps.db.update(tests).set({ companyId: employer.companyId }).where(eq(tests.id, test.id));
  testId = test.id;
  const [cand] = await t.deps.db.select().from(users).where(eq(users.id, candidate.id));
  attemptId = (await startAttempt(t.deps, cand!, testId)).id;
  frameKey = await t.deps.blobs.put('proctoring-frames', Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg');
  await recordProctoringEvent(
    t.deps,
    attemptId,
    'face_mismatch',
    'Spot check: the face does not match',
    frameKey,
    undefined,
    {
      threshold: 0.6,
      score: 0.71,
    },
  );
});

describe('the candidate sees their own record after the test', () => {
  it('is not shown while the test runs', async () => {
    const res = await t.as(candidate).request('GET', `/api/attempts/${testId}/proctoring-record`);
    expect(res.statusCode).toBe(409);
  });

  it('shows each event with its rule once the test has ended, and takes a short response', async () => {
    expect((await t.as(candidate).post(`/api/attempts/${testId}/end`)).statusCode).toBe(200);
    const res = await t.as(candidate).request('GET', `/api/attempts/${testId}/proctoring-record`);
    expect(res.statusCode).toBe(200);
    const [event] = res.json().events;
    expect(event).toMatchObject({
      kind: 'face_mismatch',
      threshold: 0.6,
      score: 0.71,
      response: null,
      frameKept: true,
    });
    expect(event.rule).toMatch(/compared with the enrolment photo/);
    expect(JSON.stringify(res.json())).not.toContain(frameKey); // no storage keys leak

    const tooLong = await t
      .as(candidate)
      .request('PUT', `/api/attempts/${testId}/proctoring-events/${event.id}/response`, {
        response: 'x'.repeat(501),
      });
    expect(tooLong.statusCode).toBe(400);
    const ok = await t.as(candidate).request('PUT', `/api/attempts/${testId}/proctoring-events/${event.id}/response`, {
      response: 'My brother walked behind me for a second.',
    });
    expect(ok.statusCode).toBe(200);

    // Another candidate cannot answer it (nor read it).
    const other = await createSignedInUser(t.app, { role: 'candidate' });
    const theirs = await t.as(other).request('PUT', `/api/attempts/${testId}/proctoring-events/${event.id}/response`, {
      response: 'not mine',
    });
    expect(theirs.statusCode).toBe(409); // they have no attempt of this test
    const [row] = await t.deps.db.select().from(proctoringEvents).where(eq(proctoringEvents.id, event.id));
    expect(row!.response).toBe('My brother walked behind me for a second.');
  });

  it('the reviewer sees rule, threshold, score, frame and the response', async () => {
    const res = await t.as(employer).request('GET', `/api/review/attempts/${attemptId}/report`);
    expect(res.statusCode).toBe(200);
    const [event] = res.json().events;
    expect(event).toMatchObject({ threshold: 0.6, score: 0.71, response: 'My brother walked behind me for a second.' });
    expect(event.rule).toMatch(/distance/);
    expect(event.frameUrl).toBeTruthy();
  });
});

describe('frame retention', () => {
  it('keeps frames for the company period (default 90 days) and purges them after it', async () => {
    const get = await t.as(employer).request('GET', '/api/proctoring/retention');
    expect(get.json()).toEqual({ days: 90 });
    expect((await t.as(candidate).request('GET', '/api/proctoring/retention')).statusCode).toBe(403);

    t.clock.advance(89 * 86_400_000);
    expect(await purgeExpiredFrames(t.deps)).toBe(0);
    t.clock.advance(2 * 86_400_000); // day 91
    expect(await purgeExpiredFrames(t.deps)).toBeGreaterThanOrEqual(1);
    const [row] = await t.deps.db.select().from(proctoringEvents).where(eq(proctoringEvents.attemptId, attemptId));
    expect(row!.frameKey).toBeNull();
    expect(row!.framePurgedAt).not.toBeNull();
    expect(await t.deps.blobs.get(frameKey)).toBeNull();
    t.clock.advance(-91 * 86_400_000);
  });

  // Issue 23: one purge, one clock. Frames go 90 days (the company set nothing) after the test closed, not after
  // they were taken, and the daily purge (purgeExpired) is the only one; an empty setting never means forever.
  it('counts from when the test closed, with one purge, and reads an empty setting as 90 days', async () => {
    const other = await createSignedInUser(t.app, { role: 'employer' });
    const taker = await createSignedInUser(t.app);
    const { test } = await buildCodingTest(t.deps.db, { employer: other });
    const closes = new Date(t.clock.now().getTime() + 100 * 86_400_000);
    await t.deps.db.update(tests).set({ companyId: other.companyId, endTime: closes }).where(eq(tests.id, test.id));
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, taker.id));
    const attempt = await startAttempt(t.deps, row!, test.id);
    const key = await t.deps.blobs.put('proctoring-frames', Buffer.from([0xff, 0xd8, 0xff]), 'image/jpeg');
    await recordProctoringEvent(t.deps, attempt.id, 'phone', 'phone', key);
    const photo = await t.deps.blobs.put('face-enrolments', Buffer.from([0xff, 0xd8, 0xff]), 'image/jpeg');
    await t.deps.db.insert(faceEnrollments).values({
      userId: taker.id,
      testId: test.id,
      attemptId: attempt.id,
      descriptor: [0.1],
      model: 'test',
      frameKey: photo,
    });
    try {
      t.clock.advance(150 * 86_400_000); // 150 days after the frame, 50 after the close
      await purgeExpired(t.deps);
      expect(await t.deps.blobs.get(key)).not.toBeNull();
      expect(await t.deps.blobs.get(photo)).not.toBeNull();
      t.clock.advance(41 * 86_400_000); // 91 days after the close
      await purgeExpired(t.deps);
      expect(await t.deps.blobs.get(key)).toBeNull();
      expect(await t.deps.blobs.get(photo)).toBeNull();
      const [event] = await t.deps.db.select().from(proctoringEvents).where(eq(proctoringEvents.attemptId, attempt.id));
      expect(event!.framePurgedAt).not.toBeNull();
    } finally {
      t.clock.advance(-191 * 86_400_000);
    }
  });

  it('follows the frames retention the company set under Settings (here 200 days)', async () => {
    await t.deps.db.insert(companyRetention).values({ companyId: employer.companyId!, framesDays: 200 });
    expect((await t.as(employer).request('GET', '/api/proctoring/retention')).json()).toEqual({ days: 200 });
    const key = await t.deps.blobs.put('proctoring-frames', Buffer.from([0xff, 0xd8, 0xff]), 'image/jpeg');
    await recordProctoringEvent(t.deps, attemptId, 'phone', 'phone', key);
    t.clock.advance(120 * 86_400_000);
    await purgeExpiredFrames(t.deps);
    expect(await t.deps.blobs.get(key)).not.toBeNull();
    t.clock.advance(90 * 86_400_000); // day 210
    await purgeExpiredFrames(t.deps);
    expect(await t.deps.blobs.get(key)).toBeNull();
    t.clock.advance(-210 * 86_400_000);
  });
});
