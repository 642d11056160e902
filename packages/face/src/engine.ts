// The face engine: detection (+ phone), enrolment descriptor and verification on top of the shared models.

import {
  bestPhoneScore,
  faceLumaStats,
  faceQualityIssues,
  type GatedFace,
  gateFaces,
  qualityGuidance,
} from '@assessly/shared';
import { fivePoints, type Mesh, warpCrop } from './align';
import { DESCRIPTOR_LENGTH, DESCRIPTOR_MODEL, embedFace, MIN_DESCRIPTOR_NORM } from './descriptor';
import {
  decodeImageFast,
  downscale,
  drawRect,
  encodeJpegFast,
  FaceImageError,
  type Rgb,
  type RgbaImage,
  toSquareRgb,
} from './image';
import { type HumanBox, loadModels, MODEL_NAMES, type Models } from './models';
import type {
  Descriptor,
  DetectResult,
  EnrollResult,
  FaceBox,
  FaceEngine,
  FaceEngineOptions,
  FaceQualityIssue,
  VerifyResult,
} from './types';

/**
 * Cosine distance (1 - cosine similarity) below which two descriptors are one person: similarity above 0.38.
 * One threshold for everyone (issue 41); chosen on faces-dev (README "Identity model, issue 41").
 */
export const DEFAULT_THRESHOLD = 0.62;
export { DESCRIPTOR_LENGTH, DESCRIPTOR_MODEL, MIN_DESCRIPTOR_NORM };

/**
 * A stored descriptor of another model (or of an older length) cannot be compared with this engine's: the
 * enrolment has to be made again. A TypeError, as a malformed descriptor always was; `code` tells the two apart.
 */
export class DescriptorModelError extends TypeError {
  readonly code = 'reenrol' as const;
}
/** Larger frames are shrunk to this long side before inference (bounds memory and time; webcam frames are 640x480). */
export const MAX_INFERENCE_SIDE = 1280;
/** Descriptors are computed for at most this many faces per verify call (largest-score first), to bound latency. */
export const MAX_VERIFY_FACES = 6;
/**
 * Anti-spoofing: a face whose antispoof score ("real") is below this is treated as a photo or a screen.
 * Low on purpose: on ordinary photos of real people the model gives 0.3-0.9 (README), so only a clear spoof fails.
 */
export const SPOOF_MAX_REAL = 0.2;

const GREEN: Rgb = [0, 200, 0];
const RED: Rgb = [230, 0, 0];

// biome-ignore lint/suspicious/noExplicitAny: tfjs tensors from the untyped bundles
type Tensor = any;

/** image is the (possibly shrunk) frame inference sees; scale maps its pixels back to the original (original = image / scale). */
interface Prepared {
  image: RgbaImage;
  scale: number;
  original: { width: number; height: number };
  size: number;
  /** The padded square's values (t3's data), for face crops without a round trip through wasm memory. */
  rgb: Float32Array;
  t3: Tensor;
  t4: Tensor;
}

/**
 * Tiny FIFO lock: Human keeps per-call state, so inference runs one call at a time per process. Each call first
 * yields to the event loop (setImmediate): inference settles its promises at once, so without it a backlog of
 * calls ran as one chain of microtasks and the process read no request, answered no /health and fired no timer
 * until the whole backlog was done (measured: 20 queued verifies held the loop for 2 s; issue 28).
 */
