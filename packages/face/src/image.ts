// Image decoding, validation, padding, drawing and JPEG encoding. The engine's per-frame path decodes and
// encodes JPEG with libvips (sharp, native: ~7x less CPU than jpeg-js); the synchronous pure-JS helpers
// (jpeg-js + pngjs) stay for tests, fixtures and the fake-webcam files.
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import sharp from 'sharp';

// One libvips worker per call keeps "CPU per face check" equal to one core's time, and no operation cache:
// every frame is new, so caching would only hold memory.
sharp.concurrency(1);
sharp.cache(false);

/** Thrown for input that is not a usable JPEG/PNG: empty, not an image, truncated, too large. */
export class FaceImageError extends Error {
  readonly code: 'empty' | 'not_image' | 'truncated' | 'too_large' | 'too_many_pixels' | 'corrupt';
  constructor(code: FaceImageError['code'], message: string) {
    super(message);
    this.name = 'FaceImageError';
    this.code = code;
  }
}

export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
/** 16.7 megapixels (4096x4096); RGBA at this size is 64 MiB, the most one frame may cost. */
export const MAX_IMAGE_PIXELS = 4096 * 4096;

/** Decoded RGBA pixels. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array; // length width*height*4
}

type Format = 'jpeg' | 'png';

function sniffFormat(buf: Buffer): Format | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (buf.length >= 8 && sig.every((b, i) => buf[i] === b)) return 'png';
  return null;
}

/** Walk JPEG markers up to the first scan: returns frame size and where the scan starts. */
function readJpegHeader(buf: Buffer): { width: number; height: number; scanStart: number } {
  let pos = 2;
  let width = 0;
  let height = 0;
  while (pos + 4 <= buf.length) {
    if (buf[pos] !== 0xff) throw new FaceImageError('corrupt', 'Corrupt JPEG: bad marker structure.');
    const marker = buf[pos + 1] ?? 0;
    if (marker === 0xff) {
      pos += 1;
      continue;
    } // fill byte
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      pos += 2;
      continue;
    }
    const len = buf.readUInt16BE(pos + 2);
    if (len < 2 || pos + 2 + len > buf.length) break;
    // SOF0..SOF15 except DHT(C4), JPG(C8), DAC(CC)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      height = buf.readUInt16BE(pos + 5);
      width = buf.readUInt16BE(pos + 7);
    }
    if (marker === 0xda) {
      if (!width || !height) throw new FaceImageError('corrupt', 'Corrupt JPEG: no frame header before image data.');
      return { width, height, scanStart: pos + 2 + len };
    }
    pos += 2 + len;
  }
  throw new FaceImageError('truncated', 'Truncated JPEG: the file ends before the image data.');
}

/** Entropy-coded data stuffs 0xFF as FF00, so FFD9 after the first scan can only be the end marker. */
function hasJpegEnd(buf: Buffer, from: number): boolean {
  return buf.indexOf(Buffer.from([0xff, 0xd9]), from) !== -1;
}

function checkPixels(width: number, height: number): void {
  if (width <= 0 || height <= 0) throw new FaceImageError('corrupt', 'Image has no pixels.');
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new FaceImageError(
      'too_many_pixels',
      `Image is ${width}x${height}; at most ${MAX_IMAGE_PIXELS} pixels (e.g. 4096x4096) are accepted.`,
    );
  }
}

/**
 * Width and height from the JPEG/PNG header without decoding (cheap: callers can refuse oversized frames
 * before any inference). Throws FaceImageError for bytes that are not a readable image header.
 */
export function imageSize(input: Buffer): { width: number; height: number } {
  if (!input || input.length === 0) throw new FaceImageError('empty', 'Empty image: no bytes were received.');
  const format = sniffFormat(input);
  if (!format) throw new FaceImageError('not_image', 'Not an image: expected JPEG or PNG bytes.');
  if (format === 'jpeg') {
    const { width, height } = readJpegHeader(input);
    return { width, height };
  }
  if (input.length < 24) throw new FaceImageError('truncated', 'Truncated PNG: the header is incomplete.');
  return { width: input.readUInt32BE(16), height: input.readUInt32BE(20) };
}

