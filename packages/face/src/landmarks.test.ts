import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../test/fixtures';
import { decodeImage, toSquareRgb } from './image';
import { useFusedLandmarkFeatures } from './landmarks';
import { loadModels } from './models';

// The engine's landmark net runs its feature extractor with fused layers; it must give face-api's landmarks.
describe('fused 68-point landmark features', () => {
  it('gives the landmarks of face-api on real face crops, square and not', async () => {
    const { tf, faceapi } = await loadModels();
    const net = faceapi.nets.faceLandmark68Net;
    const original = useFusedLandmarkFeatures(tf, faceapi); // already installed by loadModels: a no-op
    const fused = net.faceFeatureExtractor.forwardInput;
    expect(fused).not.toBe(original);
    for (const file of ['obama_01.jpg', 'bbt_penny_01.png']) {
      const img = decodeImage(readFileSync(path.join(FIXTURES_DIR, file)));
      const { size, rgb } = toSquareRgb(img);
      const t3 = tf.tensor3d(rgb, [size, size, 3], 'float32');
      const side = Math.min(size, 150);
      const crops = [tf.slice(t3, [0, 0, 0], [side, side, 3]), tf.slice(t3, [0, 0, 0], [img.height, img.width, 3])];
      try {
        for (const crop of crops) {
          const ours = (await net.detectLandmarks(crop)).positions as Array<{ x: number; y: number }>;
          net.faceFeatureExtractor.forwardInput = original;
          let theirs: Array<{ x: number; y: number }>;
          try {
            theirs = (await net.detectLandmarks(crop)).positions;
          } finally {
            net.faceFeatureExtractor.forwardInput = fused;
          }
          expect(ours).toHaveLength(68);
          let max = 0;
          for (const [i, p] of ours.entries()) {
            const q = theirs[i] ?? { x: Number.NaN, y: Number.NaN };
            max = Math.max(max, Math.abs(p.x - q.x), Math.abs(p.y - q.y));
          }
          expect(max).toBeLessThan(1e-3); // pixels of the crop
          const xs = ours.map((p) => p.x);
          expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(5); // a real spread of points, not a collapse
        }
      } finally {
        tf.dispose([t3, ...crops]);
      }
    }
  });
});
