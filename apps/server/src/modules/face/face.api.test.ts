/**
 * API tests of the face routes with the REAL engine on fixture photos: /api/face/* (the live screens) and the
 * candidate side /api/proctoring/{testId}/* (enrolment bound to the attempt, flags stored as events with frames).
 * One engine for the whole file: inference is serialized, so frames are kept few, and the routes' client gets the
 * engine through sharingResults (a frame sent again with the same options reuses the first answer). "Another
 * person" is a small photo (kit_harington_02, 630x374) rather than the 970x2204 Biden photo.
 */
import { createFaceEngine, DESCRIPTOR_LENGTH, type FaceEngine } from '@assessly/face';
import { printedPhotoFrame, toWebcamFrame } from '@assessly/face/testing';
import { phoneRuleText } from '@assessly/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthDetails } from '../../../test/build-test-app';
import { buildCodingTest, createSignedInUser, type SignedInUser } from '../../../test/factories';
import { isJpeg, multipart, photo, sharingResults } from '../../../test/fixtures/face';
import { useSignedIn, useTestApp } from '../../../test/support';
import { attempts, faceEnrollments, proctoringEvents, users } from '../../db/schema';
import { startAttempt } from '../attempts/attempts.service';
import { createInProcessFaceClient } from './face-client.in-process';

let engine: FaceEngine;
beforeAll(async () => {
  engine = await createFaceEngine({ preload: true });
});
afterAll(async () => {
  await engine?.close();
});
const t = useTestApp(() => {
  const face = createInProcessFaceClient({ engine: sharingResults(engine) });
  return { face, healthParts: { face: () => face.health() } };
});
const candidate = useSignedIn(t, { role: 'candidate' });

