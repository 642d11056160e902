// Loads the models once per process: Human (BlazeFace detector + CenterNet objects) and face-api
// (68-point landmarks + 128-d recognition net), all on the shared tfjs wasm engine.
import { createRequire } from 'node:module';
import path from 'node:path';
import { FACE_DETECTION, humanDetectorConfig, PHONE_RULE } from '@assessly/shared';
import { useFusedLandmarkFeatures } from './landmarks';
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
// biome-ignore lint/suspicious/noExplicitAny: face-api's node-wasm bundle is untyped here
export type FaceApi = any;

export const DETECTOR_MIN_SCORE = FACE_DETECTION.boxMinScore;
export const PHONE_MIN_SCORE = PHONE_RULE.minScore;
export const MODEL_NAMES = [
  'human/blazeface (face detector)',
  'human/facemesh (human-face gate, head pose)',
  'human/antispoof (photo/screen check)',
  'human/centernet (COCO objects, "cell phone")',
  'face-api/face_landmark_68 (alignment)',
  'face-api/face_recognition (128-d descriptor)',
];

export interface Models {
  tf: Tf;
  human: HumanLike;
  faceapi: FaceApi;
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
    // Resolve the packages' own files on disk; their "exports" do not list the node-wasm builds.
    const humanDist = path.dirname(require.resolve('@vladmandic/human'));
    const faceApiDist = path.dirname(require.resolve('@vladmandic/face-api'));
    const { Human } = require(path.join(humanDist, 'human.node-wasm.js')) as { Human: new (c: unknown) => HumanLike };
    const faceapi: FaceApi = require(path.join(faceApiDist, 'face-api.node-wasm.js'));
    const human = new Human(humanConfig(toFileUrl(path.join(humanDist, '..', 'models'))));
    await withFileFetch(() => human.load());
    for (const name of ['blazeface', 'facemesh', 'antispoof', 'centernet']) {
      if (!human.models.models[name]) throw new Error(`face engine: Human model ${name} failed to load`);
    }
    const faceApiModels = path.join(faceApiDist, '..', 'model');
    await faceapi.nets.faceLandmark68Net.loadFromDisk(faceApiModels);
    await faceapi.nets.faceRecognitionNet.loadFromDisk(faceApiModels);
    useFusedLandmarkFeatures(tf, faceapi); // same weights, fused layers (src/landmarks.ts)
    return { tf, human, faceapi, loadMs: performance.now() - started };
  })();
  modelsPromise.catch(() => {
    modelsPromise = undefined;
  }); // allow a retry after a failed load
  return modelsPromise;
}
