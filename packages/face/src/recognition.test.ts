import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../test/fixtures';
import { decodeImage, toSquareRgb } from './image';
import { loadModels } from './models';
import { computeDescriptor } from './recognition';

// The fused recognition net (folded scale layers, fused conv + bias + relu) must give face-api's own descriptor.
describe('computeDescriptor (fused face-api recognition net)', () => {
  it('matches faceRecognitionNet.computeFaceDescriptor on real face crops', async () => {
    const m = await loadModels();
    const { tf, faceapi } = m;
    for (const file of ['obama_01.jpg', 'bbt_penny_01.png']) {
      const img = decodeImage(readFileSync(path.join(FIXTURES_DIR, file)));
      const { size, rgb } = toSquareRgb(img);
      const t3 = tf.tensor3d(rgb, [size, size, 3], 'float32');
      // A crop around the face and a crop of the whole frame: both go through both nets.
      const crops = [
        tf.slice(t3, [0, 0, 0], [Math.min(size, 150), Math.min(size, 150), 3]),
        tf.slice(t3, [0, 0, 0], [img.height, img.width, 3]),
      ];
      try {
        for (const crop of crops) {
          const ours = await computeDescriptor(tf, faceapi, crop);
          const theirs: Float32Array = await faceapi.nets.faceRecognitionNet.computeFaceDescriptor(crop);
          expect(ours).toHaveLength(128);
          let max = 0;
          let norm = 0;
          for (let i = 0; i < 128; i++) {
            max = Math.max(max, Math.abs((ours[i] ?? 0) - (theirs[i] ?? 0)));
            norm += (theirs[i] ?? 0) ** 2;
          }
          expect(Math.sqrt(norm)).toBeGreaterThan(0.1); // a real descriptor, not zeros
          expect(max).toBeLessThan(1e-5);
        }
      } finally {
        tf.dispose([t3, ...crops]);
      }
    }
  });
});
