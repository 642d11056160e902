/**
 * The on-device detection runtime, served by this app from npm packages (issue 17; no CDN, no download at run
 * time): the tfjs wasm binaries and the models the page runs (BlazeFace for faces, FaceMesh for the human-face gate
 * of issue 27; phones are the server's since issue 41). Human and tfjs themselves are bundled by the web build (issue 26: without
 * the WebGL and WebGPU backends the page never uses). BlazeFace and FaceMesh go out as 16- and 8-bit integer
 * copies written from the package's files when first asked for (packages/face/src/device-models.ts; issue 26:
 * the proctored cold load); the server's own engine keeps the originals. A fixed list of files: nothing else on disk can be named.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { DEVICE_QUANTISED_MODELS, deviceModel } from '@assessly/face';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { typed } from '../../lib/route-schema';

const require = createRequire(import.meta.url);

interface RuntimeFile {
  /** The bytes as sent before compression (read or generated once per process). */
  bytes: () => Promise<Buffer>;
  type: string;
}

const once = <T>(fn: () => Promise<T>): (() => Promise<T>) => {
  let p: Promise<T> | undefined;
  return () => {
    p ??= fn();
    p.catch(() => {
      p = undefined;
    });
    return p;
  };
};

function runtimeFiles(): Map<string, RuntimeFile> {
  const humanDist = path.dirname(require.resolve('@vladmandic/human'));
  const models = path.join(humanDist, '..', 'models');
  const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
  const files = new Map<string, RuntimeFile>();
  const fromDisk = (file: string) => once(() => readFile(file));
  for (const m of DEVICE_QUANTISED_MODELS) {
    const quantised = once(() => deviceModel(models, m));
    files.set(`${m}.json`, { bytes: async () => (await quantised()).json, type: 'application/json' });
    files.set(`${m}.bin`, { bytes: async () => (await quantised()).bin, type: 'application/octet-stream' });
  }
  // Issue 41: no CenterNet here: the phone check runs on the server (the page's cold load stays under 1.5 MB).
  for (const w of ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm'])
    files.set(w, { bytes: fromDisk(path.join(wasmDir, w)), type: 'application/wasm' });
  return files;
}

const ZName = z.object({ name: z.string() });

type Encoding = 'br' | 'gzip' | 'identity';
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** br, then gzip, then none: what the request accepts (q=0 refuses). */
export function pickEncoding(accept: string | undefined): Encoding {
  const offered = new Map<string, number>();
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    if (name) offered.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (e: string) => (offered.get(e) ?? offered.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : 'identity';
}

/**
 * Brotli quality by size: the best (11) for the files of the cold load (the face models and the wasm binaries,
 * under 2 MB each; a few seconds of CPU once per process), 9 for the 4 MB phone model, which loads later.
 * apps/web/build/sizes.mjs measures with the same rule.
 */
export const brotliQuality = (rawBytes: number) => (rawBytes < 2 * 1024 * 1024 ? 11 : 9);

/**
 * Each file compressed once, off the event loop, and kept in memory (about 4 MB with brotli): the runtime is
 * 6 MB raw and a candidate's cold load must stay small (issue 26), so nothing is sent uncompressed to a browser.
 */
const compressed = new Map<string, Promise<Buffer>>();
function bytesOf(name: string, file: RuntimeFile, encoding: Encoding): Promise<Buffer> {
  const key = `${encoding}:${name}`;
  let p = compressed.get(key);
  if (!p) {
    p = file.bytes().then((raw) =>
      encoding === 'br'
        ? brotli(raw, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: brotliQuality(raw.length),
              [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          })
        : encoding === 'gzip'
          ? gz(raw, { level: 9 })
          : raw,
    );
    p.catch(() => compressed.delete(key));
    compressed.set(key, p);
  }
  return p;
}

export const DEVICE_RUNTIME_PREFIX = '/api/proctoring/runtime/';

let files: Map<string, RuntimeFile> | null = null;

/** The files of a proctored test's cold load, in the encoding browsers take. */
const COLD_FILES = [
  ...DEVICE_QUANTISED_MODELS.flatMap((m) => [`${m}.json`, `${m}.bin`]),
  'tfjs-backend-wasm-simd.wasm',
  'tfjs-backend-wasm.wasm',
];

/**
 * Writes and compresses the cold-load files in the background (npm start calls it once listening, when it has a
 * face service), so the first proctored candidate does not wait for the quantising and the best-quality brotli.
 */
export async function warmDeviceRuntime(): Promise<void> {
  files ??= runtimeFiles();
  const all = files;
  for (const name of COLD_FILES) {
    const file = all.get(name);
    if (file) await bytesOf(name, file, 'br');
  }
}

export async function deviceRuntimeRoutes(app: FastifyInstance) {
  // Public, like any static file; the answer is the file, so only the params are declared.
  typed(app).get('/api/proctoring/runtime/:name', { schema: { params: ZName } }, async (req, reply) => {
    files ??= runtimeFiles();
    const entry = files.get(req.params.name);
    if (!entry) throw new AppError('NOT_FOUND', 'No such proctoring runtime file');
    const encoding = pickEncoding(req.headers['accept-encoding']);
    const body = await bytesOf(req.params.name, entry, encoding);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply
      .header('content-type', entry.type)
      .header('content-length', body.length)
      .header('vary', 'accept-encoding')
      .header('cache-control', 'public, max-age=86400')
      .send(body);
  });
}
