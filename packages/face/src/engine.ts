// The face engine: detection (+ phone), enrolment descriptor and verification on top of the shared models.
import {
  decodeImage,
  downscale,
  drawRect,
  encodeJpeg,
  FaceImageError,
  type Rgb,
  type RgbaImage,
  toSquareRgb,
} from './image';
import { loadModels, MODEL_NAMES, type Models, PHONE_MIN_SCORE } from './models';
import { suppressFaces } from './suppress';
import type {
  Descriptor,
  DetectResult,
  EnrollResult,
  FaceBox,
  FaceEngine,
  FaceEngineOptions,
  VerifyResult,
} from './types';

export const DEFAULT_THRESHOLD = 0.6;
export const DESCRIPTOR_MODEL = 'face-api/face_recognition_128';
export const DESCRIPTOR_LENGTH = 128;
/** Larger frames are shrunk to this long side before inference (bounds memory and time; webcam frames are 640x480). */
export const MAX_INFERENCE_SIDE = 1280;
/** Descriptors are computed for at most this many faces per verify call (largest-score first), to bound latency. */
export const MAX_VERIFY_FACES = 6;

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
  t3: Tensor;
  t4: Tensor;
}

/** Tiny FIFO lock: Human keeps per-call state, so inference runs one call at a time per process. */
let queue: Promise<unknown> = Promise.resolve();
function serialize<T>(fn: () => Promise<T>): Promise<T> {
  const run = queue.then(fn, fn);
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
  return { image, scale, original: { width: original.width, height: original.height }, size, t3, t4 };
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

/** Faces from the padded square, clipped to the real image, highest score first. */
async function detectFaces(m: Models, p: Prepared, objects: boolean) {
  const res = await m.human.detect(p.t4, { object: { enabled: objects } });
  if (res.error) throw new Error(`face engine: detection failed: ${res.error}`);
  const faces: FaceBox[] = res.face
    .map((f) => {
      const [x, y, w, h] = f.box;
      const x0 = Math.max(0, x);
      const y0 = Math.max(0, y);
      const x1 = Math.min(p.image.width, x + w);
      const y1 = Math.min(p.image.height, y + h);
      return {
        x: round(x0),
        y: round(y0),
        width: round(x1 - x0),
        height: round(y1 - y0),
        score: Math.round(f.score * 1000) / 1000,
      };
    })
    .filter((f) => f.width > 1 && f.height > 1);
  return { faces: suppressFaces(faces, p.image), phoneScore: objects ? findPhone(res.object) : null };
}

/** Highest 'cell phone' score at or above PHONE_MIN_SCORE among COCO objects, or null. */
export function findPhone(objects: ReadonlyArray<{ label: string; score: number }>): number | null {
  const scores = objects.filter((o) => o.label === 'cell phone' && o.score >= PHONE_MIN_SCORE).map((o) => o.score);
  return scores.length ? Math.max(...scores) : null;
}

/** 68-point landmarks on the detector box, dlib-style alignment, then the 128-d recognition net. */
async function describeFace(m: Models, p: Prepared, face: FaceBox): Promise<number[]> {
  const { faceapi, tf } = m;
  const s = p.size;
  const det = new faceapi.FaceDetection(
    face.score,
    new faceapi.Rect(face.x / s, face.y / s, face.width / s, face.height / s),
    { width: s, height: s },
  );
  const [crop] = await faceapi.extractFaceTensors(p.t3, [det]);
  let aligned: Tensor;
  try {
    const landmarks = await faceapi.nets.faceLandmark68Net.detectLandmarks(crop);
    const withLandmarks = faceapi.extendWithFaceLandmarks({ detection: det }, landmarks);
    const alignedBox = withLandmarks.landmarks.align(null, { useDlibAlignment: true });
    [aligned] = await faceapi.extractFaceTensors(p.t3, [alignedBox]);
    const values: Float32Array = await faceapi.nets.faceRecognitionNet.computeFaceDescriptor(aligned);
    return Array.from(values, (v) => Math.round(v * 1e6) / 1e6);
  } finally {
    tf.dispose([crop, aligned]);
  }
}

function checkDescriptor(d: Descriptor, name: string): void {
  if (!d || !Array.isArray(d.values) || d.values.length !== DESCRIPTOR_LENGTH || !d.values.every(Number.isFinite)) {
    throw new TypeError(`${name}: expected ${DESCRIPTOR_LENGTH} finite numbers`);
  }
  if (d.model !== DESCRIPTOR_MODEL)
    throw new TypeError(`${name}: descriptor model ${d.model} is not ${DESCRIPTOR_MODEL}`);
}

export function euclidean(a: Descriptor, b: Descriptor): number {
  checkDescriptor(a, 'descriptor a');
  checkDescriptor(b, 'descriptor b');
  let sum = 0;
  for (let i = 0; i < a.values.length; i++) {
    const d = (a.values[i] ?? 0) - (b.values[i] ?? 0);
    sum += d * d;
  }
  return Math.sqrt(sum);
}

function annotate(image: RgbaImage, faces: FaceBox[], matched: boolean[]): Buffer {
  const copy: RgbaImage = { width: image.width, height: image.height, data: new Uint8Array(image.data) };
  const thickness = Math.max(2, Math.round(Math.min(image.width, image.height) / 160));
  for (const [i, f] of faces.entries()) drawRect(copy, f, matched[i] ? GREEN : RED, thickness);
  return encodeJpeg(copy, 85);
}

export async function createEngine(opts: FaceEngineOptions = {}): Promise<FaceEngine> {
  const threshold = opts.threshold ?? DEFAULT_THRESHOLD;
  if (!(threshold > 0 && threshold < 2)) throw new RangeError('threshold must be between 0 and 2');
  const detectPhone = opts.detectPhone ?? true;
  let loaded: Models | undefined;
  let closed = false;

  // Decode outside the lock (it throws FaceImageError early); run models inside it; always free tensors.
  async function withFrame<T>(bytes: Buffer, fn: (m: Models, p: Prepared) => Promise<T>): Promise<T> {
    if (closed) throw new Error('face engine is closed');
    const image = decodeImage(bytes);
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
        const { faces, phoneScore } = await detectFaces(m, p, callOpts?.phone ?? detectPhone);
        return {
          faces: faces.map((f) => toOriginal(p, f)),
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
          const { faces } = await detectFaces(m, p, false);
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
          return {
            ok: true,
            descriptor: { values: await describeFace(m, p, face), model: DESCRIPTOR_MODEL },
            face: toOriginal(p, face),
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
        const { faces } = await detectFaces(m, p, false);
        const distances: number[] = [];
        for (const face of faces.slice(0, MAX_VERIFY_FACES)) {
          const values = await describeFace(m, p, face);
          distances.push(Math.round(euclidean({ values, model: DESCRIPTOR_MODEL }, enrolled) * 10000) / 10000);
        }
        const matched = distances.map((d) => d < threshold);
        const best = distances.length ? Math.min(...distances) : null;
        const status = faces.length === 0 ? 'not_detected' : matched.some(Boolean) ? 'matched' : 'not_matched';
        return {
          status,
          distance: best,
          faces: faces.map((f) => toOriginal(p, f)),
          distances,
          threshold,
          annotatedJpeg:
            verifyOpts?.annotate === 'flagged' && status === 'matched' && faces.length === 1
              ? Buffer.alloc(0)
              : annotate(p.image, faces, matched),
          ms: round(performance.now() - started),
        };
      });
    },

    distance: euclidean,

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
