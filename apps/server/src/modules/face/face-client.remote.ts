/**
 * The remote FaceClient: HTTP calls to the standalone face service (FACE_SERVICE_URL) with the shared
 * secret (FACE_SERVICE_SECRET) in X-Face-Secret. The enrolled descriptor travels with each verify call,
 * so any number of stateless face service instances can sit behind one URL.
 */
import { SPOOF_MAX_REAL } from '@assessly/face';
import { type AppErrorCode, ERROR_STATUS } from '@assessly/shared';
import { AppError } from '../../lib/errors';
import type {
  Descriptor,
  FaceBox,
  FaceClient,
  FaceDetectOutcome,
  FaceEnrollOutcome,
  FaceHealth,
  VerifyStatus,
} from './face-client';

const TIMEOUT_MS = 30_000;
/**
 * /api/health waits this long for the face service's own /health before it answers from what it last knew: a
 * service busy with a drive's checks answers its /health late (inference holds its event loop), and an operator's
 * probe must neither wait for it nor read a working service as failed (issue 28).
 */
export const HEALTH_WAIT_MS = 20;
/** What it last knew stands for this long: a /health reading, or any answer to a call. */
export const HEALTH_STALE_MS = 60_000;
const STATUSES: VerifyStatus[] = ['matched', 'not_matched', 'not_detected', 'unclear'];
const ENROLL_REASONS = ['no_face', 'multiple_faces', 'poor_quality', 'spoof'] as const;