let queue: Promise<unknown> = Promise.resolve();
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
function serialize<T>(fn: () => Promise<T>): Promise<T> {
  const run = queue.then(yieldToLoop, yieldToLoop).then(fn);
  queue = run.catch(() => undefined);
  return run;
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

function prepare(m: Models, original: RgbaImage): Prepared {
  const { image, scale } = downscale(original, MAX_INFERENCE_SIDE);
  const { size, rgb } = toSquareRgb(image); // pad bottom/right so coordinates need no remapping
  const t3 = m.tf.tensor3d(rgb, [size, size, 3], 'float32');
  const t4 = m.tf.expandDims(t3, 0);
  return { image, scale, original: { width: original.width, height: original.height }, size, rgb, t3, t4 };
}

/** Box in inference pixels → original image pixels. */
function toOriginal(p: Prepared, f: FaceBox): FaceBox {
  if (p.scale === 1) return f;
  const k = 1 / p.scale;
  return {
    x: round(f.x * k),
    y: round(f.y * k),
    width: round(f.width * k),
    height: round(f.height * k),
    score: f.score,
  };
}

/** A kept face with what the quality gate measured on it (inference pixels). */
interface Seen extends GatedFace {
  issues: ReturnType<typeof faceQualityIssues>;
  /** FaceMesh landmarks (padded-square pixels) of the detection this face came from: the descriptor's alignment. */
  mesh: Mesh | undefined;
}

/** The raw detection a gated face came from (gateFaces keeps no landmarks): the nearest box centre. */
function meshOf(raw: HumanBox[], f: GatedFace): Mesh | undefined {
  let best: HumanBox | undefined;
  let bestD = Number.POSITIVE_INFINITY;
  for (const r of raw) {
    const d = Math.hypot(r.box[0] + r.box[2] / 2 - (f.x + f.width / 2), r.box[1] + r.box[3] / 2 - (f.y + f.height / 2));
    if (d < bestD) {
      bestD = d;
      best = r;
    }
  }
  return best?.mesh;
}

/**
 * Faces from the padded square through the shared human-face gate (packages/shared/src/face-detector.ts),
 * highest score first, each with its quality issues. spoof: run the anti-spoofing model too.
 */
async function detectFaces(m: Models, p: Prepared, objects: boolean, spoof = false) {
  const res = await m.human.detect(p.t4, { object: { enabled: objects }, face: { antispoof: { enabled: spoof } } });
  if (res.error) throw new Error(`face engine: detection failed: ${res.error}`);
  const gated = gateFaces(res.face, p.image);
  const faces: Seen[] = gated.faces.map((f) => ({
    ...f,
    issues: faceQualityIssues(f, faceLumaStats(p.image, f)),
    mesh: meshOf(res.face, f),
  }));
  return { faces, rejected: gated.rejected.length, phoneScore: objects ? findPhone(res.object) : null };
}

function toBox(f: GatedFace): FaceBox {
  return { x: f.x, y: f.y, width: f.width, height: f.height, score: f.score };
}

/** Highest 'cell phone' score at or above PHONE_MIN_SCORE among COCO objects, or null (the page's rule too). */
export const findPhone = bestPhoneScore;

/**
 * FaceMesh's five points → ArcFace's 112x112 template (src/align.ts) → the 512-d descriptor (src/descriptor.ts).
 * null when the network can read too little of the face (raw norm below MIN_DESCRIPTOR_NORM): no verdict then.
 */
async function describeFace(m: Models, p: Prepared, face: Seen): Promise<number[] | null> {
  const points = fivePoints(face.mesh);
  if (!points) return null;
  const { values, norm } = await embedFace(m.embedder, warpCrop(p.rgb, p.size, points));
  return norm < MIN_DESCRIPTOR_NORM ? null : values;
}

/** Guidance for a face the descriptor could not read although the quality gate passed it. */
const UNREADABLE: FaceQualityIssue[] = ['unreadable'];

function checkDescriptor(d: Descriptor, name: string): void {
  if (!d || !Array.isArray(d.values) || !d.values.every(Number.isFinite) || typeof d.model !== 'string') {
    throw new TypeError(`${name}: expected {values: finite numbers, model}`);
  }
  if (d.model !== DESCRIPTOR_MODEL || d.values.length !== DESCRIPTOR_LENGTH)
    throw new DescriptorModelError(
      `${name}: made with ${d.model} (${d.values.length} values), not ${DESCRIPTOR_MODEL} (${DESCRIPTOR_LENGTH}): enrol again`,
    );
}

/** Cosine distance, 1 - cos (0 = the same direction, 2 = opposite); both descriptors are unit length. */
export function cosineDistance(a: Descriptor, b: Descriptor): number {
  checkDescriptor(a, 'descriptor a');
  checkDescriptor(b, 'descriptor b');
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.values.length; i++) {
    const x = a.values[i] ?? 0;
    const y = b.values[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return 1 - dot / (Math.sqrt(na * nb) || 1);
}

function annotate(image: RgbaImage, faces: FaceBox[], matched: boolean[]): Promise<Buffer> {
  const copy: RgbaImage = { width: image.width, height: image.height, data: new Uint8Array(image.data) };
  const thickness = Math.max(2, Math.round(Math.min(image.width, image.height) / 160));
  for (const [i, f] of faces.entries()) drawRect(copy, f, matched[i] ? GREEN : RED, thickness);
  return encodeJpegFast(copy, 85);
}

export async function createEngine(opts: FaceEngineOptions = {}): Promise<FaceEngine> {
  const threshold = opts.threshold ?? DEFAULT_THRESHOLD;
  if (!(threshold > 0 && threshold < 2)) throw new RangeError('threshold must be between 0 and 2 (cosine distance)');
  const detectPhone = opts.detectPhone ?? true;
  let loaded: Models | undefined;
  let closed = false;

  // Decode outside the lock (it throws FaceImageError early); run models inside it; always free tensors.
  async function withFrame<T>(bytes: Buffer, fn: (m: Models, p: Prepared) => Promise<T>): Promise<T> {
    if (closed) throw new Error('face engine is closed');
    const image = await decodeImageFast(bytes);
    const m = await loadModels();
    loaded = m;
    return serialize(async () => {
      const p = prepare(m, image);
      try {
        return await fn(m, p);
      } finally {
        m.tf.dispose([p.t3, p.t4]);
      }
    });
  }

  const engine: FaceEngine = {
    threshold,

    async load() {
      loaded = await loadModels();
      return { loadMs: loaded.loadMs };
    },

    async detect(bytes, callOpts) {
      const started = performance.now();
      return withFrame(bytes, async (m, p): Promise<DetectResult> => {
        const { faces, rejected, phoneScore } = await detectFaces(m, p, callOpts?.phone ?? detectPhone);
        return {
          faces: faces.map((f) => toOriginal(p, toBox(f))),
          ignored: rejected,
          phone: phoneScore !== null,
          phoneScore,
          ...p.original,
          ms: round(performance.now() - started),
        };
      });
    },

    async describe(bytes) {
      try {
        return await withFrame(bytes, async (m, p): Promise<EnrollResult> => {
          const { faces } = await detectFaces(m, p, false, true);
          const face = faces[0];
          if (!face)
            return {
              ok: false,
              reason: 'no_face',
              message: 'No face detected. Make sure your face is clearly visible and well lit.',
            };
          if (faces.length > 1) {
            return {
              ok: false,
              reason: 'multiple_faces',
              message: `${faces.length} faces detected. Make sure only you are in front of the camera.`,
            };
          }
          if (face.issues.length)
            return { ok: false, reason: 'poor_quality', issues: face.issues, message: qualityGuidance(face.issues) };
          const values = await describeFace(m, p, face);
          if (!values)
            return { ok: false, reason: 'poor_quality', issues: UNREADABLE, message: qualityGuidance(UNREADABLE) };
          if (face.real !== null && face.real < SPOOF_MAX_REAL)
            return {
              ok: false,
              reason: 'spoof',
              message:
                'This looks like a photo or a screen rather than a live face. Face the camera yourself, without a picture in front of it.',
            };
          return {
            ok: true,
            descriptor: { values, model: DESCRIPTOR_MODEL },
            face: toOriginal(p, toBox(face)),
            real: face.real,
          };
        });
      } catch (err) {
        if (err instanceof FaceImageError) return { ok: false, reason: 'bad_image', message: err.message };
        throw err;
      }
    },

    async verify(bytes, enrolled, verifyOpts) {
      checkDescriptor(enrolled, 'enrolled descriptor');
      const started = performance.now();
      return withFrame(bytes, async (m, p): Promise<VerifyResult> => {
        const c0 = process.cpuUsage();
        const { faces, phoneScore } = await detectFaces(m, p, verifyOpts?.phone === true, true);
        const c1 = process.cpuUsage(c0);
        // Only faces good enough for a reliable descriptor get one (and a verdict); the others get guidance.
        const distances: Array<number | null> = [];
        const unreadable: boolean[] = [];
        for (const [i, face] of faces.entries()) {
          if (i >= MAX_VERIFY_FACES || face.issues.length) {
            distances.push(null);
            continue;
          }
          const values = await describeFace(m, p, face);
          if (!values) {
            unreadable[i] = true;
            distances.push(null);
            continue;
          }
          distances.push(Math.round(cosineDistance({ values, model: DESCRIPTOR_MODEL }, enrolled) * 10000) / 10000);
        }
        const c2 = process.cpuUsage(c0);
        const cpuMs = (c: NodeJS.CpuUsage) => round((c.user + c.system) / 1000);
        const matched = distances.map((d) => d !== null && d < threshold);
        const decided = distances.filter((d): d is number => d !== null);
        const best = decided.length ? Math.min(...decided) : null;
        const status =
          faces.length === 0
            ? 'not_detected'
            : matched.some(Boolean)
              ? 'matched'
              : decided.length
                ? 'not_matched'
                : 'unclear';
        const firstIssues = faces[0]?.issues.length ? faces[0].issues : unreadable[0] ? UNREADABLE : [];
        // Anti-spoofing on the face that matched (or the main face): a failure is its own finding, not a mismatch.
        const judged = faces[matched.indexOf(true)] ?? faces[0];
        const real = judged?.real ?? null;
        const live = real === null || real >= SPOOF_MAX_REAL;
        return {
          status,
          distance: best,
          faces: faces.map((f) => toOriginal(p, toBox(f))),
          distances,
          threshold,
          guidance: status === 'unclear' ? qualityGuidance(firstIssues) : null,
          issues: status === 'unclear' ? firstIssues : [],
          liveness: { real, passed: live, threshold: SPOOF_MAX_REAL },
          yaw: judged?.yaw ?? null,
          annotatedJpeg:
            verifyOpts?.annotate === 'flagged' && status === 'matched' && faces.length === 1 && live && !phoneScore
              ? Buffer.alloc(0)
              : await annotate(p.image, faces, matched),
          phoneScore,
          ms: round(performance.now() - started),
          cpu: { detectMs: cpuMs(c1), descriptorMs: round(cpuMs(c2) - cpuMs(c1)) },
        };
      });
    },

    distance: cosineDistance,

    info() {
      return {
        backend: loaded ? `tfjs-${loaded.tf.getBackend()}` : 'tfjs-wasm',
        models: [...MODEL_NAMES],
        ready: loaded !== undefined,
      };
    },

    async close() {
      closed = true;
      await queue.catch(() => undefined); // let in-flight calls finish; models stay loaded for other engines
    },
  };
  if (opts.preload) await engine.load();
  return engine;
}
