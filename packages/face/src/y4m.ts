// Builds a fake-webcam file for Chromium's --use-file-for-fake-video-capture=FILE.y4m: raw 4:2:0 frames
// (YUV4MPEG2). Chromium plays it at the frame rate in its header and has nothing to decode, where an MJPEG
// file is decoded at 30 frames a second: 5 frames a second of raw video cost the browser about a fifth.
import { readFile, writeFile } from 'node:fs/promises';
import { decodeImage, letterbox, type RgbaImage } from './image';
import { FAKE_WEBCAM_HEIGHT, FAKE_WEBCAM_WIDTH } from './mjpeg';

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

/** One frame in full-range BT.601 (the "420jpeg" colour space): the Y plane, then U and V at half size. */
export function toI420(img: RgbaImage): Buffer {
  const { width: w, height: h, data } = img;
  if (w % 2 || h % 2) throw new RangeError('toI420: width and height must be even');
  const y = Buffer.alloc(w * h);
  const u = Buffer.alloc((w * h) / 4);
  const v = Buffer.alloc((w * h) / 4);
  for (let j = 0; j < h; j++) {
    for (let i = 0; i < w; i++) {
      const p = (j * w + i) * 4;
      y[j * w + i] = clamp(0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!);
    }
  }
  for (let j = 0; j < h / 2; j++) {
    for (let i = 0; i < w / 2; i++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const p of [0, 1, w, w + 1].map((d) => (2 * j * w + 2 * i + d) * 4)) {
        r += data[p]!;
        g += data[p + 1]!;
        b += data[p + 2]!;
      }
      r /= 4;
      g /= 4;
      b /= 4;
      u[(j * w) / 2 + i] = clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
      v[(j * w) / 2 + i] = clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
    }
  }
  return Buffer.concat([y, u, v]);
}

/**
 * Letterbox each photo onto a black 640x480 frame and write it framesEach times, in order, as a Y4M file played
 * at fps frames a second. Returns the number of frames written.
 */
export async function makeFakeWebcamY4m(
  photoPaths: string[],
  framesEach: number,
  fps: number,
  outFile: string,
): Promise<number> {
  if (photoPaths.length === 0) throw new RangeError('makeFakeWebcamY4m: no photos given');
  if (!Number.isInteger(framesEach) || framesEach < 1)
    throw new RangeError('makeFakeWebcamY4m: framesEach must be a positive integer');
  if (!Number.isInteger(fps) || fps < 1 || fps > 60) throw new RangeError('makeFakeWebcamY4m: fps must be 1 to 60');
  const chunks: Buffer[] = [
    Buffer.from(`YUV4MPEG2 W${FAKE_WEBCAM_WIDTH} H${FAKE_WEBCAM_HEIGHT} F${fps}:1 Ip A1:1 C420jpeg\n`),
  ];
  const marker = Buffer.from('FRAME\n');
  let frames = 0;
  for (const file of photoPaths) {
    const frame = toI420(letterbox(decodeImage(await readFile(file)), FAKE_WEBCAM_WIDTH, FAKE_WEBCAM_HEIGHT));
    for (let i = 0; i < framesEach; i++, frames++) chunks.push(marker, frame);
  }
  await writeFile(outFile, Buffer.concat(chunks));
  return frames;
}
