#!/usr/bin/env node
/**
 * Prints what a candidate downloads on a cold load of /code/:testId (issue 16 targets, issue 26 budget): the app
 * before the editor chunk, the editor chunk (brotli: the .br files the build wrote), and the proctoring runtime the
 * page fetches for a proctored test (Human's bundle, the wasm backend, the face models; brotli as the server sends
 * them), then the whole cold load against its budget. The phone model loads after the first check and is listed
 * on its own line, outside the cold load. Exits with 1 when the cold load is over budget.
 * Usage: node apps/web/build/sizes.mjs [distDir]   (default apps/web/dist). Last line: one JSON object.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'dist'));
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const size = (file, ext = '') => {
  const p = path.join(dist, file + ext);
  return existsSync(p) ? statSync(p).size : ext ? size(file) : 0;
};
const sizes = (files) => {
  const sum = (ext) => [...files].reduce((n, f) => n + size(f, ext), 0);
  return { files: files.size, raw: sum(''), gzip: sum('.gz'), brotli: sum('.br') };
};

/** The files a chunk pulls in with static imports (and their CSS). */
function closure(keys, out = new Set(), seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) continue;
    out.add(chunk.file);
    for (const css of chunk.css ?? []) out.add(css);
    closure(chunk.imports ?? [], out, seen);
  }
  return out;
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const page = Object.keys(manifest).find((k) => k.endsWith('coding-test-page.tsx'));
const editor = Object.keys(manifest).find((k) => k.endsWith('monaco-setup.ts'));
const firstLoad = closure([entry, page]);
firstLoad.add('index.html');
const editorFiles = closure([editor]);
for (const f of firstLoad) editorFiles.delete(f);

/** The runtime files as apps/server/src/modules/face/device-runtime.routes.ts serves them (brotli quality 9). */
const serverRequire = createRequire(path.join(import.meta.dirname, '..', '..', 'server', 'package.json'));
const humanDist = path.dirname(serverRequire.resolve('@vladmandic/human'));
const models = path.join(humanDist, '..', 'models');
const wasmDir = path.dirname(serverRequire.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
function runtimeSizes(files) {
  const out = { files: files.length, raw: 0, gzip: 0, brotli: 0 };
  for (const f of files) {
    const raw = readFileSync(f);
    out.raw += raw.length;
    out.gzip += gzipSync(raw, { level: 9 }).length;
    out.brotli += brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }).length;
  }
  return out;
}
// Without cross-origin isolation (this app does not set it) tfjs picks the SIMD binary.
const proctoringCold = runtimeSizes([
  path.join(humanDist, 'human.esm.js'),
  path.join(wasmDir, 'tfjs-backend-wasm-simd.wasm'),
  ...['blazeface', 'facemesh'].flatMap((m) => [path.join(models, `${m}.json`), path.join(models, `${m}.bin`)]),
]);
const phoneModelLazy = runtimeSizes([path.join(models, 'centernet.json'), path.join(models, 'centernet.bin')]);

const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
const result = {
  firstLoadBeforeEditor: sizes(firstLoad),
  editorChunk: sizes(editorFiles),
  proctoringCold,
  phoneModelLazy,
};
for (const [name, s] of Object.entries(result)) {
  console.log(
    `${name.padEnd(22)} ${String(s.files).padStart(3)} files  raw ${kb(s.raw).padStart(8)}  gzip ${kb(s.gzip).padStart(7)}  brotli ${kb(s.brotli).padStart(7)}`,
  );
}
const ok = result.firstLoadBeforeEditor.brotli < 1024 * 1024 && result.editorChunk.brotli < 1024 * 1024;
console.log(`targets (each < 1 MB compressed): ${ok ? 'met' : 'NOT met'}`);
/** Issue 26: the whole cold /code load of a proctored test, on the wire (brotli), at most 1.5 MB. */
const BUDGET = 1.5 * 1024 * 1024;
const coldCode = result.firstLoadBeforeEditor.brotli + result.editorChunk.brotli + proctoringCold.brotli;
const withinBudget = coldCode <= BUDGET;
console.log(
  `cold /code load (app + editor + proctoring, brotli): ${kb(coldCode)} of a ${kb(BUDGET)} budget: ${withinBudget ? 'within' : 'OVER'}`,
);
console.log(JSON.stringify({ ...result, targetsMet: ok, coldCode, budget: BUDGET, withinBudget }));
if (!withinBudget) process.exitCode = 1;
