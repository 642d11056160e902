import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import {
  decodeImage,
  decodeImageFast,
  downscale,
  encodeJpegFast,
  FaceImageError,
  letterbox,
  MAX_IMAGE_PIXELS,
  toSquareRgb,
} from './image';

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

/** A 64x48 gradient with a bright square, so a decoder that shifts or swaps channels cannot pass. */
function gradient(): { width: number; height: number; data: Uint8Array } {
  const width = 64;
  const height = 48;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const inside = x > 20 && x < 40 && y > 10 && y < 30;
      data.set([x * 4, y * 5, inside ? 250 : 30, 255], i);
    }
  return { width, height, data };
}

async function codeOf(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
  } catch (e) {
    return e instanceof FaceImageError ? e.code : `not a FaceImageError: ${e}`;
  }
  return undefined;
}

describe('decodeImageFast (the engine decoder, libvips)', () => {
  it('gives the size of the pure-JS decoder and, within JPEG rounding, its pixels', async () => {
    const j = Buffer.from(jpeg.encode(gradient(), 92).data);
    const slow = decodeImage(j);
    const fast = await decodeImageFast(j);
    expect([fast.width, fast.height, fast.data.length]).toEqual([slow.width, slow.height, slow.data.length]);
    let sum = 0;
    let max = 0;
    for (let i = 0; i < slow.data.length; i++) {
      const d = Math.abs((slow.data[i] ?? 0) - (fast.data[i] ?? 0));
      sum += d;
      max = Math.max(max, d);
    }
    expect(sum / slow.data.length).toBeLessThan(1);
    expect(max).toBeLessThanOrEqual(8);
    expect(fast.data[3]).toBe(255); // alpha is opaque
  });

  it('decodes a grayscale JPEG to RGBA and a PNG as before', async () => {
    const png = await decodeImageFast(pngOf(3, 2));
    expect([png.width, png.height, png.data[0], png.data[1], png.data[2]]).toEqual([3, 2, 200, 200, 200]);
    const { default: sharp } = await import('sharp');
    const gray = await sharp(Buffer.alloc(8 * 8, 120), { raw: { width: 8, height: 8, channels: 1 } })
      .jpeg()
      .toBuffer();
    const img = await decodeImageFast(gray);
    expect([img.width, img.height, img.data.length]).toEqual([8, 8, 256]);
    expect(Math.abs((img.data[0] ?? 0) - 120)).toBeLessThanOrEqual(2);
    expect(img.data[0]).toBe(img.data[2]);
  });

  it('refuses what decodeImage refuses, with the same codes, before decoding', async () => {
    const j = Buffer.from(jpeg.encode(gradient(), 90).data);
    expect(await codeOf(decodeImageFast(Buffer.alloc(0)))).toBe('empty');
    expect(await codeOf(decodeImageFast(Buffer.from('hello, not an image')))).toBe('not_image');
    expect(await codeOf(decodeImageFast(j.subarray(0, j.length - 40)))).toBe('truncated');
    expect(await codeOf(decodeImageFast(j.subarray(0, 30)))).toBe('truncated');
    const huge = Buffer.from(j);
    const sof = huge.indexOf(Buffer.from([0xff, 0xc0]));
    huge.writeUInt16BE(6000, sof + 5);
    huge.writeUInt16BE(6000, sof + 7);
    expect(await codeOf(decodeImageFast(huge))).toBe('too_many_pixels');
    // Header and end marker intact, entropy-coded data replaced by a stray marker: libvips refuses it.
    const scan = j.indexOf(Buffer.from([0xff, 0xda]));
    const broken = Buffer.concat([
      j.subarray(0, scan + 14),
      Buffer.from([0xff, 0xc0, 0x00, 0x02]),
      Buffer.from([0xff, 0xd9]),
    ]);
    expect(await codeOf(decodeImageFast(broken))).toBe('corrupt');
  });
});

describe('encodeJpegFast', () => {
  it('encodes RGBA to a JPEG that decodes to the same picture', async () => {
    const img = gradient();
    const out = await encodeJpegFast(img, 85);
    expect([out[0], out[1]]).toEqual([0xff, 0xd8]);
    const back = decodeImage(out);
    expect([back.width, back.height]).toEqual([img.width, img.height]);
    const centre = (20 * img.width + 30) * 4;
    expect(Math.abs((back.data[centre + 2] ?? 0) - 250)).toBeLessThan(12); // the bright square stays blue
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