describe('/api/face (the signed-in user is the subject)', () => {
  it('needs a session', async () => {
    const res = await t.as(null).postForm('/api/face/enroll', multipart({}, photo('obama_01.jpg')));
    expect(res.statusCode).toBe(401);
  });

  it('refuses verify before any enrolment with a clear 409', async () => {
    const res = await t.as(candidate).postForm('/api/face/verify', multipart({}, photo('obama_02.jpg')));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'FACE_NOT_ENROLLED', message: 'Please enroll face first.' });
  });

  it('refuses to enrol a frame with no face or with two faces, saying why', async () => {
    const none = await t.as(candidate).postForm('/api/face/enroll', multipart({}, photo('none_landscape.jpg')));
    expect(none.statusCode).toBe(422);
    expect(none.json().code).toBe('FACE_ENROLL_FAILED');
    expect(none.json().message).toMatch(/no face/i);
    const two = await t
      .as(candidate)
      .postForm('/api/face/enroll', multipart({}, photo('multi_obama_biden_composite.jpg')));
    expect(two.statusCode).toBe(422);
    expect(two.json().message).toMatch(/faces/i);
  });

  it('enrols one face: the descriptor goes to face_enrollments and the frame to the blob store', async () => {
    const res = await t.as(candidate).postForm('/api/face/enroll', multipart({}, photo('obama_01.jpg')));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ enrolled: true });
    expect(res.json().face.width).toBeGreaterThan(20);
    expect(JSON.stringify(res.json())).not.toContain('descriptor');
    const rows = await t.deps.db.select().from(faceEnrollments).where(eq(faceEnrollments.userId, candidate.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.descriptor).toHaveLength(DESCRIPTOR_LENGTH);
    expect(rows[0]!.attemptId).toBeNull();
    const blob = await t.deps.blobs.get(rows[0]!.frameKey!);
    expect(blob?.data.equals(photo('obama_01.jpg'))).toBe(true);
  });

  it('verify: 200 matched, 403 another person, 401 no face; X-Face-Status and the annotated JPEG', async () => {
    const same = await t.as(candidate).postForm('/api/face/verify', multipart({}, photo('obama_02.jpg')));
    expect(same.statusCode).toBe(200);
    expect(same.headers['x-face-status']).toBe('matched');
    expect(same.headers['content-type']).toBe('image/jpeg');
    expect(Number(same.headers['x-face-distance'])).toBeLessThan(engine.threshold);
    expect(isJpeg(same.rawPayload)).toBe(true);

    const other = await t.as(candidate).postForm('/api/face/verify', multipart({}, photo('kit_harington_02.jpeg')));
    expect(other.statusCode).toBe(403);
    expect(other.headers['x-face-status']).toBe('not_matched');
    expect(isJpeg(other.rawPayload)).toBe(true);

    const none = await t.as(candidate).postForm('/api/face/verify', multipart({}, photo('none_landscape.jpg')));
    expect(none.statusCode).toBe(401);
    expect(none.headers['x-face-status']).toBe('not_detected');
    expect(none.headers['x-face-distance']).toBeUndefined();
  });

  it('detect: 204 for one face; 200 with the frame for two faces or none', async () => {
    const one = await t.as(candidate).postForm('/api/face/detect', multipart({}, photo('obama_02.jpg')));
    expect(one.statusCode).toBe(204);
    expect(one.headers['x-face-count']).toBe('1');
    expect(one.rawPayload.length).toBe(0);

    const two = await t
      .as(candidate)
      .postForm('/api/face/detect', multipart({}, photo('multi_obama_biden_composite.jpg')));
    expect(two.statusCode).toBe(200);
    expect(two.headers['x-face-count']).toBe('2');
    expect(two.headers['x-face-flags']).toBe('multiple_faces');
    expect(two.headers['content-type']).toBe('image/jpeg');
    expect(two.rawPayload.equals(photo('multi_obama_biden_composite.jpg'))).toBe(true);

    const none = await t.as(candidate).postForm('/api/face/detect', multipart({}, photo('none_landscape.jpg')));
    expect(none.statusCode).toBe(200);
    expect(none.headers['x-face-flags']).toBe('no_face');
  });

  it('answers bad uploads with a clear 4xx and keeps working', async () => {
    const cases: [string, ReturnType<typeof multipart>, number, string][] = [
      [
        'text file',
        multipart({}, { data: Buffer.from('hello, I am not a picture'), type: 'text/plain', filename: 'a.txt' }),
        400,
        'FACE_BAD_IMAGE',
      ],
      ['empty file', multipart({}, Buffer.alloc(0)), 400, 'FACE_BAD_IMAGE'],
      ['9 MiB', multipart({}, Buffer.alloc(9 * 1024 * 1024, 0xff)), 413, 'FACE_IMAGE_TOO_LARGE'],
      ['truncated JPEG', multipart({}, photo('obama_02.jpg').subarray(0, 40_000)), 400, 'FACE_BAD_IMAGE'],
      ['no image field', multipart({ subject: 'x' }), 400, 'FACE_BAD_IMAGE'],
      ['image in another field', multipart({}, { data: photo('obama_02.jpg'), field: 'photo' }), 400, 'FACE_BAD_IMAGE'],
    ];
    for (const [name, body, status, code] of cases) {
      for (const url of ['/api/face/detect', '/api/face/verify']) {
        const res = await t.as(candidate).postForm(url, body);
        expect(res.statusCode, `${name} → ${url}`).toBe(status);
        expect(res.json().code, name).toBe(code);
        expect(res.json().message.length, name).toBeGreaterThan(5);
      }
    }
    const enrolText = await t
      .as(candidate)
      .postForm('/api/face/enroll', multipart({}, { data: Buffer.from('not an image'), type: 'text/plain' }));
    expect(enrolText.statusCode).toBe(400);
    expect(enrolText.json().code).toBe('FACE_BAD_IMAGE');
    const json = await t.as(candidate).post('/api/face/detect', { image: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toMatch(/multipart/);
    // Still up and still right.
    const after = await t.as(candidate).postForm('/api/face/detect', multipart({}, photo('obama_02.jpg')));
    expect(after.statusCode).toBe(204);
  });

  // Issue 23: checks during tests (from however many accounts) fill only their share of the queue; the rest
  // is kept for enrolments. A full queue answers FACE_BUSY at once (a load, never an outage), then serves again.
  it('answers FACE_BUSY at once when the checks fill their share, keeps room for an enrolment, then serves', async () => {
    const tight = createInProcessFaceClient({ engine, maxQueue: 4 });
    const frame = photo('obama_02.jpg');
    const checks = ['a', 'b', 'c', 'd', 'e'].map((who) => tight.detect(who, frame));
    const enrolment = tight.enroll('latecomer', photo('obama_01.jpg'));
    const results = await Promise.allSettled(checks);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(2);
    expect(refused[0]!.reason).toMatchObject({ code: 'FACE_BUSY' });
    for (const r of results) if (r.status === 'fulfilled') expect(r.value.faceCount).toBe(1);
    await expect(enrolment).resolves.toMatchObject({ ok: true });
    await expect(tight.detect('u', frame)).resolves.toMatchObject({ faceCount: 1 });
  });

  it('reports the engine in /api/health', async () => {
    const health = await healthDetails(t.app);
    expect(health.face).toMatchObject({ state: 'ready' });
    expect(health.face.models.length).toBeGreaterThan(0);
  });
});

