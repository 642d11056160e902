// Phantom-face filter: the detector can return a second, overlapping box for one face (e.g. a studio portrait
// gave a second box at score 0.55), and tiny low-detail boxes in the background. Both are removed here,
// after the detector and before anything counts faces, so every caller sees the same faces.
import type { FaceBox } from './types';

/** Two boxes overlapping by more than this intersection-over-union are one face (the higher score is kept). */
export const FACE_IOU_THRESHOLD = 0.3;
/** A box lying mostly (this share of its own area) inside a kept box is the same face seen twice. */
export const FACE_CONTAINED_SHARE = 0.6;
/** A face's shorter side must be at least this share of the frame's shorter side (640×480 webcam: 29 px). */
export const MIN_FACE_FRACTION = 0.06;

function area(b: FaceBox): number {
  return Math.max(0, b.width) * Math.max(0, b.height);
}

function intersection(a: FaceBox, b: FaceBox): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

export function iou(a: FaceBox, b: FaceBox): number {
  const inter = intersection(a, b);
  const union = area(a) + area(b) - inter;
  return union > 0 ? inter / union : 0;
}

/** True when b is the same face as the (higher-scored) kept box a. */
function sameFace(a: FaceBox, b: FaceBox): boolean {
  if (iou(a, b) > FACE_IOU_THRESHOLD) return true;
  const inter = intersection(a, b);
  const smaller = Math.min(area(a), area(b));
  return smaller > 0 && inter / smaller > FACE_CONTAINED_SHARE;
}

/**
 * Greedy non-maximum suppression by score plus a minimum face size relative to the frame.
 * Returns the kept faces, highest score first.
 */
export function suppressFaces(faces: readonly FaceBox[], frame: { width: number; height: number }): FaceBox[] {
  const minSide = MIN_FACE_FRACTION * Math.min(frame.width, frame.height);
  const sorted = faces
    .filter((f) => Math.min(f.width, f.height) >= minSide)
    .slice()
    .sort((a, b) => b.score - a.score);
  const kept: FaceBox[] = [];
  for (const f of sorted) if (!kept.some((k) => sameFace(k, f))) kept.push(f);
  return kept;
}
