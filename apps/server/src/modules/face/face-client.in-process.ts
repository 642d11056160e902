/**
 * The in-process FaceClient: the @assessly/face engine in this process (default for `npm start`).
 * Models load in the background (start-up is not blocked); a call made while they load simply waits.
 */
import { createFaceEngine, type FaceEngine, FaceImageError } from '@assessly/face';
import { AppError } from '../../lib/errors';
import type { FaceClient, FaceHealth } from './face-client';

/** A bad frame is the caller's fault: 413 for a too large one, 400 for everything else. */
export function toImageAppError(err: unknown): unknown {
  if (!(err instanceof FaceImageError)) return err;
  if (err.code === 'too_large' || err.code === 'too_many_pixels')
    return new AppError('FACE_IMAGE_TOO_LARGE', err.message);
  return new AppError('FACE_BAD_IMAGE', err.message);
}

async function mapImageErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw toImageAppError(err);
  }
}

/** ~32 calls × 50–200 ms: a caller waits at most a few seconds before being told the engine is busy. */
export const DEFAULT_MAX_QUEUE = 32;

export interface InProcessFaceClient extends FaceClient {
  readonly engine: Promise<FaceEngine>;
  /** Resolves once the models are loaded (rejects when they cannot be). */
  readonly ready: Promise<void>;
}

/**
 * Wraps an engine (or creates one) and starts loading the models now, in the background:
 * health() reports loading → ready | error. Calls made while loading wait for the models.
 */
export function createInProcessFaceClient(
  opts: { engine?: FaceEngine; onError?: (err: Error) => void; maxQueue?: number } = {},
): InProcessFaceClient {
  let state: FaceHealth['state'] = 'loading';
  // Inference is serialized; beyond this many calls waiting, answer 503 at once instead of queueing for seconds.
  const maxQueue = opts.maxQueue ?? DEFAULT_MAX_QUEUE;
  let inFlight = 0;
  // Issue 23: the last quarter of the queue is kept for enrolments, so checks during tests (from however many
  // accounts) cannot push a candidate's enrolment out. A full queue is FACE_BUSY: a load, never an outage.
  const reserve = Math.max(1, Math.floor(maxQueue / 4));
  const admit = async <T>(fn: () => Promise<T>, kind: 'enroll' | 'check' = 'check'): Promise<T> => {
    if (inFlight >= (kind === 'enroll' ? maxQueue : maxQueue - reserve))
      throw new AppError('FACE_BUSY', 'The face engine is busy. Please try again in a moment.');
    inFlight++;
    try {
      return await fn();
    } finally {
      inFlight--;
    }
  };
  let message: string | undefined;
  let loaded: FaceEngine | null = null;
  const engine = opts.engine ? Promise.resolve(opts.engine) : createFaceEngine();
  const ready = engine
    .then(async (e) => {
      await e.load();
      loaded = e;
      state = 'ready';
    })
    .catch((err: Error) => {
      state = 'error';
      message = err.message;
      opts.onError?.(err);
      throw err;
    });
  // Nobody has to await `ready`; a failed load is reported by health() and by the calls themselves.
  ready.catch(() => {});

  return {
    kind: 'in-process',
    engine,
    ready,
    enroll: (_subject, jpeg) =>
      admit(async () => {
        const r = await (await engine).describe(jpeg);
        return r.ok ? { ok: true, descriptor: r.descriptor, face: r.face } : r;
      }, 'enroll'),
    detect: (_subject, jpeg, o) =>
      admit(async () => {
        const e = await engine;
        const r = await mapImageErrors(() => e.detect(jpeg, { phone: o?.phone ?? false }));
        return { faceCount: r.faces.length, phone: r.phone, phoneScore: r.phoneScore };
      }),
    verify: (_subject, jpeg, descriptor, opts) =>
      admit(async () => {
        const e = await engine;
        try {
          const r = await mapImageErrors(() => e.verify(jpeg, descriptor, opts));
          return {
            status: r.status,
            distance: r.distance,
            faceCount: r.faces.length,
            annotatedJpeg: r.annotatedJpeg,
            guidance: r.guidance,
            liveness: r.liveness,
            yaw: r.yaw,
          };
        } catch (err) {
          // A stored descriptor of another model (or a broken row) cannot be compared: ask for a new enrolment.
          if (err instanceof TypeError) {
            throw new AppError('FACE_NOT_ENROLLED', 'The enrolled face cannot be used. Please enroll again.');
          }
          throw err;
        }
      }),
    health() {
      const info = loaded?.info();
      return {
        state,
        backend: info ? `in-process ${info.backend}` : 'in-process',
        models: info?.models ?? [],
        queued: inFlight,
        ...(message ? { message } : {}),
      };
    },
    async close() {
      await (await engine).close();
    },
  };
}
