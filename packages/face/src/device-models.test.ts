// Issue 26: the page's integer BlazeFace and FaceMesh (device-models.ts) see what the package's originals see.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPagePath } from '../test/device-path';
import { readManifest } from '../test/fixtures';
import {
  DEVICE_MODEL_DTYPE,
  DEVICE_QUANTISED_MODELS,
  deviceModel,
  type GraphModelJson,
  quantiseAffine,
  quantiseGraphModel,
} from './device-models';
import { decodeImage, encodeJpeg, letterbox } from './image';

const require = createRequire(import.meta.url);
const packageModels = path.join(path.dirname(require.resolve('@vladmandic/human')), '..', 'models');

/**
 * How far the device's copies may move the gate's figures. Measured on these photos (as they are and as 640x480
 * webcam frames, 52 faces): mesh scores the same, box scores within 0.03, box edges within 1.4 % of the face's
 * width (packages/face/README.md).
 */
const MAX_MESH_SCORE_DIFF = 0.02;
const MAX_BOX_SHIFT = 0.03; // of the face box's width, for each edge
const MAX_BOX_SCORE_DIFF = 0.05;

describe('quantiseGraphModel', () => {
  it('writes uint8 weights within half a step of the originals, keeps zero exact and small tensors as they are', () => {
    const values = new Float32Array(2000).map((_, i) => Math.sin(i) * (i % 7 === 0 ? 0 : 0.3) - 0.05);
    const bias = new Float32Array([0.5, -1.25]);
    const ints = new Int32Array([3, 1, 4]);
    const bin = new Uint8Array([
      ...new Uint8Array(values.buffer),
      ...new Uint8Array(bias.buffer),
      ...new Uint8Array(ints.buffer),
    ]);
    const model: GraphModelJson = {
      format: 'graph-model',
      weightsManifest: [
        {
          paths: ['m.bin'],
          weights: [
            { name: 'w', shape: [20, 100], dtype: 'float32' },
            { name: 'b', shape: [2], dtype: 'float32' },
            { name: 'i', shape: [3], dtype: 'int32' },
          ],
        },
      ],
    };
    const q = quantiseGraphModel(model, bin, 'uint8');
    const [w, b, i] = q.model.weightsManifest[0]?.weights ?? [];
    expect(w?.quantization).toMatchObject({ dtype: 'uint8', original_dtype: 'float32' });
    expect(b).toEqual(model.weightsManifest[0]?.weights[1]);
    expect(i).toEqual(model.weightsManifest[0]?.weights[2]);
    expect(q.bin.length).toBe(2000 + 8 + 12);
    const { min = 0, scale = 0 } = w?.quantization ?? {};
    for (let k = 0; k < values.length; k++) {
      const back = (q.bin[k] ?? 0) * scale + min;
      expect(Math.abs(back - (values[k] ?? 0))).toBeLessThanOrEqual(scale / 2 + 1e-7);
      if (values[k] === 0) expect(Math.abs(back)).toBeLessThan(1e-9);
    }
    expect(Buffer.from(q.bin.subarray(2000)).equals(Buffer.from(bin.subarray(8000)))).toBe(true);
    expect(() => quantiseGraphModel(model, bin.subarray(0, 100), 'uint8')).toThrow(/past the end/);
    const wide = quantiseGraphModel(model, bin, 'uint16');
    expect(wide.bin.length).toBe(4000 + 8 + 12);
    const w16 = wide.model.weightsManifest[0]?.weights[0]?.quantization;
    expect(w16?.dtype).toBe('uint16');
    const first = new DataView(wide.bin.buffer, wide.bin.byteOffset).getUint16(2, true);
    expect(Math.abs(first * (w16?.scale ?? 0) + (w16?.min ?? 0) - (values[1] ?? 0))).toBeLessThanOrEqual(
      (w16?.scale ?? 0) / 2 + 1e-9,
    );
  });

  it('a constant tensor comes back exactly', () => {
    const q = quantiseAffine(new Float64Array(100).fill(0.25), 'uint16');
    expect(q.bytes.length).toBe(200);
    expect(q.bytes.every((b) => b * q.scale + q.min === 0.25)).toBe(true);
  });

  it.each(DEVICE_QUANTISED_MODELS)(
    '%s: the same bytes every time, about a quarter of the float32 size',
    async (name) => {
      const [a, b] = [await deviceModel(packageModels, name), await deviceModel(packageModels, name)];
      expect(a.bin.equals(b.bin)).toBe(true);
      expect(a.json.equals(b.json)).toBe(true);
      const original = JSON.parse(readFileSync(path.join(packageModels, `${name}.json`), 'utf8')) as GraphModelJson;
      const floats = (original.weightsManifest[0]?.weights ?? []).reduce(
        (n, w) => n + (w.dtype === 'float32' ? w.shape.reduce((x, y) => x * y, 1) : 0),
        0,
      );
      const bytesPerValue = DEVICE_MODEL_DTYPE[name] === 'uint8' ? 1 : 2;
      expect(a.bin.length).toBeLessThan(floats * bytesPerValue * 1.05);
      expect(JSON.parse(a.json.toString('utf8'))).toHaveProperty('modelTopology');
    },
  );
});

describe('the device models on the face photos', () => {
  let device: Awaited<ReturnType<typeof loadPagePath>>;
  let original: Awaited<ReturnType<typeof loadPagePath>>;
  beforeAll(async () => {
    // Only the face models are quantised: the object detector (the same file on both paths) stays out.
    device = await loadPagePath({ objects: false });
    original = await loadPagePath({ models: 'original', objects: false });
  });

  const photos = readManifest();
  it.each(photos.map((p) => [p.file, p.path] as const))(
    '%s: the same faces, mesh and box scores within 0.02 and 0.05, box edges within 3 % of the face width',
    async (_file, file) => {
      for (const frame of [readFileSync(file), encodeJpeg(letterbox(decodeImage(readFileSync(file)), 640, 480), 90)]) {
        const [q, f] = [await device.gated(frame), await original.gated(frame)];
        expect(q.faces.length).toBe(f.faces.length);
        for (const face of f.faces) {
          // The same face: the 8-bit face nearest to it.
          const centre = (g: { x: number; y: number; width: number; height: number }) =>
            [g.x + g.width / 2, g.y + g.height / 2] as const;
          const [cx, cy] = centre(face);
          const match = [...q.faces].sort(
            (a, b) =>
              Math.hypot(centre(a)[0] - cx, centre(a)[1] - cy) - Math.hypot(centre(b)[0] - cx, centre(b)[1] - cy),
          )[0];
          if (!match) throw new Error('no face');
          expect(Math.abs(match.meshScore - face.meshScore)).toBeLessThanOrEqual(MAX_MESH_SCORE_DIFF);
          expect(Math.abs(match.score - face.score)).toBeLessThanOrEqual(MAX_BOX_SCORE_DIFF);
          const tol = MAX_BOX_SHIFT * face.width;
          expect(Math.abs(match.x - face.x)).toBeLessThanOrEqual(tol);
          expect(Math.abs(match.y - face.y)).toBeLessThanOrEqual(tol);
          expect(Math.abs(match.x + match.width - (face.x + face.width))).toBeLessThanOrEqual(tol);
          expect(Math.abs(match.y + match.height - (face.y + face.height))).toBeLessThanOrEqual(tol);
        }
      }
    },
  );
});
