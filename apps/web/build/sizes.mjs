#!/usr/bin/env node
/**
 * Prints what a candidate downloads on a cold load of /code/:testId (issue 16 targets, issue 26 budget): the app up
 * to the coding environment, the editor (CodeMirror's core chunks and the largest language grammar with what it
 * imports beyond the core; brotli: the .br files the build wrote), and the proctoring runtime a proctored test adds (the Human + tfjs chunk the
 * build writes, the wasm backend and the face models: the integer copies of BlazeFace and FaceMesh the server
 * writes, from packages/face/src/device-models.ts, which node loads here as it is; brotli as the server sends
 * them). Then the cold load of an
 * unproctored and of a proctored test against the budget. The phone model loads after the first check and is
 * listed on its own line, outside the cold load. Exits with 1 when either cold load is over budget.
 * Usage: node apps/web/build/sizes.mjs [distDir]   (default apps/web/dist). Last line: one JSON object.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { DEVICE_QUANTISED_MODELS, deviceModel } from '../../../packages/face/src/device-models.ts';

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

const find = (suffix) => Object.keys(manifest).find((k) => k.endsWith(suffix));
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const page = find('coding-test-page.tsx');
const environment = find('coding-environment.tsx');
const editor = find('features/taking/editor-setup.ts');
const codeEditor = find('features/taking/code-editor.tsx');
const humanRuntime = find('human-runtime.ts');
// The app up to the coding environment (the route, the start or entry step, the environment itself).
const firstLoad = closure([entry, page, environment].filter(Boolean));
firstLoad.add('index.html');
// CodeMirror: the editor component, its core chunks and CSS, and one language's grammar (the largest with what
// it imports beyond the core, as the worst case: a candidate's page loads one or two).
const editorFiles = closure([codeEditor, editor].filter(Boolean));
for (const a of manifest[editor]?.assets ?? []) editorFiles.add(a);
const grammarFiles = (manifest[editor]?.dynamicImports ?? []).map((k) => {
  const files = closure([k]);
  for (const f of [...firstLoad, ...editorFiles]) files.delete(f);
  return files;
});
const brotliOf = (files) => [...files].reduce((n, f) => n + size(f, '.br'), 0);
const largestGrammar = grammarFiles.sort((a, b) => brotliOf(b) - brotliOf(a))[0];
for (const f of largestGrammar ?? []) editorFiles.add(f);
for (const f of firstLoad) editorFiles.delete(f);
// Human and tfjs (core, converter, cpu and wasm backends), bundled by the web build into one hashed chunk.
const humanFiles = closure([humanRuntime].filter(Boolean));
for (const f of [...firstLoad, ...editorFiles]) humanFiles.delete(f);

/**
 * The runtime files as apps/server/src/modules/face/device-runtime.routes.ts serves them: brotli quality 11 under
 * 2 MB, 9 above (its brotliQuality).
 */
const serverRequire = createRequire(path.join(import.meta.dirname, '..', '..', 'server', 'package.json'));
const humanDist = path.dirname(serverRequire.resolve('@vladmandic/human'));
const models = path.join(humanDist, '..', 'models');
const wasmDir = path.dirname(serverRequire.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
function runtimeSizes(files) {
  const out = { files: files.length, raw: 0, gzip: 0, brotli: 0 };
  for (const f of files) {
    const raw = Buffer.isBuffer(f) ? f : readFileSync(f);
    const quality = raw.length < 2 * 1024 * 1024 ? 11 : 9;
    out.raw += raw.length;
    out.gzip += gzipSync(raw, { level: 9 }).length;
    out.brotli += brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    }).length;
  }
  return out;
}
const add = (a, b) => ({
  files: a.files + b.files,
  raw: a.raw + b.raw,
  gzip: a.gzip + b.gzip,
  brotli: a.brotli + b.brotli,
});
// Without cross-origin isolation (this app does not set it) tfjs picks the SIMD binary. The face models
// (BlazeFace at 16 bits and FaceMesh at 8: the human-face gate needs the mesh on every check) load before the
// first check.
const faceModels = [];
for (const m of DEVICE_QUANTISED_MODELS) {
  const { json, bin } = await deviceModel(models, m);
  faceModels.push(json, bin);
}
const proctoringCold = add(
  sizes(humanFiles),
  runtimeSizes([path.join(wasmDir, 'tfjs-backend-wasm-simd.wasm'), ...faceModels]),
);
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
/** Issue 26: the whole cold /code load on the wire (brotli), at most 1.5 MB, for a test without and with proctoring. */
const BUDGET = 1.5 * 1024 * 1024;
const coldUnproctored = result.firstLoadBeforeEditor.brotli + result.editorChunk.brotli;
const coldCode = coldUnproctored + proctoringCold.brotli;
const within = (n) => (n <= BUDGET ? 'within' : 'OVER');
console.log(
  `cold /code load, unproctored test (app + editor, brotli): ${kb(coldUnproctored)} of ${kb(BUDGET)}: ${within(coldUnproctored)}`,
);
console.log(
  `cold /code load, proctored test (app + editor + proctoring, brotli): ${kb(coldCode)} of ${kb(BUDGET)}: ${within(coldCode)}`,
);
const withinBudget = coldCode <= BUDGET && coldUnproctored <= BUDGET;
console.log(
  JSON.stringify({
    ...result,
    targetsMet: ok,
    coldUnproctored,
    coldCode,
    budget: BUDGET,
    unproctoredWithinBudget: coldUnproctored <= BUDGET,
    withinBudget,
  }),
);
if (!withinBudget) process.exitCode = 1;
