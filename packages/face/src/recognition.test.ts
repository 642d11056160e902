import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../test/fixtures';
import { cropFaceTensor } from './crop';
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

describe('cropFaceTensor (face crops read in JS)', () => {
  it('gives exactly the crop of faceapi.extractFaceTensors, for a detection and for a box past the border', async () => {
    const { tf, faceapi } = await loadModels();
    const img = decodeImage(readFileSync(path.join(FIXTURES_DIR, 'obama_01.jpg')));
    const { size, rgb } = toSquareRgb(img);
    const t3 = tf.tensor3d(rgb, [size, size, 3], 'float32');
    const boxes = [
      new faceapi.FaceDetection(0.9, new faceapi.Rect(101.3 / size, 57.8 / size, 90.6 / size, 97.2 / size), {
        width: size,
        height: size,
      }),
      new faceapi.Rect(size - 40.4, -12.7, 80.9, 66.1), // crosses the right and top borders: clipped alike
    ];
    try {
      for (const box of boxes) {
        const [theirs] = await faceapi.extractFaceTensors(t3, [box]);
        const ours = cropFaceTensor(tf, rgb, size, box);
        try {
          expect(ours.shape).toEqual(theirs.shape);
          expect(Array.from(await ours.data())).toEqual(Array.from(await theirs.data()));
        } finally {
          tf.dispose([ours, theirs]);
        }
      }
      expect(() => cropFaceTensor(tf, rgb, size, new faceapi.Rect(size + 5, 10, 20, 20))).toThrow(/outside the frame/);
    } finally {
      t3.dispose();
    }
  });
});
