#!/usr/bin/env node
/**
 * Prints what a candidate downloads (issue 16 targets): the first load of /code/:testId before the editor
 * chunk, and the editor chunk, as sent with brotli (the .br files the build wrote), gzip and raw.
 * Usage: node apps/web/build/sizes.mjs [distDir]   (default apps/web/dist). Last line: one JSON object.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

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

const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
const result = { firstLoadBeforeEditor: sizes(firstLoad), editorChunk: sizes(editorFiles) };
for (const [name, s] of Object.entries(result)) {
  console.log(
    `${name.padEnd(22)} ${String(s.files).padStart(3)} files  raw ${kb(s.raw).padStart(8)}  gzip ${kb(s.gzip).padStart(7)}  brotli ${kb(s.brotli).padStart(7)}`,
  );
}
const ok = result.firstLoadBeforeEditor.brotli < 1024 * 1024 && result.editorChunk.brotli < 1024 * 1024;
console.log(`targets (each < 1 MB compressed): ${ok ? 'met' : 'NOT met'}`);
console.log(JSON.stringify({ ...result, targetsMet: ok }));
