// One tfjs engine (wasm backend, CPU only) for Human (detector, face mesh, anti-spoofing, objects).
// Human's node-wasm build `require`s @tensorflow/tfjs-core, so it sees this engine instance.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);

export type Tf = typeof import('@tensorflow/tfjs');

/** Directory of an installed package (resolved through node_modules, never a URL download). */
export function resolvePackageDir(pkg: string, fileInside: string): string {
  const resolved = require.resolve(`${pkg}/${fileInside}`);
  return path.dirname(resolved);
}

let tfPromise: Promise<Tf> | undefined;

/** Initialise tfjs with the wasm backend once; the .wasm files come from node_modules. */
export function loadTf(): Promise<Tf> {
  tfPromise ??= (async () => {
    const tf = require('@tensorflow/tfjs') as Tf;
    const wasm = require('@tensorflow/tfjs-backend-wasm') as typeof import('@tensorflow/tfjs-backend-wasm');
    const wasmDir = resolvePackageDir('@tensorflow/tfjs-backend-wasm', 'dist/tfjs-backend-wasm.wasm');
    // Threaded wasm needs a worker script loaded by URL; one thread per process keeps "per core" honest.
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    wasm.setWasmPaths(`${wasmDir}${path.sep}`, false); // false: emscripten reads the file with fs
    // Emscripten's node glue adds process-wide uncaughtException/unhandledRejection handlers that rethrow;
    // remove them so the host process keeps its own error handling.
    const before = {
      uncaughtException: process.listeners('uncaughtException'),
      unhandledRejection: process.listeners('unhandledRejection'),
    };
    await tf.setBackend('wasm');
    await tf.ready();
    for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
      for (const l of process.listeners(event)) {
        if (!before[event].includes(l)) process.removeListener(event, l);
      }
    }
    tf.enableProdMode();
    return tf;
  })();
  return tfPromise;
}

/**
 * Run `fn` while global fetch also serves file:// URLs from disk. Human loads its graph models
 * through fetch, and Node's fetch does not read files; other URLs go to the original fetch.
 */
export async function withFileFetch<T>(fn: () => Promise<T>): Promise<T> {
  const original = globalThis.fetch;
  const fileFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith('file://')) return original(input, init);
    try {
      const bytes = await readFile(fileURLToPath(url));
      return new Response(bytes, { status: 200 });
    } catch {
      return new Response('not found', { status: 404 });
    }
  };
  globalThis.fetch = fileFetch as typeof fetch;
  try {
    return await fn();
  } finally {
    globalThis.fetch = original;
  }
}

export function toFileUrl(dir: string): string {
  return `${pathToFileURL(dir).href}/`;
}