/** Size, format and header checks shared by both decoders; returns the bytes as a Buffer. */
function checkInput(input: Buffer | Uint8Array): { buf: Buffer; format: Format } {
  if (!input || input.length === 0) throw new FaceImageError('empty', 'Empty image: no bytes were received.');
  const buf = Buffer.isBuffer(input) ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (buf.length > MAX_IMAGE_BYTES) {
    throw new FaceImageError(
      'too_large',
      `Image is ${buf.length} bytes; the limit is ${MAX_IMAGE_BYTES} bytes (8 MiB).`,
    );
  }
  const format = sniffFormat(buf);
  if (!format) throw new FaceImageError('not_image', 'Not an image: expected JPEG or PNG bytes.');
  if (format === 'jpeg') checkJpeg(buf);
  return { buf, format };
}

/** Validate and decode JPEG or PNG bytes into RGBA in pure JS; every failure is a FaceImageError. */
export function decodeImage(input: Buffer | Uint8Array): RgbaImage {
  const { buf, format } = checkInput(input);
  if (format === 'jpeg') return decodeJpeg(buf);
  return decodePng(buf);
}

/**
 * The engine's decoder: the same checks as decodeImage (size, format, header, pixel count, end marker, all
 * before any decoding), then JPEG through libvips; PNG (rare for webcam frames) through pngjs as before.
 * failOn 'warning': libvips would otherwise paint corrupt entropy-coded data grey, where jpeg-js refuses it.
 */
export async function decodeImageFast(input: Buffer | Uint8Array): Promise<RgbaImage> {
  const { buf, format } = checkInput(input);
  if (format === 'png') return decodePng(buf);
  try {
    const { data, info } = await sharp(buf, { failOn: 'warning', limitInputPixels: MAX_IMAGE_PIXELS })
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 4) throw new Error(`unexpected ${info.channels} channels`);
    return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
  } catch (err) {
    throw new FaceImageError('corrupt', `Corrupt JPEG: ${(err as Error).message}`);
  }
}

function checkJpeg(buf: Buffer): void {
  const { width, height, scanStart } = readJpegHeader(buf);
  checkPixels(width, height);
  if (!hasJpegEnd(buf, scanStart))
    throw new FaceImageError('truncated', 'Truncated JPEG: the end-of-image marker is missing.');
}

function decodeJpeg(buf: Buffer): RgbaImage {
  try {
    const out = jpeg.decode(buf, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: 17,
      maxMemoryUsageInMB: 256,
    });
    return { width: out.width, height: out.height, data: out.data };
  } catch (err) {
    throw new FaceImageError('corrupt', `Corrupt JPEG: ${(err as Error).message}`);
  }
}

function decodePng(buf: Buffer): RgbaImage {
  if (buf.length < 33) throw new FaceImageError('truncated', 'Truncated PNG: the header is incomplete.');
  checkPixels(buf.readUInt32BE(16), buf.readUInt32BE(20)); // IHDR is always the first chunk
  try {
    const png = PNG.sync.read(buf);
    return {
      width: png.width,
      height: png.height,
      data: new Uint8Array(png.data.buffer, png.data.byteOffset, png.data.length),
    };
  } catch (err) {
    const msg = (err as Error).message;
    const code = /unexpected end|truncat|too short/i.test(msg) ? 'truncated' : 'corrupt';
    throw new FaceImageError(code, `${code === 'truncated' ? 'Truncated' : 'Corrupt'} PNG: ${msg}`);
  }
}

