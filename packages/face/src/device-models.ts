/**
 * The candidate's device runs FaceMesh with 8-bit and BlazeFace with 16-bit integer weights (issue 26: the cold
 * /code load of a proctored test). This file writes those copies from the npm package's models, the same bytes
 * every time: each float weight tensor of at least QUANTISE_MIN_VALUES values becomes uint8 or uint16 with tfjs's
 * affine scheme (`quantization: {dtype, min, scale}` in the weights manifest; tfjs-converter dequantises on
 * load, value = integer * scale + min, with 0 exactly representable). Smaller tensors (biases and the like, a
 * few KB in all) and int32 tensors are copied as they are. The server's own engine keeps the originals (float32
 * BlazeFace, float16 FaceMesh).
 *
 * No imports but node's own, so apps/web/build/sizes.mjs can load this file directly (node strips the types).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** Tensors with fewer values stay as they are: quantising them would save almost nothing. */
export const QUANTISE_MIN_VALUES = 64;

/**
 * The models the page loads before its first check, and the integer type of each one's copy. FaceMesh keeps its
 * results at 8 bits (the test's photos: the same faces, boxes and mesh scores). BlazeFace does not: at 8 bits its
 * box scores fell from 0.93 to 0.69 on faces that fill the frame and its boxes moved by up to a quarter of the
 * face's width (at 8 bits for its large tensors only, it missed faces), so it goes at 16 bits, half its float32 size.
 */
export const DEVICE_MODEL_DTYPE = { blazeface: 'uint16', facemesh: 'uint8' } as const;
export type DeviceQuantisedModel = keyof typeof DEVICE_MODEL_DTYPE;
export const DEVICE_QUANTISED_MODELS = Object.keys(DEVICE_MODEL_DTYPE) as DeviceQuantisedModel[];

export interface WeightSpec {
  name: string;
  shape: number[];
  dtype: string;
  quantization?: { dtype: string; min?: number; scale?: number; original_dtype?: string };
}

export interface GraphModelJson {
  weightsManifest: Array<{ paths: string[]; weights: WeightSpec[] }>;
  [key: string]: unknown;
}

function float16ToFloat32(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exponent = (h >> 10) & 0x1f;
  const fraction = h & 0x3ff;
  if (exponent === 0) return sign * fraction * 2 ** -24;
  if (exponent === 0x1f) throw new Error('float16 weight is not finite');
  return sign * (1 + fraction / 1024) * 2 ** (exponent - 15);
}

/** The float values of one weight as stored (float32, or float16-quantised as in FaceMesh). */
function floatValues(spec: WeightSpec, bytes: Uint8Array): Float64Array {
  const count = bytes.length / (spec.quantization ? 2 : 4);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float64Array(count);
  for (let i = 0; i < count; i++)
    out[i] = spec.quantization ? float16ToFloat32(view.getUint16(i * 2, true)) : view.getFloat32(i * 4, true);
  return out;
}

function byteLength(spec: WeightSpec): number {
  const values = spec.shape.reduce((a, b) => a * b, 1);
  if (spec.quantization) {
    const size = { uint8: 1, uint16: 2, float16: 2 }[spec.quantization.dtype];
    if (!size) throw new Error(`weight ${spec.name}: unknown quantization ${spec.quantization.dtype}`);
    return values * size;
  }
  if (spec.dtype === 'float32' || spec.dtype === 'int32') return values * 4;
  throw new Error(`weight ${spec.name}: unsupported dtype ${spec.dtype}`);
}

/**
 * uint8 affine quantisation of one tensor, as tfjs-converter's own (min and max nudged so that 0.0 maps to a
 * whole byte: zero weights and zero padding stay exactly zero).
 */
export function quantiseAffine(
  values: Float64Array,
  dtype: 'uint8' | 'uint16',
): { bytes: Uint8Array; min: number; scale: number } {
  const top = dtype === 'uint8' ? 255 : 65535;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    if (!Number.isFinite(v)) throw new Error('weight is not finite');
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const q = dtype === 'uint8' ? new Uint8Array(values.length) : new Uint16Array(values.length);
  const bytes = new Uint8Array(q.buffer);
  if (!(hi > lo)) return { bytes, min: lo, scale: 1 };
  const scale = (hi - lo) / top;
  const min = lo <= 0 && hi >= 0 ? -Math.round(-lo / scale) * scale : lo;
  for (let i = 0; i < values.length; i++)
    q[i] = Math.min(top, Math.max(0, Math.round(((values[i] ?? 0) - min) / scale)));
  return { bytes, min, scale };
}

/** A quantised copy of a graph model (one weights group in one file, as Human's models are). */
export function quantiseGraphModel(
  model: GraphModelJson,
  bin: Uint8Array,
  dtype: 'uint8' | 'uint16',
): { model: GraphModelJson; bin: Uint8Array } {
  const [group, ...rest] = model.weightsManifest;
  if (!group || rest.length > 0 || group.paths.length !== 1)
    throw new Error('expected one weights group stored in one file');
  const parts: Uint8Array[] = [];
  const weights: WeightSpec[] = [];
  let offset = 0;
  for (const spec of group.weights) {
    const length = byteLength(spec);
    const bytes = bin.subarray(offset, offset + length);
    if (bytes.length !== length) throw new Error(`weight ${spec.name} runs past the end of the weights file`);
    offset += length;
    const original = spec.quantization?.original_dtype ?? spec.dtype;
    const count = spec.shape.reduce((a, b) => a * b, 1);
    const floatSource = spec.dtype === 'float32' && (!spec.quantization || spec.quantization.dtype === 'float16');
    if (!floatSource || original !== 'float32' || count < QUANTISE_MIN_VALUES) {
      parts.push(bytes);
      weights.push(spec);
      continue;
    }
    const q = quantiseAffine(floatValues(spec, bytes), dtype);
    parts.push(q.bytes);
    weights.push({
      name: spec.name,
      shape: spec.shape,
      dtype: 'float32',
      quantization: { dtype, min: q.min, scale: q.scale, original_dtype: 'float32' },
    });
  }
  if (offset !== bin.length) throw new Error('the weights file is longer than its manifest');
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return { model: { ...model, weightsManifest: [{ paths: group.paths, weights }] }, bin: out };
}

/** The device copy of one of Human's models (`name`.json and `name`.bin in `modelsDir`), as the server serves it. */
export async function deviceModel(modelsDir: string, name: string): Promise<{ json: Buffer; bin: Buffer }> {
  const [json, bin] = await Promise.all([
    readFile(path.join(modelsDir, `${name}.json`), 'utf8'),
    readFile(path.join(modelsDir, `${name}.bin`)),
  ]);
  const dtype = DEVICE_MODEL_DTYPE[name as DeviceQuantisedModel];
  if (!dtype) throw new Error(`${name} is not one of the device's quantised models`);
  const q = quantiseGraphModel(JSON.parse(json) as GraphModelJson, bin, dtype);
  return { json: Buffer.from(JSON.stringify(q.model)), bin: Buffer.from(q.bin.buffer, q.bin.byteOffset, q.bin.length) };
}
