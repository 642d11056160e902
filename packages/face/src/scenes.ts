// Test scenes (issue 27), built at test time from the licensed photos in test/images: a person in front of
// window panes, a printed photo held to the camera over a table. Not used by the engine.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeImage, encodeJpeg, letterbox, type RgbaImage } from './image';

/** The licensed test images of this package (SOURCES.md). */
export const TEST_IMAGES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test/images');
export const testImage = (file: string) => decodeImage(readFileSync(path.join(TEST_IMAGES_DIR, file)));

/** A 640x480 scene: fill(x, y) paints the background, then the photo is pasted at (x0, y0) scaled, with a border. */
export function scene(
  fill: (x: number, y: number) => number[],
  photo: RgbaImage,
  x0: number,
  y0: number,
  w: number,
  border = 0,
): RgbaImage {
  const out: RgbaImage = { width: 640, height: 480, data: new Uint8Array(640 * 480 * 4) };
  const h = Math.round((photo.height * w) / photo.width);
  for (let y = 0; y < 480; y++)
    for (let x = 0; x < 640; x++) {
      const i = (y * 640 + x) * 4;
      const px = x - x0;
      const py = y - y0;
      let rgb = fill(x, y);
      if (px >= -border && py >= -border && px < w + border && py < h + border) rgb = [236, 236, 230];
      if (px >= 0 && py >= 0 && px < w && py < h) {
        const s = (Math.floor((py * photo.height) / h) * photo.width + Math.floor((px * photo.width) / w)) * 4;
        rgb = [photo.data[s] ?? 0, photo.data[s + 1] ?? 0, photo.data[s + 2] ?? 0];
      }
      out.data.set([rgb[0] ?? 0, rgb[1] ?? 0, rgb[2] ?? 0, 255], i);
    }
  return out;
}

/** Window panes: bright sky rectangles in dark frames, with crossing mullions, filling the wall. */
export const windows = (x: number, y: number) => {
  const cx = x % 160;
  const cy = y % 160;
  const frame = cx < 14 || cy < 14 || Math.abs(cx - 87) < 4 || Math.abs(cy - 87) < 4;
  return frame ? [52, 46, 40] : [170 + (y % 160) / 3, 205, 240];
};
export const table = (_x: number, y: number) => (y > 300 ? [120, 84, 52] : [196, 188, 170]);

/**
 * A printed photo of a person held to the camera (paper border, over a table), as a 640x480 JPEG. `shift` moves
 * and scales the print a little, as a hand holding it would between frames.
 */
export function printedPhotoFrame(shift = 0, photo = testImage('person_astronaut.jpg')): Buffer {
  return encodeJpeg(scene(table, photo, 170 + shift * 7, 60 - shift * 4, 300 + shift * 6, 16), 90);
}

/** A photo mirrored left to right (a head turned one way becomes turned the other way), as a 640x480 JPEG. */
export function mirroredWebcamFrame(photo: Buffer): Buffer {
  const img = decodeImage(photo);
  const out: RgbaImage = { width: img.width, height: img.height, data: new Uint8Array(img.data.length) };
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++) {
      const from = (y * img.width + x) * 4;
      out.data.set(img.data.subarray(from, from + 4), (y * img.width + img.width - 1 - x) * 4);
    }
  return encodeJpeg(letterbox(out, 640, 480), 90);
}