export function createRemoteFaceClient(opts: {
  url: string;
  secret: string | null;
  timeoutMs?: number;
  healthWaitMs?: number;
}): FaceClient {
  const base = opts.url.replace(/\/$/, '');
  const headers: Record<string, string> = opts.secret ? { 'x-face-secret': opts.secret } : {};
  /** The last /health the service gave, and when any call last got an answer from it. */
  let lastReading: { body: Partial<FaceHealth>; at: number } | null = null;
  let lastAnswerAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<Partial<FaceHealth>> | null = null;
  /** One /health request at a time; a slow one goes on after the caller stopped waiting and updates lastReading. */
  const readHealth = () =>
    (reading ??= fetch(`${base}/health`, { signal: AbortSignal.timeout(2000) })
      .then((res) => res.json() as Promise<Partial<FaceHealth>>)
      .then((body) => {
        lastReading = { body, at: Date.now() };
        lastAnswerAt = Date.now();
        return body;
      })
      .finally(() => {
        reading = null;
      }));
  const shape = (body: Partial<FaceHealth>, extra: Partial<FaceHealth> = {}): FaceHealth => ({
    state: 'remote',
    backend: 'remote face service',
    models: body.models ?? [],
    url: base,
    service: body.state ?? 'unknown',
    ...(typeof body.queued === 'number' ? { queued: body.queued } : {}),
    ...extra,
  });

  async function post(
    path: string,
    subject: string,
    jpeg: Buffer,
    extra: Record<string, string> = {},
  ): Promise<Response> {
    const form = new FormData();
    form.set('subject', subject);
    for (const [k, v] of Object.entries(extra)) form.set(k, v);
    form.set('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'frame.jpg');
    try {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers,
        body: form,
        signal: AbortSignal.timeout(opts.timeoutMs ?? TIMEOUT_MS),
      });
      if (res.status < 500) lastAnswerAt = Date.now();
      return res;
    } catch {
      throw new AppError('FACE_UNAVAILABLE', 'The face service is not reachable. Please try again.');
    }
  }

  /** The service's own error JSON: image problems are the caller's (kept); anything else means the service is unusable. */
  async function failure(res: Response): Promise<AppError> {
    const body = (await res.json().catch(() => ({}))) as {
      code?: string;
      message?: string;
      fields?: Record<string, string>;
    };
    const code = body.code as AppErrorCode | undefined;
    if (
      code &&
      code in ERROR_STATUS &&
      (code.startsWith('FACE_') || code === 'VALIDATION') &&
      code !== 'FACE_UNAVAILABLE'
    ) {
      return new AppError(code, body.message ?? 'The face service refused the image', body.fields);
    }
    return new AppError('FACE_UNAVAILABLE', `The face service answered ${res.status}. Please try again.`);
  }

  return {
    kind: 'remote',
    async enroll(subject, jpeg): Promise<FaceEnrollOutcome> {
      const res = await post('/enroll', subject, jpeg);
      if (res.ok) {
        const body = (await res.json()) as { descriptor: Descriptor; face: FaceBox };
        return { ok: true, descriptor: body.descriptor, face: body.face };
      }
      const err = await failure(res);
      if (err.code === 'FACE_BAD_IMAGE') return { ok: false, reason: 'bad_image', message: err.message };
      if (err.code === 'FACE_ENROLL_FAILED') {
        const given = ENROLL_REASONS.find((r) => r === err.fields?.reason);
        return { ok: false, reason: given ?? 'no_face', message: err.message };
      }
      throw err;
    },
    async detect(subject, jpeg, o): Promise<FaceDetectOutcome> {
      const res = await post('/detect', subject, jpeg, { phone: o?.phone ? '1' : '0' });
      if (res.status !== 200 && res.status !== 204) throw await failure(res);
      await res.arrayBuffer(); // the frame we sent; not needed
      const phoneScore = res.headers.get('x-face-phone-score');
      return {
        faceCount: Number(res.headers.get('x-face-count') ?? (res.status === 204 ? 1 : 0)),
        phone: res.headers.get('x-face-phone') === '1',
        phoneScore: phoneScore ? Number(phoneScore) : null,
      };
    },
    async verify(subject, jpeg, descriptor, opts) {
      const res = await post('/verify', subject, jpeg, {
        descriptor: JSON.stringify(descriptor),
        ...(opts?.annotate ? { annotate: opts.annotate } : {}),
        ...(opts?.phone ? { phone: '1' } : {}),
      });
      const status = res.headers.get('x-face-status') as VerifyStatus | null;
      if (!status || !STATUSES.includes(status)) throw await failure(res);
      const distance = res.headers.get('x-face-distance');
      const real = res.headers.get('x-face-real');
      const yaw = res.headers.get('x-face-yaw');
      const phoneScore = res.headers.get('x-face-phone-score');
      return {
        status,
        distance: distance ? Number(distance) : null,
        faceCount: Number(res.headers.get('x-face-count') ?? 0),
        annotatedJpeg: Buffer.from(await res.arrayBuffer()),
        guidance: res.headers.get('x-face-guidance'),
        liveness: {
          real: real ? Number(real) : null,
          passed: res.headers.get('x-face-live') !== '0',
          threshold: SPOOF_MAX_REAL,
        },
        yaw: yaw ? Number(yaw) : null,
        phoneScore: phoneScore ? Number(phoneScore) : null,
      };
    },
    async health(): Promise<FaceHealth> {
      const fresh = readHealth();
      fresh.catch(() => {});
      const quick = await Promise.race([
        fresh.then(
          (body) => ({ body }),
          () => ({ failed: true as const }),
        ),
        new Promise<null>((r) => setTimeout(() => r(null), opts.healthWaitMs ?? HEALTH_WAIT_MS).unref()),
      ]);
      if (quick && 'body' in quick) return shape(quick.body);
      const now = Date.now();
      // Too busy to answer at once, but it answered lately: what it last said, marked with its age.
      if (
        quick === null &&
        (now - (lastReading?.at ?? -Infinity) < HEALTH_STALE_MS || now - lastAnswerAt < HEALTH_STALE_MS)
      )
        return shape(lastReading?.body ?? { state: 'ready' }, {
          busy: true,
          readingAgeMs: lastReading ? now - lastReading.at : null,
        });
      // Refused at once (nothing listens), or silent with nothing recent to go by: wait for the reading.
      try {
        return shape(await fresh);
      } catch {
        return { state: 'remote', backend: 'remote face service', models: [], url: base, service: 'unreachable' };
      }
    },
    async close() {},
  };
}
