/**
 * On-device detection (issue 17): faces and phones on the candidate's own device, with Human (tfjs, wasm
 * backend) loaded from this app's server (/api/proctoring/runtime/: the npm bundle, the wasm binaries and the
 * BlazeFace + CenterNet models; no CDN). The same phantom-face rule as the server (overlap suppression and a
 * minimum face size relative to the frame) so one person counts as one face.
 */
export const RUNTIME = '/api/proctoring/runtime/';
/** Same figures as packages/face/src/suppress.ts. */
const IOU_THRESHOLD = 0.3;
const CONTAINED_SHARE = 0.6;
const MIN_FACE_FRACTION = 0.06;
const PHONE_MIN_SCORE = 0.3;

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
  score: number;
}

export interface DeviceCheck {
  faces: number;
  phone: boolean;
  ms: number;
}

export interface DeviceDetector {
  check(video: HTMLVideoElement): Promise<DeviceCheck>;
  backend: string;
}

interface HumanLike {
  load(): Promise<void>;
  detect(input: unknown): Promise<{
    face: { box: [number, number, number, number]; score: number }[];
    object: { label: string; score: number }[];
    error?: string | null;
  }>;
  tf: { getBackend(): string };
}

function overlap(a: Box, b: Box): boolean {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  const inter = w > 0 && h > 0 ? w * h : 0;
  const union = a.w * a.h + b.w * b.h - inter;
  const smaller = Math.min(a.w * a.h, b.w * b.h);
  return (union > 0 && inter / union > IOU_THRESHOLD) || (smaller > 0 && inter / smaller > CONTAINED_SHARE);
}

export function countFaces(boxes: Box[], width: number, height: number): number {
  const min = MIN_FACE_FRACTION * Math.min(width, height);
  const kept: Box[] = [];
  for (const b of boxes.filter((x) => Math.min(x.w, x.h) >= min).sort((a, c) => c.score - a.score))
    if (!kept.some((k) => overlap(k, b))) kept.push(b);
  return kept.length;
}

let loading: Promise<DeviceDetector> | null = null;

/** Loads the runtime once per page; rejects when the device cannot run it (the page then relies on spot checks). */
export function loadDeviceDetector(): Promise<DeviceDetector> {
  loading ??= (async () => {
    const mod = (await import(/* @vite-ignore */ `${RUNTIME}human.esm.js`)) as {
      Human: new (config: unknown) => HumanLike;
    };
    const off = { enabled: false };
    const human = new mod.Human({
      backend: 'wasm',
      wasmPath: RUNTIME,
      modelBasePath: RUNTIME,
      debug: false,
      async: true,
      warmup: 'none',
      cacheSensitivity: 0,
      filter: off,
      gesture: off,
      body: off,
      hand: off,
      segmentation: off,
      face: {
        enabled: true,
        detector: {
          modelPath: 'blazeface.json',
          rotation: false,
          maxDetected: 6,
          minConfidence: 0.5,
          iouThreshold: 0.2,
          return: false,
          skipFrames: 0,
          skipTime: 0,
        },
        mesh: off,
        iris: off,
        description: off,
        emotion: off,
        antispoof: off,
        liveness: off,
        attention: off,
      },
      object: {
        enabled: true,
        modelPath: 'centernet.json',
        minConfidence: 0.2,
        maxDetected: 10,
        skipFrames: 0,
        skipTime: 0,
      },
    });
    await human.load();
    return {
      backend: human.tf.getBackend(),
      async check(video) {
        const started = performance.now();
        const res = await human.detect(video);
        if (res.error) throw new Error(res.error);
        const boxes = res.face.map((f) => ({ x: f.box[0], y: f.box[1], w: f.box[2], h: f.box[3], score: f.score }));
        return {
          faces: countFaces(boxes, video.videoWidth, video.videoHeight),
          phone: res.object.some((o) => o.label === 'cell phone' && o.score >= PHONE_MIN_SCORE),
          ms: performance.now() - started,
        };
      },
    };
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
