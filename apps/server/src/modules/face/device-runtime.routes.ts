/**
 * The on-device detection runtime, served by this app from npm packages (issue 17; no CDN, no download at run
 * time): Human's browser bundle (tfjs inside), the tfjs wasm binaries, and the models the page runs
 * (BlazeFace for faces, FaceMesh for the human-face gate of issue 27, CenterNet for phones). A fixed list of files: nothing else on disk can be named.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
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
  files.set('human.esm.js', { file: path.join(humanDist, 'human.esm.js'), type: 'text/javascript; charset=utf-8' });
  for (const m of ['blazeface', 'facemesh', 'centernet']) {
    files.set(`${m}.json`, { file: path.join(models, `${m}.json`), type: 'application/json' });
    files.set(`${m}.bin`, { file: path.join(models, `${m}.bin`), type: 'application/octet-stream' });
  }
  for (const w of ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm'])
    files.set(w, { file: path.join(wasmDir, w), type: 'application/wasm' });
  return files;
}

const ZName = z.object({ name: z.string() });

export const DEVICE_RUNTIME_PREFIX = '/api/proctoring/runtime/';

export async function deviceRuntimeRoutes(app: FastifyInstance) {
  let files: Map<string, { file: string; type: string }> | null = null;
  // Public, like any static file; the answer is the file, so only the params are declared.
  typed(app).get('/api/proctoring/runtime/:name', { schema: { params: ZName } }, async (req, reply) => {
    files ??= runtimeFiles();
    const entry = files.get(req.params.name);
    if (!entry) throw new AppError('NOT_FOUND', 'No such proctoring runtime file');
    const info = await stat(entry.file);
    return reply
      .header('content-type', entry.type)
      .header('content-length', info.size)
      .header('cache-control', 'public, max-age=86400')
      .send(createReadStream(entry.file));
  });
}
