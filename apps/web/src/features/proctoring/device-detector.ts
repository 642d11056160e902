/**
 * On-device detection (issue 17, issue 27): faces and phones on the candidate's own device, with Human (tfjs,
 * wasm backend; a chunk of this app's build, fetched only on a proctored test: human-runtime.ts) and the wasm
 * binaries and BlazeFace + FaceMesh models from this app's server (/api/proctoring/runtime/; no CDN). Phones are
 * the server's part since issue 41 (the page reports phone: false; the server checks the frames it sees).
 * Configuration, square padding, the human-face gate and the phone rule all come from @assessly/shared's face-detector module, the one the server uses too.
 */
import {
  type HumanFaceLike,
  humanDetectorConfig,
  type PhoneEvidence,
  PhonePersistence,
  readDeviceFrame,
  squareSide,
} from '@assessly/shared';

export const RUNTIME = '/api/proctoring/runtime/';

export interface DeviceCheck {
  /** Faces that passed the human-face gate. */
  faces: number;
  /** The phone rule fired (k of the last n checks saw a phone). */
  phone: boolean;
  /** This check's best phone score, or null. */
  phoneScore: number | null;
  /** The sightings behind `phone` (sent with a flagged frame, so the reviewer sees them). */
  phoneEvidence: PhoneEvidence;
  /** Head turn of the main face in radians (negative and positive are the two sides), or null. */
  yaw: number | null;
  ms: number;
}

export interface DeviceDetector {
  /** One check of the current video frame, or of a still already taken from it (a canvas). */
  check(source: HTMLVideoElement | HTMLCanvasElement): Promise<DeviceCheck>;
  /** Forget earlier phone sightings (the detector is shared by the entry step's live check and the test page). */
  resetPhoneRule(): void;
  backend: string;
}

interface HumanLike {
  load(config?: unknown): Promise<void>;
  detect(
    input: unknown,
    config?: unknown,
  ): Promise<{
    face: HumanFaceLike[];
    object: { label: string; score: number }[];
    error?: string | null;
  }>;
  tf: { getBackend(): string };
}

let loading: Promise<DeviceDetector> | null = null;

/** Loads the runtime once per page; rejects when the device cannot run it (the page then relies on spot checks). */
export function loadDeviceDetector(): Promise<DeviceDetector> {
  loading ??= (async () => {
    const mod = (await import('./human-runtime')) as unknown as { Human: new (config: unknown) => HumanLike };
    // Issue 41: faces only. The phone model (CenterNet, 3 MB compressed) no longer comes to the page, which keeps
    // a proctored /code under 1.5 MB in its first five minutes: the server looks for a phone in every frame it
    // checks itself (spot checks, reload checks, flagged frames; face.service.ts), with the same rule (PHONE_RULE).
    const config = humanDetectorConfig({ modelBasePath: RUNTIME, wasmPath: RUNTIME, async: true, objects: false });
    const human = new mod.Human(config);
    await human.load();
    const canvas = document.createElement('canvas');
    const phones = new PhonePersistence();
    return {
      backend: human.tf.getBackend(),
      resetPhoneRule: () => phones.reset(),
      async check(video) {
        const started = performance.now();
        const frame =
          video instanceof HTMLVideoElement
            ? { width: video.videoWidth, height: video.videoHeight }
            : { width: video.width, height: video.height };
        // Pad to a square (black, bottom/right) exactly as the server does, so both see the same pixels.
        const side = squareSide(frame.width, frame.height);
        if (canvas.width !== side) canvas.width = side;
        if (canvas.height !== side) canvas.height = side;
        const ctx = canvas.getContext('2d', { willReadFrequently: true });
        if (!ctx) throw new Error('no 2D canvas');
        ctx.fillStyle = '#000';
        ctx.fillRect(0, 0, side, side);
        ctx.drawImage(video, 0, 0, frame.width, frame.height);
        const res = await human.detect(canvas);
        if (res.error) throw new Error(res.error);
        const read = readDeviceFrame(res, frame);
        const phone = phones.push(read.phoneScore);
        return {
          faces: read.faces,
          phone,
          phoneScore: read.phoneScore,
          phoneEvidence: phones.evidence(),
          yaw: read.yaw,
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
