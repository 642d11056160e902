/**
 * The standalone face service (spec part 2 §7, "separate host"): POST /enroll, /detect, /verify with the
 * JPEG in the multipart field `image`, plus GET /health. Entry point: apps/server/src/face-service.ts.
 *
 * - Who: every call names a `subject` (form field or X-Face-Subject header) given by the main server.
 * - Secret: when configured, every call but /health must carry it in X-Face-Secret (or Authorization:
 *   Bearer): missing → 401, wrong → 403. Only the main server knows it.
 * - State: the main server keeps descriptors in its database and sends the enrolled one with /verify
 *   (field `descriptor`, JSON {values, model}). For callers that do not (the spec's plain contract), the
 *   service also remembers the last enrolment per subject in memory (bounded), so enroll-then-verify works.
 * - Bad input (not an image, empty, > 8 MiB, truncated) is a 4xx JSON {code, message}; the service stays up.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import { AppError, installErrorHandler } from '../../lib/errors';
import { MAX_UPLOAD_BYTES, parseDescriptorField, readImageUpload, sendDetect, sendVerify } from './face.http';
import type { Descriptor, FaceClient } from './face-client';

export const SECRET_HEADER = 'x-face-secret';
export const SUBJECT_HEADER = 'x-face-subject';

export interface FaceServiceOptions {
  /** The engine behind the service (an in-process client). */
  face: FaceClient;
  /** Shared secret; null accepts every caller (only for a service bound to localhost). */
  secret: string | null;
  /** A pino logger for the requests (none by default). */
  log?: FastifyBaseLogger;
  /** How many subjects' last enrolment to keep in memory for verify calls without a descriptor. */
  rememberSubjects?: number;
}

function digest(s: string): Buffer {
  return createHash('sha256').update(s).digest();
}

function presentedSecret(req: FastifyRequest): string | null {
  const h = req.headers[SECRET_HEADER];
  if (typeof h === 'string' && h) return h;
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7);
  return null;
}

function subjectOf(req: FastifyRequest, fields: Record<string, string>, required: boolean): string {
  const header = req.headers[SUBJECT_HEADER];
  const subject = (fields.subject ?? (typeof header === 'string' ? header : '')).trim();
  if (!subject && required)
    throw new AppError('VALIDATION', 'Name the subject (form field "subject" or X-Face-Subject header)', {
      subject: 'Required',
    });
  if (subject.length > 200)
    throw new AppError('VALIDATION', 'The subject is too long', { subject: 'At most 200 characters' });
  return subject || 'anonymous';
}

export async function buildFaceServiceApp(opts: FaceServiceOptions): Promise<FastifyInstance> {
  const { face } = opts;
  const app = opts.log
    ? Fastify({ loggerInstance: opts.log, bodyLimit: 64 * 1024 })
    : Fastify({ logger: false, bodyLimit: 64 * 1024 });
  installErrorHandler(app);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });

  const expected = opts.secret ? digest(opts.secret) : null;
  app.addHook('onRequest', async (req) => {
    if (!expected || req.url === '/health') return;
    const got = presentedSecret(req);
    if (!got) throw new AppError('UNAUTHENTICATED', 'The face service needs the shared secret (X-Face-Secret header)');
    if (!timingSafeEqual(digest(got), expected)) throw new AppError('FORBIDDEN', 'Wrong face service secret');
  });

  const remembered = new Map<string, Descriptor>();
  const cap = opts.rememberSubjects ?? 10_000;
  const remember = (subject: string, d: Descriptor) => {
    remembered.delete(subject);
    remembered.set(subject, d);
    if (remembered.size > cap) remembered.delete(remembered.keys().next().value as string);
  };

  app.get('/health', async () => face.health());

  app.post('/enroll', async (req) => {
    const { image, fields } = await readImageUpload(req);
    const subject = subjectOf(req, fields, true);
    const r = await face.enroll(subject, image);
    if (!r.ok)
      throw new AppError(r.reason === 'bad_image' ? 'FACE_BAD_IMAGE' : 'FACE_ENROLL_FAILED', r.message, {
        reason: r.reason,
      });
    remember(subject, r.descriptor);
    return { subject, descriptor: r.descriptor, face: r.face };
  });

  app.post('/detect', async (req, reply) => {
    const { image, fields } = await readImageUpload(req);
    const subject = subjectOf(req, fields, false);
    // The phone model is most of detect's cost; callers may turn it off with phone=0.
    const phone = fields.phone !== '0' && fields.phone !== 'false';
    const d = await face.detect(subject, image, { phone });
    return sendDetect(reply, d, image);
  });

  app.post('/verify', async (req, reply) => {
    const { image, fields } = await readImageUpload(req);
    const subject = subjectOf(req, fields, true);
    const descriptor = parseDescriptorField(fields.descriptor) ?? remembered.get(subject) ?? null;
    if (!descriptor)
      throw new AppError(
        'FACE_NOT_ENROLLED',
        'No face is enrolled for this subject. Enroll first or send the descriptor.',
      );
    const v = await face.verify(subject, image, descriptor, {
      annotate: fields.annotate === 'flagged' ? 'flagged' : 'always',
      phone: fields.phone === '1',
    });
    return sendVerify(reply, v);
  });

  return app;
}
