import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { decodeImage, downscale, FaceImageError, letterbox, MAX_IMAGE_PIXELS, toSquareRgb } from './image';

function pngOf(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(200);
  return PNG.sync.write(png);
}

describe('decodeImage', () => {
  it('decodes PNG and JPEG', () => {
    expect(decodeImage(pngOf(3, 2))).toMatchObject({ width: 3, height: 2 });
    const j = jpeg.encode({ width: 4, height: 5, data: new Uint8Array(4 * 5 * 4).fill(128) }, 90).data;
    const img = decodeImage(j);
    expect([img.width, img.height, img.data.length]).toEqual([4, 5, 80]);
  });

  it('refuses a PNG with too many pixels before decoding it', () => {
    const header = pngOf(1, 1);
    header.writeUInt32BE(5000, 16);
    header.writeUInt32BE(5000, 20);
    expect(5000 * 5000).toBeGreaterThan(MAX_IMAGE_PIXELS);
    expect(() => decodeImage(header)).toThrow(/pixels/);
  });

  it('refuses a JPEG with too many pixels before decoding it', () => {
    const j = Buffer.from(jpeg.encode({ width: 8, height: 8, data: new Uint8Array(256).fill(9) }, 90).data);
    const sof = j.indexOf(Buffer.from([0xff, 0xc0]));
    expect(sof).toBeGreaterThan(0);
    j.writeUInt16BE(6000, sof + 5);
    j.writeUInt16BE(6000, sof + 7);
    const err = (() => {
      try {
        decodeImage(j);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(FaceImageError);
    expect((err as FaceImageError).code).toBe('too_many_pixels');
  });

  it('accepts Uint8Array input', () => {
    expect(decodeImage(new Uint8Array(pngOf(2, 2))).width).toBe(2);
  });
});

describe('toSquareRgb and letterbox', () => {
  it('pads bottom/right with black, keeping coordinates', () => {
    const { size, rgb } = toSquareRgb(decodeImage(pngOf(3, 1)));
    expect(size).toBe(3);
    expect(rgb[0]).toBe(200);
    expect(rgb[3 * 3 * 2]).toBe(0); // row 2 is padding
  });

  it('downscales only large images, averaging pixels', () => {
    const small = decodeImage(pngOf(10, 10));
    expect(downscale(small, 20).image).toBe(small);
    const big = downscale(decodeImage(pngOf(400, 100)), 100);
    expect([big.image.width, big.image.height, big.scale]).toEqual([100, 25, 0.25]);
    expect(big.image.data[0]).toBe(200);
  });

  it('letterboxes into the requested canvas', () => {
    const out = letterbox(decodeImage(pngOf(100, 100)), 640, 480);
    expect([out.width, out.height]).toEqual([640, 480]);
    expect(out.data[0]).toBe(0); // left bar is black
    expect(out.data[(240 * 640 + 320) * 4]).toBe(200); // centre is the photo
  });
});
