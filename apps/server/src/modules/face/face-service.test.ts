/**
 * The standalone face service (modules/face/face-service.app.ts) with the REAL engine: the shared secret,
 * the enroll/detect/verify contract, bad input; then the main server using it through the remote FaceClient.
 */
import type { AddressInfo } from 'node:net';
import { createFaceEngine, DESCRIPTOR_LENGTH, type FaceEngine } from '@assessly/face';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthDetails } from '../../../test/build-test-app';
import { createSignedInUser } from '../../../test/factories';
import { isJpeg, multipart, photo } from '../../../test/fixtures/face';
import { as, useTestApp } from '../../../test/support';
import { faceEnrollments } from '../../db/schema';
import { createInProcessFaceClient } from './face-client.in-process';
import { createRemoteFaceClient } from './face-client.remote';
import { buildFaceServiceApp } from './face-service.app';

const SECRET = 'test-secret-4f1c';
let engine: FaceEngine;
let service: FastifyInstance;
let serviceUrl: string;

beforeAll(async () => {
  engine = await createFaceEngine({ preload: true });
  service = await buildFaceServiceApp({ face: createInProcessFaceClient({ engine }), secret: SECRET });
  await service.listen({ port: 0, host: '127.0.0.1' });
  serviceUrl = `http://127.0.0.1:${(service.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await service?.close();
  await engine?.close();
});

function call(url: string, body: ReturnType<typeof multipart>, secret: string | null = SECRET, app = service) {
  return as(app, null).post(url, body.payload, { ...body.headers, ...(secret ? { 'x-face-secret': secret } : {}) });
}

describe('face service: the shared secret', () => {
  it('refuses a call without the secret (401) or with a wrong one (403); /health is open', async () => {
    const none = await call('/detect', multipart({ subject: 'a' }, photo('obama_02.jpg')), null);
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('UNAUTHENTICATED');
    const wrong = await call('/verify', multipart({ subject: 'a' }, photo('obama_02.jpg')), 'nope');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.headers['x-face-status']).toBeUndefined();
    const b = multipart({ subject: 'a', phone: '0' }, photo('obama_02.jpg'));
    const bearer = await as(service, null).post('/detect', b.payload, {
      ...b.headers,
      authorization: `Bearer ${SECRET}`,
    });
    expect(bearer.statusCode).toBe(204);
    const health = await as(service, null).get('/health');
    expect(health.statusCode).toBe(200);
    expect(health.json().state).toBe('ready');
  });

  it('without a configured secret it accepts any caller', async () => {
    const open = await buildFaceServiceApp({ face: createInProcessFaceClient({ engine }), secret: null });
    const res = await call('/detect', multipart({ subject: 'a', phone: '0' }, photo('obama_02.jpg')), null, open);
    expect(res.statusCode).toBe(204);
    await open.close();
  });
});

describe('face service: the contract', () => {
  let descriptor: string;

  it('POST /enroll gives the descriptor of the one face; needs a subject', async () => {
    const noSubject = await call('/enroll', multipart({}, photo('obama_01.jpg')));
    expect(noSubject.statusCode).toBe(400);
    const res = await call('/enroll', multipart({ subject: 'user-1' }, photo('obama_01.jpg')));
    expect(res.statusCode).toBe(200);
    expect(res.json().subject).toBe('user-1');
    expect(res.json().descriptor.values).toHaveLength(DESCRIPTOR_LENGTH);
    descriptor = JSON.stringify(res.json().descriptor);
    const two = await call('/enroll', multipart({ subject: 'user-1' }, photo('multi_obama_biden_composite.jpg')));
    expect(two.statusCode).toBe(422);
    expect(two.json()).toMatchObject({ code: 'FACE_ENROLL_FAILED', fields: { reason: 'multiple_faces' } });
  });

  it('POST /verify with the descriptor: 200 matched, 403 mismatch, 401 no face, annotated JPEG', async () => {
    const same = await call('/verify', multipart({ subject: 'user-1', descriptor }, photo('obama_02.jpg')));
    expect(same.statusCode).toBe(200);
    expect(same.headers['x-face-status']).toBe('matched');
    expect(isJpeg(same.rawPayload)).toBe(true);
    const other = await call('/verify', multipart({ subject: 'user-1', descriptor }, photo('biden_01.jpg')));
    expect(other.statusCode).toBe(403);
    expect(other.headers['x-face-status']).toBe('not_matched');
    const none = await call('/verify', multipart({ subject: 'user-1', descriptor }, photo('none_landscape.jpg')));
    expect(none.statusCode).toBe(401);
    expect(none.headers['x-face-status']).toBe('not_detected');
  });

  it("POST /verify without a descriptor uses the subject's last enrolment, or says none is enrolled", async () => {
    const remembered = await call('/verify', multipart({ subject: 'user-1' }, photo('obama_02.jpg')));
    expect(remembered.statusCode).toBe(200);
    const unknown = await call('/verify', multipart({ subject: 'user-2' }, photo('obama_02.jpg')));
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().code).toBe('FACE_NOT_ENROLLED');
    const broken = await call(
      '/verify',
      multipart({ subject: 'user-1', descriptor: '{"values":[1,2]}' }, photo('obama_02.jpg')),
    );
    expect(broken.statusCode).toBe(400);
  });

  it('POST /verify with an enrolment of the older 128-d model answers FACE_NOT_ENROLLED (enrol again), not a 500', async () => {
    // Issue 41: the descriptor became 512 values of another net; rows enrolled before keep face-api's 128.
    const old = JSON.stringify({
      values: Array.from({ length: 128 }, (_, i) => i / 128),
      model: 'face-api/face_recognition_128',
    });
    const res = await call('/verify', multipart({ subject: 'user-1', descriptor: old }, photo('obama_02.jpg')));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'FACE_NOT_ENROLLED' });
    expect(res.json().message).toMatch(/older face model.*enroll again/i);
  });

  it('POST /detect: 204 one face, 200 and the frame for two faces', async () => {
    const one = await call('/detect', multipart({ subject: 'user-1', phone: '0' }, photo('obama_02.jpg')));
    expect(one.statusCode).toBe(204);
    const two = await call('/detect', multipart({ subject: 'user-1' }, photo('multi_obama_biden_composite.jpg')));
    expect(two.statusCode).toBe(200);
    expect(two.headers['x-face-count']).toBe('2');
    expect(two.headers['x-face-phone']).toBe('0');
    expect(isJpeg(two.rawPayload)).toBe(true);
  });

  it('bad input is a clear 4xx and the service stays up', async () => {
    const cases: [Buffer, number][] = [
      [Buffer.from('plain text, no picture'), 400],
      [Buffer.alloc(0), 400],
      [Buffer.alloc(9 * 1024 * 1024, 1), 413],
      [photo('obama_02.jpg').subarray(0, 30_000), 400],
    ];
    for (const [bytes, status] of cases) {
      const res = await call('/detect', multipart({ subject: 'x' }, bytes));
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBeTruthy();
    }
    const ok = await call('/detect', multipart({ subject: 'x', phone: '0' }, photo('obama_02.jpg')));
    expect(ok.statusCode).toBe(204);
  });
});

describe('main server through the remote face service', () => {
  const t = useTestApp(() => {
    const face = createRemoteFaceClient({ url: serviceUrl, secret: SECRET });
    return { face, healthParts: { face: () => face.health() } };
  });

  it('a stored enrolment of the older 128-d model answers 409 FACE_NOT_ENROLLED "enroll again" over HTTP', async () => {
    const user = await createSignedInUser(t.app);
    expect((await t.as(user).postForm('/api/face/enroll', multipart({}, photo('obama_01.jpg')))).statusCode).toBe(200);
    // The row as an enrolment made before issue 41 left it.
    await t.deps.db
      .update(faceEnrollments)
      .set({ descriptor: Array.from({ length: 128 }, (_, i) => i / 128), model: 'face-api/face_recognition_128' })
      .where(eq(faceEnrollments.userId, user.id));
    const v = await t.as(user).postForm('/api/face/verify', multipart({}, photo('obama_02.jpg')));
    expect(v.statusCode).toBe(409);
    expect(v.json()).toMatchObject({ code: 'FACE_NOT_ENROLLED' });
    expect(v.json().message).toMatch(/older face model.*enroll again/i);
  });

  it('enrols and verifies over HTTP with the descriptor kept in the main database', async () => {
    const user = await createSignedInUser(t.app);
    const enrol = multipart({}, photo('obama_01.jpg'));
    const e = await t.as(user).postForm('/api/face/enroll', enrol);
    expect(e.statusCode).toBe(200);
    const other = multipart({}, photo('biden_01.jpg'));
    const v = await t.as(user).postForm('/api/face/verify', other);
    expect(v.statusCode).toBe(403);
    expect(v.headers['x-face-status']).toBe('not_matched');
    const text = multipart({}, Buffer.from('not a picture'));
    const bad = await t.as(user).postForm('/api/face/detect', text);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('FACE_BAD_IMAGE');
    const health = await healthDetails(t.app);
    expect(health.face).toMatchObject({ state: 'remote', service: 'ready' });
  });

  it('a wrong secret or an unreachable service is a 503, not a verdict', async () => {
    const wrong = createRemoteFaceClient({ url: serviceUrl, secret: 'wrong' });
    await expect(
      wrong.verify('u', photo('obama_02.jpg'), { values: Array(128).fill(0), model: 'x' }),
    ).rejects.toMatchObject({ code: 'FACE_UNAVAILABLE' });
    const gone = createRemoteFaceClient({ url: 'http://127.0.0.1:1', secret: SECRET });
    await expect(gone.detect('u', photo('obama_02.jpg'))).rejects.toMatchObject({ code: 'FACE_UNAVAILABLE' });
  });

  it('without any face part the routes answer 503', async () => {
    const user = await createSignedInUser(t.app);
    const face = t.deps.face;
    t.deps.face = undefined; // the routes read deps.face per request
    try {
      const b = multipart({}, photo('obama_02.jpg'));
      const res = await t.as(user).postForm('/api/face/detect', b);
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('FACE_UNAVAILABLE');
    } finally {
      t.deps.face = face;
    }
  });
});