describe('/api/proctoring/{testId}: identity bound to the attempt (issue 17)', () => {
  let testId: string;
  let taker: SignedInUser;
  let attemptId: string;

  beforeAll(async () => {
    const employer = await createSignedInUser(t.app, { role: 'employer' });
    testId = (await buildCodingTest(t.deps.db, { employer })).test.id;
    taker = await createSignedInUser(t.app, { role: 'candidate' });
  });

  const events = () => t.deps.db.select().from(proctoringEvents).where(eq(proctoringEvents.attemptId, attemptId));
  const start = (cookie: string) => t.as({ cookie: cookie }).post(`/api/attempts/${testId}/start`);
  const references = () =>
    t.deps.db
      .select()
      .from(faceEnrollments)
      .where(and(eq(faceEnrollments.userId, taker.id), eq(faceEnrollments.testId, testId)));

  it('refuses to start a proctored test without an enrolment: clear 4xx, no attempt, no time used', async () => {
    const take = await t.as(taker).get(`/api/attempts/take/${testId}`);
    expect(take.json().proctoring).toMatchObject({ required: true, enrolled: false, active: false });
    await t.as(taker).postForm('/api/face/enroll', multipart({}, photo('obama_01.jpg'))); // a live-screen enrolment does not count
    const res = await start(taker.cookie);
    expect(res.statusCode).toBe(428);
    expect(res.json()).toMatchObject({ code: 'FACE_ENROLMENT_REQUIRED' });
    expect(res.json().message).toMatch(/enrol/i);
    const rows = await t.deps.db.select().from(attempts).where(eq(attempts.userId, taker.id));
    expect(rows).toHaveLength(0);
  });

  it('enrols before the start: no face is refused with the reason, one face becomes the reference', async () => {
    const bad = await t
      .as(taker)
      .postForm(`/api/proctoring/${testId}/enroll`, multipart({}, photo('none_landscape.jpg')));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toMatch(/no face/i);
    expect(await references()).toHaveLength(0);
    const ok = await t.as(taker).postForm(`/api/proctoring/${testId}/enroll`, multipart({}, photo('obama_01.jpg')));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ enrolled: true });
    const [ref] = await references();
    expect(ref).toMatchObject({ attemptId: null });
    expect((await t.deps.blobs.get(ref!.frameKey!))?.data.equals(photo('obama_01.jpg'))).toBe(true);
  });

  it('starts after enrolment and the live sequence judged by the server on real frames', async () => {
    expect((await start(taker.cookie)).json()).toMatchObject({ code: 'FACE_LIVENESS_REQUIRED' });
    // As the page sends them (640x480): obama_03 is turned one way (FaceMesh yaw about -0.16), obama_02 the other
    // (+0.16): a swing of 0.32 rad.
    const live = (file: string) =>
      t.as(taker).postForm(`/api/proctoring/${testId}/live`, multipart({}, toWebcamFrame(photo(file))));
    expect((await live('obama_03.jpg')).json()).toMatchObject({ step: 'turn_other', counted: true });
    expect((await live('obama_02.jpg')).json()).toMatchObject({ step: 'done', counted: true });
    const res = await start(taker.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().proctoring).toMatchObject({ required: true, enrolled: true, live: true, active: true });
    attemptId = res.json().attempt.id;
    const [row] = await t.deps.db.select().from(attempts).where(eq(attempts.id, attemptId));
    expect(row!.proctored).toBe(true);
    const refs = await references();
    expect(refs).toHaveLength(1);
    expect(refs[0]!.attemptId).toBe(attemptId);
  });

  it('refuses a later enrolment (reload with another person) with 409, recorded with its frame; the reference stays', async () => {
    const before = (await references())[0]!;
    const res = await t.as(taker).postForm(`/api/proctoring/${testId}/enroll`, multipart({}, photo('biden_01.jpg')));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('FACE_ALREADY_ENROLLED');
    const refused = (await events()).filter((e) => e.kind === 'enroll_refused');
    expect(refused).toHaveLength(1);
    expect((await t.deps.blobs.get(refused[0]!.frameKey!))?.data.equals(photo('biden_01.jpg'))).toBe(true);
    const after = await references();
    expect(after).toHaveLength(1);
    expect(after[0]!.id).toBe(before.id);
    expect(after[0]!.descriptor).toEqual(before.descriptor);
  });

  it('verify after a reload compares with the original enrolment: 200 same person, 403 another, 401 no face', async () => {
    const same = await t.as(taker).postForm(`/api/proctoring/${testId}/verify`, multipart({}, photo('obama_02.jpg')));
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ status: 'matched' });

    const other = await t
      .as(taker)
      .postForm(`/api/proctoring/${testId}/verify`, multipart({}, photo('kit_harington_02.jpeg')));
    expect(other.statusCode).toBe(403);
    expect(other.headers['x-face-status']).toBe('not_matched');
    const mismatch = (await events()).filter((e) => e.kind === 'face_mismatch');
    expect(mismatch).toHaveLength(1);
    expect(isJpeg((await t.deps.blobs.get(mismatch[0]!.frameKey!))!.data)).toBe(true);

    const none = await t.as(taker).postForm(`/api/proctoring/${testId}/verify`, multipart({}, photo('none_white.png')));
    expect(none.statusCode).toBe(401);
    expect((await events()).filter((e) => e.kind === 'no_face')).toHaveLength(1);
  });

  it('detect: one face is 204 and stores nothing; two faces is 200 and an event with the frame', async () => {
    const before = (await events()).length;
    const one = await t.as(taker).postForm(`/api/proctoring/${testId}/detect`, multipart({}, photo('obama_02.jpg')));
    expect(one.statusCode).toBe(204);
    expect(await events()).toHaveLength(before);
    const two = await t
      .as(taker)
      .postForm(`/api/proctoring/${testId}/detect`, multipart({}, photo('multi_obama_biden_composite.jpg')));
    expect(two.statusCode).toBe(200);
    expect(two.json()).toMatchObject({ faces: 2, flags: ['multiple_faces'] });
    const flagged = (await events()).filter((e) => e.kind === 'multiple_faces');
    expect(flagged).toHaveLength(1);
    expect(flagged[0]!.detail).toMatch(/2 faces/);
    const frame = await t.deps.blobs.get(flagged[0]!.frameKey!);
    expect(frame?.data.equals(photo('multi_obama_biden_composite.jpg'))).toBe(true);
  });

  it('records a lost camera reported by the page and never ends the attempt', async () => {
    const res = await t.as(taker).post(`/api/proctoring/${testId}/camera-lost`, { detail: 'track ended' });
    expect(res.statusCode).toBe(204);
    expect((await events()).map((e) => e.kind)).toContain('camera_lost');
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, taker.id));
    const again = await startAttempt(t.deps, row!, testId);
    expect(again.id).toBe(attemptId);
    expect(again.endedAt).toBeNull();
  });

  it('a phone seen on detect is an event with the frame (engine stubbed: no fixture shows a phone)', async () => {
    const real = t.deps.face!;
    t.deps.face = { ...real, detect: async () => ({ faceCount: 1, phone: true, phoneScore: 0.71 }) };
    try {
      const res = await t.as(taker).postForm(`/api/proctoring/${testId}/detect`, multipart({}, photo('obama_02.jpg')));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ faces: 1, phone: true, flags: ['phone'] });
      const phone = (await events()).filter((e) => e.kind === 'phone');
      expect(phone).toHaveLength(1);
      expect(phone[0]!.detail).toMatch(/phone.*0\.71/);
      expect(phone[0]!.detail).toContain(phoneRuleText());
      expect(phone[0]!.detail).not.toContain('this device saw');
      // The page sends its k-of-n sightings with the frame: the reviewer reads them next to the rule.
      const withRule = await t
        .as(taker)
        .postForm(`/api/proctoring/${testId}/detect`, multipart({ phoneRule: '2/4:0.27,0.31' }, photo('obama_02.jpg')));
      expect(withRule.statusCode).toBe(200);
      // A value the rule could not give is ignored (the text stays the server's own), never an error.
      const forged = await t
        .as(taker)
        .postForm(`/api/proctoring/${testId}/detect`, multipart({ phoneRule: '4/4:0.99,<b>' }, photo('obama_02.jpg')));
      expect(forged.statusCode).toBe(200);
      const details = (await events()).filter((e) => e.kind === 'phone').map((e) => e.detail ?? '');
      expect(details).toHaveLength(3);
      const device = details.filter((d) => d.includes('this device saw'));
      expect(device).toEqual([
        expect.stringContaining('this device saw one in 2 of its last 4 checks (scores 0.27, 0.31)'),
      ]);
      expect(details.some((d) => d.includes('<b>') || d.includes('0.99'))).toBe(false);
    } finally {
      t.deps.face = real;
    }
  });

  it('a printed photo held to the camera enrols its photo but never passes the live sequence, so it cannot start', async () => {
    const holder = await createSignedInUser(t.app, { role: 'candidate' });
    const send = (route: string, frame: Buffer) =>
      t.as(holder).postForm(`/api/proctoring/${testId}/${route}`, multipart({}, frame));
    // Anti-spoofing does not catch this print (README): the still frame is accepted as a face...
    expect((await send('enroll', printedPhotoFrame(0))).statusCode).toBe(200);
    // ...but held in a hand that moves it a little, it shows one head pose, never a turn.
    for (const shift of [1, -1, 2]) {
      const res = await send('live', printedPhotoFrame(shift));
      expect(res.statusCode).toBe(200);
      expect(res.json().step).not.toBe('done');
    }
    const refused = await start(holder.cookie);
    expect(refused.statusCode).toBe(428);
    expect(refused.json()).toMatchObject({ code: 'FACE_LIVENESS_REQUIRED' });
  });

  it('another candidate cannot write into this attempt', async () => {
    const other = await createSignedInUser(t.app, { role: 'candidate' });
    const res = await t
      .as(other)
      .postForm(`/api/proctoring/${testId}/detect`, multipart({}, photo('multi_obama_biden_composite.jpg')));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ATTEMPT_NOT_STARTED');
    const bad = await t.as(other).postForm('/api/proctoring/not-a-uuid/detect', multipart({}, photo('obama_02.jpg')));
    expect(bad.statusCode).toBe(400);
    // The live sequence of this test is the taker's own: another candidate has no reference to turn against.
    const live = await t.as(other).postForm(`/api/proctoring/${testId}/live`, multipart({}, photo('obama_02.jpg')));
    expect(live.statusCode).toBe(409);
    expect(live.json().code).toBe('FACE_NOT_ENROLLED');
  });
});
