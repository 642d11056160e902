import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jpeg from 'jpeg-js';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../test/fixtures';
import { makeFakeWebcamMjpeg } from './mjpeg';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'face-mjpeg-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Split concatenated JPEGs at SOI markers that follow an EOI. */
function splitFrames(buf: Buffer): Buffer[] {
  const frames: Buffer[] = [];
  let start = 0;
  for (let i = 2; i < buf.length - 1; i++) {
    if (buf[i - 2] === 0xff && buf[i - 1] === 0xd9 && buf[i] === 0xff && buf[i + 1] === 0xd8) {
      frames.push(buf.subarray(start, i));
      start = i;
    }
  }
  frames.push(buf.subarray(start));
  return frames;
}

describe('makeFakeWebcamMjpeg', () => {
  it('writes framesEach 640x480 JPEG frames per photo', async () => {
    const out = path.join(tmp, 'cam.mjpeg');
    const photos = ['obama_01.jpg', 'multi_kit_with_rose.jpg', 'bbt_penny_01.png'].map((f) =>
      path.join(FIXTURES_DIR, f),
    );
    const written = await makeFakeWebcamMjpeg(photos, 3, out);
    expect(written).toBe(9);
    const frames = splitFrames(readFileSync(out));
    expect(frames).toHaveLength(9);
    for (const f of frames) {
      const img = jpeg.decode(f);
      expect([img.width, img.height]).toEqual([640, 480]);
    }
  });

  it('refuses no photos and bad counts', async () => {
    await expect(makeFakeWebcamMjpeg([], 1, path.join(tmp, 'x.mjpeg'))).rejects.toThrow(/no photos/);
    await expect(
      makeFakeWebcamMjpeg([path.join(FIXTURES_DIR, 'obama_01.jpg')], 0, path.join(tmp, 'x.mjpeg')),
    ).rejects.toThrow(/positive/);
  });
});
