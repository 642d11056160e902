import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jpeg from 'jpeg-js';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../test/fixtures';
import { makeFakeWebcamMjpeg } from './mjpeg';
import { makeFakeWebcamY4m, toI420 } from './y4m';

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

describe('makeFakeWebcamY4m', () => {
  it('writes a YUV4MPEG2 header with the frame rate, then framesEach raw 640x480 4:2:0 frames per photo', async () => {
    const out = path.join(tmp, 'cam.y4m');
    const photos = ['obama_01.jpg', 'bbt_penny_01.png'].map((f) => path.join(FIXTURES_DIR, f));
    expect(await makeFakeWebcamY4m(photos, 2, 5, out)).toBe(4);
    const buf = readFileSync(out);
    const header = buf.subarray(0, buf.indexOf(0x0a) + 1).toString();
    expect(header).toBe('YUV4MPEG2 W640 H480 F5:1 Ip A1:1 C420jpeg\n');
    const frameBytes = 'FRAME\n'.length + (640 * 480 * 3) / 2;
    expect(buf.length).toBe(header.length + 4 * frameBytes);
    for (let f = 0; f < 4; f++)
      expect(
        buf
          .subarray(header.length + f * frameBytes)
          .subarray(0, 6)
          .toString(),
      ).toBe('FRAME\n');
  });

  it('converts colours in full range: white, black, pure red', () => {
    const img = (rgb: number[]) => ({
      width: 2,
      height: 2,
      data: new Uint8Array([...rgb, 255, ...rgb, 255, ...rgb, 255, ...rgb, 255]),
    });
    expect([...toI420(img([255, 255, 255]))]).toEqual([255, 255, 255, 255, 128, 128]);
    expect([...toI420(img([0, 0, 0]))]).toEqual([0, 0, 0, 0, 128, 128]);
    expect([...toI420(img([255, 0, 0]))]).toEqual([76, 76, 76, 76, 85, 255]);
  });

  it('refuses no photos, bad counts and bad frame rates', async () => {
    const one = [path.join(FIXTURES_DIR, 'obama_01.jpg')];
    await expect(makeFakeWebcamY4m([], 1, 5, path.join(tmp, 'x.y4m'))).rejects.toThrow(/no photos/);
    await expect(makeFakeWebcamY4m(one, 0, 5, path.join(tmp, 'x.y4m'))).rejects.toThrow(/positive/);
    await expect(makeFakeWebcamY4m(one, 1, 0, path.join(tmp, 'x.y4m'))).rejects.toThrow(/fps/);
  });
});
