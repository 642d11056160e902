// npm run bench:face-pairs (issue 41): TAR and FAR on ALL pairs of faces-dev's one-person photos, overall, per
// sex x group cell and for the hard pairs, at the engine's one threshold; the model; CPU ms per enrolment and per
// check. Each photo goes through the product's path: the crop at FACE_PX (default 300) px on a grey 640x480 JPEG
// frame, enrolled with describe() (a refusal gives no descriptor: guidance, no verdict), then every photo with a
// descriptor is verified against its own enrolment (the server's spot check) for the CPU cost.
// Env: FACES_DEV_DIR (default ../shared/fixtures/faces-dev), FACE_PX, THRESHOLD (a cosine distance; default the
// engine's).
import { cpus, loadavg } from 'node:os';
import { createFaceEngine, DESCRIPTOR_MODEL, type Descriptor, MIN_DESCRIPTOR_NORM } from '../src/index';
import {
  devFrame,
  FACES_DEV_DIR,
  FLOOR,
  floorViolations,
  formatPairTally,
  LABEL_ERRORS,
  readFacesDev,
  tallyPairs,
} from '../test/faces-dev';

const facePx = Number(process.env.FACE_PX ?? 300);
const engine = await createFaceEngine({ preload: true, detectPhone: false });
const threshold = process.env.THRESHOLD ? Number(process.env.THRESHOLD) : engine.threshold;
const photos = readFacesDev();
const load0 = loadavg()[0]!;

const cpuMs = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const c = process.cpuUsage();
  const r = await fn();
  const d = process.cpuUsage(c);
  return [r, (d.user + d.system) / 1000];
};
const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)] ?? Number.NaN;
const mean = (a: number[]) => a.reduce((s, v) => s + v, 0) / (a.length || 1);

const frames = new Map<string, Buffer>();
const descriptors = new Map<string, Descriptor | null>();
const refusals: string[] = [];
const enrolMs: number[] = [];
for (const p of photos) {
  const frame = await devFrame(p.path, facePx);
  frames.set(p.file, frame);
  const [r, ms] = await cpuMs(() => engine.describe(frame));
  enrolMs.push(ms);
  descriptors.set(p.file, r.ok ? r.descriptor : null);
  if (!r.ok) refusals.push(`${p.file} (${p.sex} ${p.group}): ${r.reason}${r.issues ? ` ${r.issues.join(',')}` : ''}`);
}

const checkMs: number[] = [];
const detectMs: number[] = [];
const descMs: number[] = [];
for (const p of photos) {
  const d = descriptors.get(p.file);
  if (!d) continue;
  const [v, ms] = await cpuMs(() => engine.verify(frames.get(p.file)!, d, { annotate: 'flagged' }));
  checkMs.push(ms);
  detectMs.push(v.cpu.detectMs);
  descMs.push(v.cpu.descriptorMs);
}

const distance = (a: Descriptor, b: Descriptor) => engine.distance(a, b);
const labelled = tallyPairs(photos, descriptors, distance, threshold);
const corrected = tallyPairs(
  photos.filter((p) => !(p.file in LABEL_ERRORS)),
  descriptors,
  distance,
  threshold,
);

console.log(`faces-dev: ${FACES_DEV_DIR} (${photos.length} one-person photos, face ${facePx} px on 640x480 grey)`);
console.log(`model: ${DESCRIPTOR_MODEL}; ${engine.info().backend} detection + onnxruntime-node descriptor`);
console.log(
  `threshold: cosine distance < ${threshold} (similarity > ${(1 - threshold).toFixed(2)}), one for everyone; no verdict below descriptor norm ${MIN_DESCRIPTOR_NORM}`,
);
console.log(
  `floor (accuracy test): FAR all <= ${FLOOR.farAll * 100} %, FAR per cell <= ${FLOOR.farCell * 100} %, TAR per cell >= ${FLOOR.tarCell * 100} %, refused photos <= ${FLOOR.maxRefused * 100} %`,
);
console.log(`\nAs labelled in manifest.tsv:\n${formatPairTally(labelled)}`);
console.log(
  `\nWithout the ${Object.keys(LABEL_ERRORS).length} photos whose label is wrong (${Object.keys(LABEL_ERRORS).join(', ')}):\n${formatPairTally(corrected)}`,
);
for (const [name, t] of [
  ['as labelled', labelled],
  ['corrected', corrected],
] as const) {
  const v = floorViolations(t);
  console.log(`\nfloor ${name}: ${v.length ? `NOT MET: ${v.join('; ')}` : 'met'}`);
  console.log(
    `margin ${name}: highest impostor similarity ${t.maxImpostor.similarity.toFixed(3)} (${t.maxImpostor.pair}), lowest genuine ${t.minGenuine.similarity.toFixed(3)} (${t.minGenuine.pair})`,
  );
}
console.log(`\nrefused enrolments (${refusals.length}): ${refusals.join('; ') || 'none'}`);
console.log(`errors (corrected, ${corrected.errors.length}): ${corrected.errors.join('; ') || 'none'}`);
console.log(
  `\nCPU ms per enrolment (describe): mean ${mean(enrolMs).toFixed(1)}, median ${median(enrolMs).toFixed(1)} (n=${enrolMs.length})`,
);
console.log(
  `CPU ms per check (verify, annotate 'flagged'): mean ${mean(checkMs).toFixed(1)}, median ${median(checkMs).toFixed(1)} (n=${checkMs.length}); detection ${mean(detectMs).toFixed(1)} + descriptor ${mean(descMs).toFixed(1)}`,
);
console.log(`load average ${load0.toFixed(1)} → ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`);
await engine.close();
