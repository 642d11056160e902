// Loads the models once per process: Human (BlazeFace detector, FaceMesh, anti-spoofing, CenterNet objects) on the
// tfjs wasm engine, and the identity descriptor (src/descriptor.ts) on onnxruntime-node (issue 41).
import { createRequire } from 'node:module';
import path from 'node:path';
import { FACE_DETECTION, humanDetectorConfig, PHONE_RULE } from '@assessly/shared';
import { type Embedder, loadEmbedder } from './descriptor';
import { loadTf, type Tf, toFileUrl, withFileFetch } from './tf-runtime';

const require = createRequire(import.meta.url);

// Minimal structural types for the parts of the two libraries we call (their bundled .d.ts pull in DOM types).
export interface HumanBox {
  box: [number, number, number, number];
  score: number;
  boxScore?: number;
  faceScore?: number;
  mesh?: number[][];
  rotation?: { angle?: { yaw?: number; pitch?: number; roll?: number } } | null;
  real?: number;
}
export interface HumanObject {
  label: string;
  score: number;
  box: [number, number, number, number];
}
export interface HumanResult {
  face: HumanBox[];
  object: HumanObject[];
}
export interface HumanLike {
  load(): Promise<void>;
  detect(input: unknown, config?: Record<string, unknown>): Promise<HumanResult & { error?: string | null }>;
  models: { models: Record<string, unknown> };
}

export const DETECTOR_MIN_SCORE = FACE_DETECTION.boxMinScore;
export const PHONE_MIN_SCORE = PHONE_RULE.minScore;
export const MODEL_NAMES = [
  'human/blazeface (face detector)',
  'human/facemesh (human-face gate, head pose)',
  'human/antispoof (photo/screen check)',
  'human/centernet (COCO objects, "cell phone")',
  'faceplugin/fr_feature (512-d descriptor, onnxruntime-node; aligned with facemesh)',
];

export interface Models {
  tf: Tf;
  human: HumanLike;
  embedder: Embedder;
  loadMs: number;
}

function humanConfig(modelBasePath: string) {
  // The page builds its Human from the same function (packages/shared/src/face-detector.ts).
  return humanDetectorConfig({ modelBasePath, async: false, objects: true, antispoof: true });
}

let modelsPromise: Promise<Models> | undefined;

/** Lazily load every model once; concurrent callers share the same promise. */
export function loadModels(): Promise<Models> {
  modelsPromise ??= (async () => {
    const started = performance.now();
    const tf = await loadTf();
    // Resolve the package's own files on disk; its "exports" do not list the node-wasm build.
    const humanDist = path.dirname(require.resolve('@vladmandic/human'));
    const { Human } = require(path.join(humanDist, 'human.node-wasm.js')) as { Human: new (c: unknown) => HumanLike };
    const human = new Human(humanConfig(toFileUrl(path.join(humanDist, '..', 'models'))));
    await withFileFetch(() => human.load());
    for (const name of ['blazeface', 'facemesh', 'antispoof', 'centernet']) {
      if (!human.models.models[name]) throw new Error(`face engine: Human model ${name} failed to load`);
    }
    const embedder = await loadEmbedder();
    return { tf, human, embedder, loadMs: performance.now() - started };
  })();
  modelsPromise.catch(() => {
    modelsPromise = undefined;
  }); // allow a retry after a failed load
  return modelsPromise;
}
