// Benchmark of the face service over HTTP: ms per 640x480 frame for /detect (faces + phone, and faces only)
// and /verify, through the real multipart contract, and frames per second per core.
// Run: node --import tsx apps/server/bench/face-http-bench.ts   (env BENCH_ROUNDS, FIXTURES_DIR)
// The service runs in this process (one tfjs wasm thread); "CPU" is this process's CPU time per frame, which
// includes the HTTP client, the multipart parsing and the server, so fps/core is what one service core gives.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeFakeWebcamMjpeg } from '@assessly/face/testing';
import { createInProcessFaceClient } from '../src/modules/face/face-client.in-process';
import { buildFaceServiceApp } from '../src/modules/face/face-service.app';
import { FIXTURES_DIR } from '../test/fixtures/face';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const PHOTOS = [
  'obama_01.jpg',
  'multi_kit_with_rose.jpg',
  'vlado_01.jpg',
  'kit_harington_02.jpeg',
  'none_landscape.jpg',
];
const SECRET = 'bench-secret';

/** Webcam-like frames: each photo letterboxed to 640x480 JPEG q90 (the fake-webcam writer), split at SOI markers. */
async function webcamFrames(): Promise<Buffer[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'face-bench-'));
  const file = path.join(dir, 'frames.mjpeg');
  await makeFakeWebcamMjpeg(
    PHOTOS.map((p) => path.join(FIXTURES_DIR, p)),
    1,
    file,
  );
  const all = await readFile(file);
  await rm(dir, { recursive: true, force: true });
  const frames: Buffer[] = [];
  let start = 0;
  for (let i = 2; i < all.length - 1; i++) {
    if (all[i] === 0xff && all[i + 1] === 0xd8) {
      frames.push(all.subarray(start, i));
      start = i;
    }
  }
  frames.push(all.subarray(start));
  return frames;
}

function form(fields: Record<string, string>, jpeg: Buffer): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  f.set('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'frame.jpg');
  return f;
}

const frames = await webcamFrames();
const face = createInProcessFaceClient();
const t0 = performance.now();
await face.ready;
console.log(`model load: ${(performance.now() - t0).toFixed(0)} ms; ${frames.length} frames 640x480, ${ROUNDS} rounds`);
const app = await buildFaceServiceApp({ face, secret: SECRET });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const headers = { 'x-face-secret': SECRET };

const enrol = await fetch(`${base}/enroll`, { method: 'POST', headers, body: form({ subject: 'bench' }, frames[0]!) });
if (!enrol.ok) throw new Error(`enrol failed: ${await enrol.text()}`);
const descriptor = JSON.stringify(((await enrol.json()) as { descriptor: unknown }).descriptor);

async function measure(name: string, call: (f: Buffer) => Promise<Response>) {
  for (const f of frames) await (await call(f)).arrayBuffer(); // warm-up
  const cpu0 = process.cpuUsage();
  const w0 = performance.now();
  let n = 0;
  for (let r = 0; r < ROUNDS; r++) {
    for (const f of frames) {
      const res = await call(f);
      await res.arrayBuffer();
      if (res.status >= 404) throw new Error(`${name}: HTTP ${res.status}`);
      n++;
    }
  }
  const wall = (performance.now() - w0) / n;
  const used = process.cpuUsage(cpu0);
  const cpu = (used.user + used.system) / 1000 / n;
  console.log(
    `${name.padEnd(34)} ${wall.toFixed(1).padStart(7)} ms/frame wall ${cpu.toFixed(1).padStart(7)} ms/frame CPU ${(1000 / cpu).toFixed(1).padStart(6)} frames/s per core (n=${n})`,
  );
}

const post = (p: string, fields: Record<string, string>) => (f: Buffer) =>
  fetch(`${base}${p}`, { method: 'POST', headers, body: form(fields, f) });
await measure('HTTP /detect (faces + phone)', post('/detect', { subject: 'bench' }));
await measure('HTTP /detect (faces only, phone=0)', post('/detect', { subject: 'bench', phone: '0' }));
await measure('HTTP /verify (descriptor, annotated)', post('/verify', { subject: 'bench', descriptor }));
await app.close();
await face.close();
