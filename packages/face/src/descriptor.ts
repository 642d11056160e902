// The identity descriptor (issue 41): a 512-value ArcFace-style embedding (a MobileFaceNet-size network, 4.9 MB,
// `model/fr_feature.onnx` of the npm package faceplugin-face-recognition-js 0.0.1, MIT) run on the CPU by
// onnxruntime-node (its npm package carries the binaries), one thread. Input: the face aligned onto ArcFace's
// 112x112 five-point template (src/align.ts), RGB, (v - 127.5) / 128, NCHW. The descriptor is the normalised
// sum of the embeddings of the crop and of its mirror image (the usual ArcFace evaluation), compared by cosine.
// Chosen by measurement on faces-dev (bench/face-pairs.ts, README "Identity model, issue 41").
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** Stored with every descriptor; a descriptor of another model or alignment cannot be compared. */
export const DESCRIPTOR_MODEL = 'faceplugin/fr_feature-512 (facemesh 5-point arcface 112, flip)';
export const DESCRIPTOR_LENGTH = 512;
/**
 * The network's raw embedding norm (before normalising) falls with how much of a face it can read: blurred,
 * covered (dark glasses) or tiny faces give low norms (as in MagFace/AdaFace). Below this there is no verdict.
 * faces-dev: median 3.65, lowest 2.62 (dark glasses and blur), 2 of 196 photos below (README).
 */
export const MIN_DESCRIPTOR_NORM = 2.7;

const SIDE = 112;

// biome-ignore lint/suspicious/noExplicitAny: onnxruntime-node's types come from onnxruntime-common
type Ort = any;

export interface Embedder {
  ort: Ort;
  session: Ort;
  file: string;
}

let embedderPromise: Promise<Embedder> | undefined;

/** The model file inside its npm package (node_modules; never downloaded). */
export function descriptorModelFile(): string {
  return path.join(
    path.dirname(require.resolve('faceplugin-face-recognition-js/package.json')),
    'model/fr_feature.onnx',
  );
}

export function loadEmbedder(): Promise<Embedder> {
  embedderPromise ??= (async () => {
    const ort = require('onnxruntime-node');
    const file = descriptorModelFile();
    // One thread per process, like the tfjs wasm backend: "CPU ms per check" stays the cost on one core.
    const session = await ort.InferenceSession.create(file, {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
    });
    return { ort, session, file };
  })();
  embedderPromise.catch(() => {
    embedderPromise = undefined;
  });
  return embedderPromise;
}

function toInput(crop: Float32Array, mirror: boolean): Float32Array {
  const n = SIDE * SIDE;
  const x = new Float32Array(3 * n);
  for (let v = 0; v < SIDE; v++) {
    for (let u = 0; u < SIDE; u++) {
      const i = (v * SIDE + (mirror ? SIDE - 1 - u : u)) * 3;
      const o = v * SIDE + u;
      x[o] = ((crop[i] ?? 0) - 127.5) / 128;
      x[n + o] = ((crop[i + 1] ?? 0) - 127.5) / 128;
      x[2 * n + o] = ((crop[i + 2] ?? 0) - 127.5) / 128;
    }
  }
  return x;
}

async function run(e: Embedder, x: Float32Array): Promise<Float32Array> {
  const input = e.session.inputNames[0];
  const output = e.session.outputNames[0];
  const r = await e.session.run({ [input]: new e.ort.Tensor('float32', x, [1, 3, SIDE, SIDE]) });
  return r[output].data as Float32Array;
}

/** The descriptor of an aligned 112x112 RGB crop (HWC, 0..255): unit-length values and the raw norm. */
export async function embedFace(e: Embedder, crop: Float32Array): Promise<{ values: number[]; norm: number }> {
  const a = await run(e, toInput(crop, false));
  const b = await run(e, toInput(crop, true));
  let na = 0;
  let nb = 0;
  let ns = 0;
  const sum = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) {
    const ai = a[i] ?? 0;
    const bi = b[i] ?? 0;
    na += ai * ai;
    nb += bi * bi;
    sum[i] = ai + bi;
    ns += (ai + bi) ** 2;
  }
  const len = Math.sqrt(ns) || 1;
  return {
    values: Array.from(sum, (v) => Math.round((v / len) * 1e6) / 1e6),
    norm: (Math.sqrt(na) + Math.sqrt(nb)) / 2,
  };
}
