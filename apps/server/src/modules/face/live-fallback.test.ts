/**
 * Issue 41, no dead end at the camera: a candidate whose live check does not pass (a still camera, a head that
 * cannot turn) starts with `liveFallback`; the server still needs the enrolment photo, and the attempt carries a
 * live_unconfirmed event with a copy of that photo. A member of the company confirms or rejects the identity on
 * the report: PUT /api/review/attempts/{attemptId}/identity (policy review.identity, tenancy, audited).
 * The REAL face engine enrols one photo and checks one phone frame (issue 41: the phone check is the server's).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createFaceEngine, type FaceEngine } from '@assessly/face';
import { toWebcamFrame } from '@assessly/face/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCodingTest, createSignedInUser, type SignedInUser } from '../../../test/factories';
import { FIXTURES_DIR, multipart, photo, sharingResults } from '../../../test/fixtures/face';
import { useSignedIn, useTeam, useTestApp } from '../../../test/support';
import { attempts, auditLog, faceEnrollments, proctoringEvents, tests } from '../../db/schema';
import { createInProcessFaceClient } from './face-client.in-process';

let engine: FaceEngine;
beforeAll(async () => {
  engine = await createFaceEngine();
});
afterAll(async () => {
  await engine?.close();
});
const t = useTestApp(() => ({ face: createInProcessFaceClient({ engine: sharingResults(engine) }) }));
const team = useTeam(t);
const taker = useSignedIn(t, { role: 'candidate' });

let testId: string;
let attemptId: string;
beforeAll(async () => {
  testId = (await buildCodingTest(t.deps.db, { employer: team.owner })).test.id;
});

const start = (who: SignedInUser, body?: unknown) => t.as(who).post(`/api/attempts/${testId}/start`, body);
const attemptsOf = (userId: string) => t.deps.db.select().from(attempts).where(eq(attempts.userId, userId));
const identity = (who: SignedInUser | null, body: unknown, id = attemptId) =>
  t.as(who).put(`/api/review/attempts/${id}/identity`, body);
const auditRows = () => t.deps.db.select().from(auditLog).where(eq(auditLog.targetId, attemptId));

describe('starting without the live check (issue 41)', () => {
  it('never skips the enrolment photo: a fallback without one is refused, no attempt', async () => {
    const res = await start(taker, { liveFallback: 'request' });
    expect(res.statusCode).toBe(428);
    expect(res.json().code).toBe('FACE_ENROLMENT_REQUIRED');
    expect(await attemptsOf(taker.id)).toHaveLength(0);
  });

  it('refuses a malformed fallback with 400 and still asks for the live check without one', async () => {
    const enrol = await t.as(taker).postForm(`/api/proctoring/${testId}/enroll`, multipart({}, photo('obama_01.jpg')));
    expect(enrol.statusCode).toBe(200);
    const bogus = await start(taker, { liveFallback: 'bored' });
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().message).toMatch(/timeout or request/);
    const extra = await start(taker, { liveFallback: 'request', skipEnrolment: true });
    expect(extra.statusCode).toBe(400);
    const plain = await start(taker);
    expect(plain.statusCode).toBe(428);
    expect(plain.json().code).toBe('FACE_LIVENESS_REQUIRED');
    expect(await attemptsOf(taker.id)).toHaveLength(0);
  });

  it('starts with the fallback: proctored, bound to the enrolment, one live_unconfirmed event with the photo', async () => {
    const res = await start(taker, { liveFallback: 'request', stillCamera: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().proctoring).toMatchObject({ required: true, enrolled: true, live: false, active: true });
    attemptId = res.json().attempt.id;
    const [row] = await attemptsOf(taker.id);
    expect(row!.proctored).toBe(true);
    const [ref] = await t.deps.db
      .select()
      .from(faceEnrollments)
      .where(and(eq(faceEnrollments.userId, taker.id), eq(faceEnrollments.testId, testId)));
    expect(ref!.attemptId).toBe(attemptId);
    const events = await t.deps.db.select().from(proctoringEvents).where(eq(proctoringEvents.attemptId, attemptId));
    expect(events.map((e) => e.kind)).toEqual(['live_unconfirmed']);
    const [event] = events;
    expect(event!.detail).toMatch(/^Live check not completed: identity to be confirmed by a reviewer/);
    expect(event!.detail).toContain('cannot do the head turn');
    expect(event!.detail).toContain('still picture');
    // a copy of the enrolment photo: the frames retention may purge it without touching the reference
    expect(event!.frameKey).not.toBe(ref!.frameKey);
    expect((await t.deps.blobs.get(event!.frameKey!))?.data.equals(photo('obama_01.jpg'))).toBe(true);
    // a second start answers the running attempt and records nothing more
    expect((await start(taker, { liveFallback: 'timeout' })).statusCode).toBe(200);
    expect(
      await t.deps.db.select().from(proctoringEvents).where(eq(proctoringEvents.attemptId, attemptId)),
    ).toHaveLength(1);
  });

  it('the spot check looks for a phone on the server (the page has no phone model): an event with the frame', async () => {
    // faces-dev's phone_4 (a man holding a phone to his ear), as the page sends a frame
    const frame = toWebcamFrame(readFileSync(path.join(FIXTURES_DIR, '..', 'faces-dev', 'phone_4.jpg')));
    const res = await t.as(taker).postForm(`/api/proctoring/${testId}/verify`, multipart({}, frame));
    expect(res.headers['x-face-phone-score']).toBeDefined();
    const [phone] = await t.deps.db
      .select()
      .from(proctoringEvents)
      .where(and(eq(proctoringEvents.attemptId, attemptId), eq(proctoringEvents.kind, 'phone')));
    expect(phone!.detail).toMatch(/^Verification: a phone in the frame \(the server's check, score 0\.\d\d\)$/);
    expect(phone!.score).toBeGreaterThanOrEqual(phone!.threshold!);
    expect((await t.deps.blobs.get(phone!.frameKey!))?.contentType).toBe('image/jpeg');
  });

  it('the report shows the event undecided with its rule and frame', async () => {
    const report = await t.as(team.reviewer).get(`/api/review/attempts/${attemptId}/report`);
    expect(report.statusCode).toBe(200);
    const event = report.json().events.find((e: { kind: string }) => e.kind === 'live_unconfirmed');
    expect(event).toMatchObject({ identity: null });
    expect(event.rule).toMatch(/reviewer compares the enrolment photo/);
    const frame = await t.as(team.reviewer).get(event.frameUrl);
    expect(frame.statusCode).toBe(200);
    expect(frame.rawPayload.equals(photo('obama_01.jpg'))).toBe(true);
  });
});

describe('PUT /api/review/attempts/{attemptId}/identity', () => {
  it('refuses no session (401), the candidate (403), another company (404) and bad input (400)', async () => {
    const rival = await createSignedInUser(t.app, { role: 'employer' });
    expect((await identity(null, { decision: 'confirmed' })).statusCode).toBe(401);
    expect((await identity(taker, { decision: 'confirmed' })).statusCode).toBe(403);
    expect((await identity(rival, { decision: 'confirmed' })).statusCode).toBe(404);
    const bad = await identity(team.owner, { decision: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Choose confirmed or rejected');
    const long = await identity(team.owner, { decision: 'confirmed', note: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(
      (await identity(team.owner, { decision: 'confirmed' }, '00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    const [event] = await t.deps.db.select().from(proctoringEvents).where(eq(proctoringEvents.attemptId, attemptId));
    expect(event!.identityDecision).toBeNull();
    expect(await auditRows()).toHaveLength(0);
  });

  it('a reviewer confirms: stored on the event, shown in the report, one audit row; the same again changes nothing', async () => {
    const res = await identity(team.reviewer, { decision: 'confirmed', note: ' Same person as in the spot checks. ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ attemptId, decision: 'confirmed', changed: true });
    const report = await t.as(team.owner).get(`/api/review/attempts/${attemptId}/report`);
    const event = report.json().events.find((e: { kind: string }) => e.kind === 'live_unconfirmed');
    expect(event.identity).toMatchObject({
      decision: 'confirmed',
      decidedBy: team.reviewer.email,
      note: 'Same person as in the spot checks.',
    });
    const rows = await auditRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'candidate.identity_confirmed',
      actorId: team.reviewer.id,
      targetType: 'attempt',
      companyId: team.owner.companyId,
    });
    expect(rows[0]!.detail).toMatchObject({ eventId: event.id, previous: null });
    const again = await identity(team.reviewer, { decision: 'confirmed', note: 'Same person as in the spot checks.' });
    expect(again.json()).toMatchObject({ changed: false });
    expect(await auditRows()).toHaveLength(1);
  });

  it('the owner rejects it later: the decision changes and the audit keeps both', async () => {
    const res = await identity(team.owner, { decision: 'rejected', note: 'Another person in the enrolment photo.' });
    expect(res.json()).toMatchObject({ decision: 'rejected', changed: true });
    const rows = (await auditRows()).map((r) => [r.action, (r.detail as { previous: string | null }).previous]);
    expect(rows.sort()).toEqual([
      ['candidate.identity_confirmed', null],
      ['candidate.identity_rejected', 'confirmed'],
    ]);
    const [event] = await t.deps.db.select().from(proctoringEvents).where(eq(proctoringEvents.attemptId, attemptId));
    expect(event).toMatchObject({ identityDecision: 'rejected', identityDecidedBy: team.owner.id });
  });

  it('an attempt that passed the live check (or was not proctored) has nothing to confirm: 409', async () => {
    const other = await createSignedInUser(t.app, { role: 'candidate' });
    const plainTest = (await buildCodingTest(t.deps.db, { employer: team.owner })).test;
    await t.deps.db.update(tests).set({ proctoring: false }).where(eq(tests.id, plainTest.id));
    const started = await t.as(other).post(`/api/attempts/${plainTest.id}/start`);
    expect(started.statusCode).toBe(200);
    const res = await identity(team.owner, { decision: 'confirmed' }, started.json().attempt.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('IDENTITY_NOT_PENDING');
  });
});
