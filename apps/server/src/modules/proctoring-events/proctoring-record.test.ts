/**
 * Issue 17: the candidate's own proctoring record after the test (rule per event, a response the reviewer
 * sees), the reviewer's rule/threshold/score per flag, and frame retention with the server's purge.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { buildCodingTest, createSignedInUser, type SignedInUser } from '../../../test/factories';
import { companyRetention, proctoringEvents, tests, users } from '../../db/schema';
import { startAttempt } from '../attempts/attempts.service';
import { recordProctoringEvent } from './proctoring-events.service';
import { purgeExpiredFrames } from './retention';

let t: TestApp;
let employer: SignedInUser;
let candidate: SignedInUser;
let testId: string;
let attemptId: string;
let frameKey: string;

beforeAll(async () => {
  t = await buildTestApp(); // no face engine: events are recorded directly, as the face module does
  employer = await createSignedInUser(t.app, { role: 'employer' });
  candidate = await createSignedInUser(t.app, { role: 'candidate' });
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
afterAll(async () => {
  await t?.close();
});

const req = (method: 'GET' | 'PUT', url: string, cookie: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('the candidate sees their own record after the test', () => {
  it('is not shown while the test runs', async () => {
    const res = await req('GET', `/api/attempts/${testId}/proctoring-record`, candidate.cookie);
    expect(res.statusCode).toBe(409);
  });

  it('shows each event with its rule once the test has ended, and takes a short response', async () => {
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/attempts/${testId}/end`,
          headers: { cookie: candidate.cookie },
        })
      ).statusCode,
    ).toBe(200);
    const res = await req('GET', `/api/attempts/${testId}/proctoring-record`, candidate.cookie);
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

    const tooLong = await req(
      'PUT',
      `/api/attempts/${testId}/proctoring-events/${event.id}/response`,
      candidate.cookie,
      {
        response: 'x'.repeat(501),
      },
    );
    expect(tooLong.statusCode).toBe(400);
    const ok = await req('PUT', `/api/attempts/${testId}/proctoring-events/${event.id}/response`, candidate.cookie, {
      response: 'My brother walked behind me for a second.',
    });
    expect(ok.statusCode).toBe(200);

    // Another candidate cannot answer it (nor read it).
    const other = await createSignedInUser(t.app, { role: 'candidate' });
    const theirs = await req('PUT', `/api/attempts/${testId}/proctoring-events/${event.id}/response`, other.cookie, {
      response: 'not mine',
    });
    expect(theirs.statusCode).toBe(409); // they have no attempt of this test
    const [row] = await t.deps.db.select().from(proctoringEvents).where(eq(proctoringEvents.id, event.id));
    expect(row!.response).toBe('My brother walked behind me for a second.');
  });

  it('the reviewer sees rule, threshold, score, frame and the response', async () => {
    const res = await req('GET', `/api/review/attempts/${attemptId}/report`, employer.cookie);
    expect(res.statusCode).toBe(200);
    const [event] = res.json().events;
    expect(event).toMatchObject({ threshold: 0.6, score: 0.71, response: 'My brother walked behind me for a second.' });
    expect(event.rule).toMatch(/distance/);
    expect(event.frameUrl).toBeTruthy();
  });
});

describe('frame retention', () => {
  it('keeps frames for the company period (default 90 days) and purges them after it', async () => {
    const get = await req('GET', '/api/proctoring/retention', employer.cookie);
    expect(get.json()).toEqual({ days: 90 });
    expect((await req('GET', '/api/proctoring/retention', candidate.cookie)).statusCode).toBe(403);

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

  it('follows the frames retention the company set under Settings (here 200 days)', async () => {
    await t.deps.db.insert(companyRetention).values({ companyId: employer.companyId!, framesDays: 200 });
    expect((await req('GET', '/api/proctoring/retention', employer.cookie)).json()).toEqual({ days: 200 });
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