/** RGB float values (0..255) of the image padded bottom/right with black to a square, so box coordinates stay unchanged. */
export function toSquareRgb(img: RgbaImage): { size: number; rgb: Float32Array } {
  const size = Math.max(img.width, img.height);
  const rgb = new Float32Array(size * size * 3);
  for (let y = 0; y < img.height; y++) {
    let src = y * img.width * 4;
    let dst = y * size * 3;
    for (let x = 0; x < img.width; x++) {
      rgb[dst] = img.data[src] ?? 0;
      rgb[dst + 1] = img.data[src + 1] ?? 0;
      rgb[dst + 2] = img.data[src + 2] ?? 0;
      src += 4;
      dst += 3;
    }
  }
  return { size, rgb };
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
export type Rgb = readonly [number, number, number];

/** Draw a rectangle outline (in place) clipped to the image. */
export function drawRect(img: RgbaImage, r: Rect, color: Rgb, thickness = 3): void {
  const x0 = Math.max(0, Math.round(r.x));
  const y0 = Math.max(0, Math.round(r.y));
  const x1 = Math.min(img.width - 1, Math.round(r.x + r.width));
  const y1 = Math.min(img.height - 1, Math.round(r.y + r.height));
  if (x1 < x0 || y1 < y0) return;
  const paint = (x: number, y: number) => {
    const i = (y * img.width + x) * 4;
    img.data[i] = color[0];
    img.data[i + 1] = color[1];
    img.data[i + 2] = color[2];
    img.data[i + 3] = 255;
  };
  for (let t = 0; t < thickness; t++) {
    for (let x = x0; x <= x1; x++) {
      if (y0 + t <= y1) paint(x, y0 + t);
      if (y1 - t >= y0) paint(x, y1 - t);
    }
    for (let y = y0; y <= y1; y++) {
      if (x0 + t <= x1) paint(x0 + t, y);
      if (x1 - t >= x0) paint(x1 - t, y);
    }
  }
}

export function encodeJpeg(img: RgbaImage, quality = 80): Buffer {
  return jpeg.encode({ width: img.width, height: img.height, data: img.data }, quality).data;
}

/** The engine's encoder (libvips): the same RGBA in, a baseline JPEG out, ~7x less CPU than encodeJpeg. */
export function encodeJpegFast(img: RgbaImage, quality = 80): Promise<Buffer> {
  return sharp(img.data, { raw: { width: img.width, height: img.height, channels: 4 } })
    .removeAlpha()
    .jpeg({ quality })
    .toBuffer();
}

/** Shrink (box-average) so the long side is at most maxSide; returns the image itself when already small. */
export function downscale(img: RgbaImage, maxSide: number): { image: RgbaImage; scale: number } {
  const long = Math.max(img.width, img.height);
  if (long <= maxSide) return { image: img, scale: 1 };
  const scale = maxSide / long;
  const width = Math.max(1, Math.round(img.width * scale));
  const height = Math.max(1, Math.round(img.height * scale));
  const out = new Uint8Array(width * height * 4);
  const fx = img.width / width;
  const fy = img.height / height;
  for (let y = 0; y < height; y++) {
    const sy0 = Math.floor(y * fy);
    const sy1 = Math.max(sy0 + 1, Math.min(img.height, Math.floor((y + 1) * fy)));
    for (let x = 0; x < width; x++) {
      const sx0 = Math.floor(x * fx);
      const sx1 = Math.max(sx0 + 1, Math.min(img.width, Math.floor((x + 1) * fx)));
      let r = 0,
        g = 0,
        b = 0;
      for (let sy = sy0; sy < sy1; sy++) {
        for (let sx = sx0; sx < sx1; sx++) {
          const i = (sy * img.width + sx) * 4;
          r += img.data[i] ?? 0;
          g += img.data[i + 1] ?? 0;
          b += img.data[i + 2] ?? 0;
        }
      }
      const n = (sy1 - sy0) * (sx1 - sx0);
      const d = (y * width + x) * 4;
      out[d] = r / n;
      out[d + 1] = g / n;
      out[d + 2] = b / n;
      out[d + 3] = 255;
    }
  }
  return { image: { width, height, data: out }, scale };
}

/** Scale the image to fit inside width x height (keeping aspect), centred on a black canvas. */
export function letterbox(img: RgbaImage, width: number, height: number): RgbaImage {
  const out = new Uint8Array(width * height * 4);
  for (let i = 3; i < out.length; i += 4) out[i] = 255;
  const scale = Math.min(width / img.width, height / img.height);
  const w = Math.max(1, Math.round(img.width * scale));
  const h = Math.max(1, Math.round(img.height * scale));
  const ox = Math.floor((width - w) / 2);
  const oy = Math.floor((height - h) / 2);
  for (let y = 0; y < h; y++) {
    const sy = Math.min(img.height - 1, Math.floor((y + 0.5) / scale));
    for (let x = 0; x < w; x++) {
      const sx = Math.min(img.width - 1, Math.floor((x + 0.5) / scale));
      const s = (sy * img.width + sx) * 4;
      const d = ((y + oy) * width + x + ox) * 4;
      out[d] = img.data[s] ?? 0;
      out[d + 1] = img.data[s + 1] ?? 0;
      out[d + 2] = img.data[s + 2] ?? 0;
    }
  }
  return { width, height, data: out };
}
