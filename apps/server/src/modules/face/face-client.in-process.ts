/**
 * The in-process FaceClient: the @assessly/face engine in this process (default for `npm start`).
 * Models load in the background (start-up is not blocked); a call made while they load simply waits.
 */
import { createFaceEngine, DescriptorModelError, type FaceEngine, FaceImageError } from '@assessly/face';
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

/**
 * The most calls that may wait in one process's queue, whatever they cost: a bound on the memory decoded frames
 * hold (a 640×480 frame is about 0.9 MB). What normally refuses a call is the expected wait (below), not this.
 */
export const DEFAULT_MAX_QUEUE = 160;
/**
 * A check is refused (FACE_BUSY) when the calls ahead of it would take longer than this, at the engine's recent
 * time per call. A spot check's answer counts as in time when it arrives, so waiting here does not make it late;
 * the bound stays under the API's 30 s timeout for a remote face service, so a call is either answered or refused
 * at once, never left to time out. A burst of a whole drive's page loads waits; only a sustained overload is
 * refused, and the page asks again later (retrySpread).
 */
export const DEFAULT_MAX_WAIT_MS = 20_000;
/** Enrolments may wait a quarter longer (25 s by default): a candidate whose enrolment is refused cannot start. */
const ENROL_WAIT_FACTOR = 1.25;
/** The time per call assumed until the engine has answered one (a verify on one core: ~60–180 ms). */
const FIRST_ESTIMATE_MS = 150;

/**
 * The engine's recent time per call, from completions: the engine runs one call at a time in order, so a call
 * admitted while others waited started when the one before it finished. An exponential average of the last few.
 */
export function serviceTimeEstimator(first = FIRST_ESTIMATE_MS) {
  let estimate = first;
  let lastDone = Number.NEGATIVE_INFINITY;
  return {
    get ms() {
      return estimate;
    },
    /** One call finished: admitted at `start`, done at `now` (ms of one monotonic clock). */
    done(start: number, now: number) {
      const sample = Math.max(1, now - Math.max(start, lastDone));
      lastDone = now;
      estimate = estimate * 0.8 + sample * 0.2;
    },
  };
}

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
  opts: { engine?: FaceEngine; onError?: (err: Error) => void; maxQueue?: number; maxWaitMs?: number } = {},
): InProcessFaceClient {
  let state: FaceHealth['state'] = 'loading';
  // Inference is serialized. A call is refused at once (FACE_BUSY: a load, never an outage) when the calls ahead of
  // it would keep it waiting longer than its kind may wait, or when the queue is at its hard bound.
  const maxQueue = opts.maxQueue ?? DEFAULT_MAX_QUEUE;
  const maxWaitMs = opts.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
  const service = serviceTimeEstimator();
  let inFlight = 0;
  // Issue 23: the last quarter of the hard bound is kept for enrolments, so checks during tests (from however
  // many accounts) cannot push a candidate's enrolment out; enrolments may also wait longer.
  const reserve = Math.max(1, Math.floor(maxQueue / 4));
  const admit = async <T>(fn: () => Promise<T>, kind: 'enroll' | 'check' = 'check'): Promise<T> => {
    const enrol = kind === 'enroll';
    const wait = inFlight * service.ms;
    if (
      inFlight >= (enrol ? maxQueue : maxQueue - reserve) ||
      wait > (enrol ? maxWaitMs * ENROL_WAIT_FACTOR : maxWaitMs)
    )
      throw new AppError('FACE_BUSY', 'The face engine is busy. Please try again in a moment.');
    inFlight++;
    const start = performance.now();
    try {
      const result = await fn();
      // only calls that ran the models count (a frame refused while decoding never held the engine)
      service.done(start, performance.now());
      return result;
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
            phoneScore: r.phoneScore,
          };
        } catch (err) {
          // A stored descriptor of another model (an enrolment made before issue 41's model: DescriptorModelError)
          // or a broken row cannot be compared: ask for a new enrolment.
          if (err instanceof DescriptorModelError) {
            throw new AppError(
              'FACE_NOT_ENROLLED',
              'Your face was enrolled with an older face model and cannot be compared. Please enroll again.',
            );
          }
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
