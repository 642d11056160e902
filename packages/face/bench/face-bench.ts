// Benchmark: model load, then ms per 640x480 frame for detect (with and without the phone model),
// describe and verify; fps per core from the CPU time the process spent (wasm runs one thread).
// Run: npm run bench -w @assessly/face   (env FIXTURES_DIR, BENCH_ROUNDS)
import { readFileSync } from 'node:fs';
import { decodeImage, decodeImageFast, encodeJpeg, letterbox } from '../src/image';
import { createFaceEngine, type Descriptor } from '../src/index';
import { FIXTURES_DIR, readManifest } from '../test/fixtures';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const FRAMES = [
  'obama_01.jpg',
  'multi_kit_with_rose.jpg',
  'vlado_01.jpg',
  'kit_harington_02.jpeg',
  'none_landscape.jpg',
];

function toFrame(file: string): Buffer {
  const photo = readManifest().find((p) => p.file === file);
  if (!photo) throw new Error(`${file} is not in ${FIXTURES_DIR}/MANIFEST.tsv`);
  return encodeJpeg(letterbox(decodeImage(readFileSync(photo.path)), 640, 480), 90);
}

async function measure(name: string, frames: Buffer[], fn: (f: Buffer) => Promise<unknown>) {
  for (const f of frames) await fn(f); // warm-up: first runs compile wasm kernels
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let n = 0;
  for (let r = 0; r < ROUNDS; r++)
    for (const f of frames) {
      await fn(f);
      n++;
    }
  const wall = (performance.now() - t0) / n;
  const cpuUse = process.cpuUsage(cpu0);
  const cpu = (cpuUse.user + cpuUse.system) / 1000 / n;
  console.log(
    `${name.padEnd(30)} ${wall.toFixed(1).padStart(7)} ms/frame wall  ${cpu.toFixed(1).padStart(7)} ms/frame CPU  ${(1000 / cpu).toFixed(1).padStart(6)} frames/s per core  (n=${n})`,
  );
}

const frames = FRAMES.map(toFrame);
const engine = await createFaceEngine();
const { loadMs } = await engine.load();
console.log(
  `model load (tfjs wasm init + blazeface, centernet, landmark68, recognition): ${loadMs.toFixed(0)} ms; ${engine.info().backend}`,
);
console.log(`frames: ${frames.length} fixture photos letterboxed to 640x480 JPEG, ${ROUNDS} rounds`);

const faceOnly = await createFaceEngine({ detectPhone: false });
const enrol = await engine.describe(frames[0]!);
if (!enrol.ok) throw new Error(`enrolment failed: ${enrol.message}`);
const enrolled: Descriptor = enrol.descriptor;

await measure('JPEG decode only (jpeg-js, tests and fixtures)', frames, async (f) => decodeImage(f));
await measure('JPEG decode only (libvips, the engine)', frames, (f) => decodeImageFast(f));
await measure('detect (faces + phone)', frames, (f) => engine.detect(f));
await measure('detect (faces only)', frames, (f) => faceOnly.detect(f));
await measure('describe (enrol, 1 face)', [frames[0]!, frames[2]!, frames[3]!], (f) => engine.describe(f));
await measure('verify (annotated JPEG)', frames, (f) => engine.verify(f, enrolled));
await engine.close();
await faceOnly.close();
