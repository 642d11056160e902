// Builds a fake-webcam file for Chromium's --use-file-for-fake-video-capture=FILE.mjpeg:
// JPEG frames of one size, simply concatenated.
import { readFile, writeFile } from 'node:fs/promises';
import { decodeImage, encodeJpeg, letterbox } from './image';

export const FAKE_WEBCAM_WIDTH = 640;
export const FAKE_WEBCAM_HEIGHT = 480;

/**
 * Letterbox each photo (JPEG/PNG) onto a black 640x480 canvas and write it framesEach times, in order.
 * Returns the number of frames written.
 */
export async function makeFakeWebcamMjpeg(photoPaths: string[], framesEach: number, outFile: string): Promise<number> {
  if (photoPaths.length === 0) throw new RangeError('makeFakeWebcamMjpeg: no photos given');
  if (!Number.isInteger(framesEach) || framesEach < 1)
    throw new RangeError('makeFakeWebcamMjpeg: framesEach must be a positive integer');
  const chunks: Buffer[] = [];
  for (const file of photoPaths) {
    const frame = encodeJpeg(letterbox(decodeImage(await readFile(file)), FAKE_WEBCAM_WIDTH, FAKE_WEBCAM_HEIGHT), 90);
    for (let i = 0; i < framesEach; i++) chunks.push(frame);
  }
  await writeFile(outFile, Buffer.concat(chunks));
  return chunks.length;
}
