import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { isIdentityPhoto, readManifest } from '../test/fixtures';
import { decodeImage, encodeJpeg, letterbox } from './image';
import { createFaceEngine, type FaceBox, type FaceEngine } from './index';
import { FACE_IOU_THRESHOLD, iou, MIN_FACE_FRACTION, suppressFaces } from './suppress';

const box = (x: number, y: number, size: number, score: number): FaceBox => ({
  x,
  y,
  width: size,
  height: size,
  score,
});
const frame = { width: 640, height: 480 };

describe('suppressFaces (overlap and minimum size)', () => {
  it('keeps one face of an overlapping pair: the higher score', () => {
    const real = box(200, 100, 200, 0.93);
    const phantom = box(230, 120, 190, 0.55); // the studio-portrait case: a second, overlapping box
    expect(iou(real, phantom)).toBeGreaterThan(FACE_IOU_THRESHOLD);
    expect(suppressFaces([phantom, real], frame)).toEqual([real]);
  });

  it('drops a box lying inside a bigger one even when their IoU is small', () => {
    const face = box(100, 100, 300, 0.9);
    const inner = box(180, 180, 100, 0.6);
    expect(iou(face, inner)).toBeLessThan(FACE_IOU_THRESHOLD);
    expect(suppressFaces([face, inner], frame)).toEqual([face]);
  });

  it('keeps two separate people and drops a face smaller than the minimum share of the frame', () => {
    const a = box(20, 50, 150, 0.9);
    const b = box(400, 60, 140, 0.88);
    const tiny = box(300, 400, Math.floor(MIN_FACE_FRACTION * 480) - 1, 0.95);
    expect(suppressFaces([tiny, b, a], frame)).toEqual([a, b]);
    expect(suppressFaces([], frame)).toEqual([]);
  });

  it('keeps touching but not overlapping neighbours (a crowd)', () => {
    const row = [0, 1, 2, 3].map((i) => box(i * 60, 10, 60, 0.9 - i * 0.01));
    expect(suppressFaces(row, frame)).toHaveLength(4);
  });
});

describe('no phantom faces on real photos', () => {
  let engine: FaceEngine;
  beforeAll(async () => {
    engine = await createFaceEngine({ preload: true, detectPhone: false });
  });

  // What the page sends: the photo as a 640×480 webcam frame (letterboxed on black).
  const single = readManifest().filter(isIdentityPhoto);
  it.each(single.map((p) => [p.file, p.path] as const))(
    '%s as a webcam frame has exactly one face',
    async (_f, file) => {
      const webcam = encodeJpeg(letterbox(decodeImage(readFileSync(file)), 640, 480), 85);
      const res = await engine.detect(webcam, { phone: false });
      expect(res.faces).toHaveLength(1);
      const again = await engine.describe(webcam);
      expect(again.ok).toBe(true);
    },
  );
});
