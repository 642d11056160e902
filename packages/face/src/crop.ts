// Face crops for the descriptor (issue 27: server CPU per check). face-api's extractFaceTensors slices the frame
// tensor, and the wasm backend's slice first copies the WHOLE source tensor out of wasm memory (4.9 MB for a
// 640×640 frame) for every crop — two per face. This reads the box from the frame's values already in JS instead.
// Same box (face-api's own forSize and clipAtImageBorders, so the same rounding), same values.
import type { Tf } from './tf-runtime';

// biome-ignore lint/suspicious/noExplicitAny: tfjs tensors and face-api boxes from the untyped bundles
type Any = any;

/** A face-api FaceDetection (relative box) or Rect/Box (pixels) → its crop of the square frame [size, size, 3]. */
export function cropFaceTensor(tf: Tf, rgb: Float32Array, size: number, det: Any): Any {
  const box = typeof det.forSize === 'function' ? det.forSize(size, size).box : det;
  const { x, y, width, height } = box.clipAtImageBorders(size, size);
  if (!(width > 0 && height > 0)) throw new Error('face engine: the face box lies outside the frame');
  const out = new Float32Array(width * height * 3);
  for (let r = 0; r < height; r++) {
    const from = ((y + r) * size + x) * 3;
    out.set(rgb.subarray(from, from + width * 3), r * width * 3);
  }
  return tf.tensor3d(out, [height, width, 3], 'float32');
}
