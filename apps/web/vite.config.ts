import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

/** Human's package exports map names its no-bundle build without "./", so resolve the file by its folder. */
const humanDist = path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human'));

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: [
      {
        find: /^@vladmandic\/human\/dist\/human\.esm-nobundle\.js$/,
        replacement: path.join(humanDist, 'human.esm-nobundle.js'),
      },
      // Human's no-bundle build imports every tfjs backend; the page uses wasm (and cpu) only (issue 26).
      {
        find: /^@tensorflow\/tfjs-backend-(webgl|webgpu)\/dist\/index\.js$/,
        replacement: fileURLToPath(new URL('./src/features/proctoring/no-backend.ts', import.meta.url)),
      },
    ],
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 4000, manifest: true },
});
