/**
 * Human without its 2 MB all-backends bundle (issue 26): its no-bundle build, with tfjs core, converter and the
 * cpu and wasm backends bundled by Vite into one hashed, precompressed chunk. The WebGL and WebGPU backends are
 * never used (the page runs the wasm backend only), so vite.config.ts points their imports at no-backend.ts.
 * Loaded only by device-detector.ts, so it is fetched only on a proctored test.
 */
export { Human } from '@vladmandic/human/dist/human.esm-nobundle.js';
