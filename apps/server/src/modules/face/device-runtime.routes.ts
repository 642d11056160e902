/**
 * The on-device detection runtime, served by this app from npm packages (issue 17; no CDN, no download at run
 * time): the tfjs wasm binaries and the models the page runs (BlazeFace for faces, FaceMesh for the human-face gate
 * of issue 27, CenterNet for phones). Human and tfjs themselves are bundled by the web build (issue 26: without
 * the WebGL and WebGPU backends the page never uses). A fixed list of files: nothing else on disk can be named.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { typed } from '../../lib/route-schema';

const require = createRequire(import.meta.url);

function runtimeFiles(): Map<string, { file: string; type: string }> {
  const humanDist = path.dirname(require.resolve('@vladmandic/human'));
  const models = path.join(humanDist, '..', 'models');
  const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
  const files = new Map<string, { file: string; type: string }>();
  for (const m of ['blazeface', 'facemesh', 'centernet']) {
    files.set(`${m}.json`, { file: path.join(models, `${m}.json`), type: 'application/json' });
    files.set(`${m}.bin`, { file: path.join(models, `${m}.bin`), type: 'application/octet-stream' });
  }
  for (const w of ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm'])
    files.set(w, { file: path.join(wasmDir, w), type: 'application/wasm' });
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
 * Each file compressed once, off the event loop, and kept in memory (about 5 MB with brotli): the runtime is
 * 6 MB raw and a candidate's cold load must stay small (issue 26), so nothing is sent uncompressed to a browser.
 */
const compressed = new Map<string, Promise<Buffer>>();
function bytesOf(file: string, encoding: Encoding): Promise<Buffer> {
  const key = `${encoding}:${file}`;
  let p = compressed.get(key);
  if (!p) {
    p = readFile(file).then((raw) =>
      encoding === 'br'
        ? brotli(raw, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
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

export async function deviceRuntimeRoutes(app: FastifyInstance) {
  let files: Map<string, { file: string; type: string }> | null = null;
  // Public, like any static file; the answer is the file, so only the params are declared.
  typed(app).get('/api/proctoring/runtime/:name', { schema: { params: ZName } }, async (req, reply) => {
    files ??= runtimeFiles();
    const entry = files.get(req.params.name);
    if (!entry) throw new AppError('NOT_FOUND', 'No such proctoring runtime file');
    const encoding = pickEncoding(req.headers['accept-encoding']);
    const body = await bytesOf(entry.file, encoding);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply
      .header('content-type', entry.type)
      .header('content-length', body.length)
      .header('vary', 'accept-encoding')
      .header('cache-control', 'public, max-age=86400')
      .send(body);
  });
}
