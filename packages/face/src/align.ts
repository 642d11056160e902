// Face alignment for the identity descriptor (issue 41): five points from FaceMesh's 468 landmarks, a similarity
// transform (rotation, uniform scale, shift; least squares, Umeyama 1991) onto ArcFace's 112x112 five-point
// template, and a bilinear warp of the padded frame. This is the alignment the ArcFace-family models were
// trained on (insightface's `norm_crop`), so the descriptor sees faces the way it learnt them.

/** ArcFace's five-point template in a 112x112 crop: subject's right eye, left eye, nose tip, right and left mouth corner. */
export const ARCFACE_TEMPLATE: ReadonlyArray<readonly [number, number]> = [
  [38.2946, 51.6963],
  [73.5318, 51.5014],
  [56.0252, 71.7366],
  [41.5493, 92.3655],
  [70.7299, 92.2041],
];

// FaceMesh (MediaPipe 468-point topology) indices. Eye centre = mean of the eye's contour ring; nose tip;
// mouth corners. "Right" is the subject's right (the image's left).
const RIGHT_EYE_RING = [33, 7, 163, 144, 145, 153, 154, 155, 133, 173, 157, 158, 159, 160, 161, 246];
const LEFT_EYE_RING = [263, 249, 390, 373, 374, 380, 381, 382, 362, 398, 384, 385, 386, 387, 388, 466];
const NOSE_TIP = 4;
const MOUTH_RIGHT = 61;
const MOUTH_LEFT = 291;

export type Point = readonly [number, number];
export type Mesh = ReadonlyArray<readonly number[]>;

function mean(mesh: Mesh, idx: readonly number[]): Point {
  let x = 0;
  let y = 0;
  for (const i of idx) {
    const p = mesh[i];
    x += p?.[0] ?? 0;
    y += p?.[1] ?? 0;
  }
  return [x / idx.length, y / idx.length];
}

/** The five points (template order) from a FaceMesh, in the mesh's pixel coordinates. Null without a full mesh. */
export function fivePoints(mesh: Mesh | undefined): Point[] | null {
  if (!mesh || mesh.length < 468) return null;
  const at = (i: number): Point => [mesh[i]?.[0] ?? 0, mesh[i]?.[1] ?? 0];
  return [mean(mesh, RIGHT_EYE_RING), mean(mesh, LEFT_EYE_RING), at(NOSE_TIP), at(MOUTH_RIGHT), at(MOUTH_LEFT)];
}

/** [a, b, tx, ty]: dst = [[a, -b], [b, a]] · src + t, the least-squares similarity from src to dst points. */
export function similarity(src: readonly Point[], dst: readonly Point[]): [number, number, number, number] {
  const n = src.length;
  let sx = 0;
  let sy = 0;
  let dx = 0;
  let dy = 0;
  for (let i = 0; i < n; i++) {
    sx += src[i]![0];
    sy += src[i]![1];
    dx += dst[i]![0];
    dy += dst[i]![1];
  }
  sx /= n;
  sy /= n;
  dx /= n;
  dy /= n;
  let num1 = 0;
  let num2 = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    const px = src[i]![0] - sx;
    const py = src[i]![1] - sy;
    const qx = dst[i]![0] - dx;
    const qy = dst[i]![1] - dy;
    num1 += px * qx + py * qy;
    num2 += px * qy - py * qx;
    den += px * px + py * py;
  }
  if (!(den > 0)) throw new Error('face engine: degenerate landmarks');
  const a = num1 / den;
  const b = num2 / den;
  return [a, b, dx - (a * sx - b * sy), dy - (b * sx + a * sy)];
}

/**
 * The aligned crop (side x side RGB, 0..255, HWC) of a square frame's values `rgb` (size x size x 3): each output
 * pixel maps back through the inverse similarity and is sampled bilinearly; outside the frame is black (the
 * padded square's own padding is black too).
 */
export function warpCrop(
  rgb: Float32Array,
  size: number,
  points: readonly Point[],
  side = 112,
  template: ReadonlyArray<readonly [number, number]> = ARCFACE_TEMPLATE,
): Float32Array {
  const k = side / 112;
  const dst = template.map(([x, y]) => [x * k, y * k] as const);
  const [a, b, tx, ty] = similarity(points, dst);
  // Inverse of [[a, -b], [b, a]]: [[a, b], [-b, a]] / (a² + b²).
  const det = a * a + b * b;
  const ia = a / det;
  const ib = b / det;
  const out = new Float32Array(side * side * 3);
  const max = size - 1;
  for (let v = 0; v < side; v++) {
    for (let u = 0; u < side; u++) {
      const qx = u - tx;
      const qy = v - ty;
      const x = ia * qx + ib * qy;
      const y = -ib * qx + ia * qy;
      const o = (v * side + u) * 3;
      if (!(x >= 0 && y >= 0 && x <= max && y <= max)) continue; // outside the frame: black
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const x1 = x0 < max ? x0 + 1 : x0;
      const y1 = y0 < max ? y0 + 1 : y0;
      const fx = x - x0;
      const fy = y - y0;
      const w00 = (1 - fx) * (1 - fy);
      const w10 = fx * (1 - fy);
      const w01 = (1 - fx) * fy;
      const w11 = fx * fy;
      const i00 = (y0 * size + x0) * 3;
      const i10 = (y0 * size + x1) * 3;
      const i01 = (y1 * size + x0) * 3;
      const i11 = (y1 * size + x1) * 3;
      for (let c = 0; c < 3; c++) {
        out[o + c] =
          (rgb[i00 + c] as number) * w00 +
          (rgb[i10 + c] as number) * w10 +
          (rgb[i01 + c] as number) * w01 +
          (rgb[i11 + c] as number) * w11;
      }
    }
  }
  return out;
}

/** Scale of the similarity (output px per frame px): below about 1 the crop is upsampled from fewer pixels. */
export function alignScale(points: readonly Point[]): number {
  const [a, b] = similarity(points, ARCFACE_TEMPLATE);
  return Math.hypot(a, b);
}
