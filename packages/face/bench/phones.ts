// npm run bench:phones (issue 41): phone recall and false flags of the SERVER's phone check (the page no longer
// loads the phone model), at the one rule the server applies to every frame it checks (a COCO `cell phone` at or
// above PHONE_MIN_SCORE in one frame), and what that check adds to a spot check's CPU. Every photo of faces-dev
// (manifest `kind`: phone = a phone in view; everything else must not flag) and of the older fixtures
// (shared/fixtures/faces: none shows a phone) goes through the product's path: letterboxed onto a 640x480 webcam
// frame (JPEG q90), then detect({ phone: true }). Then 24 one-person frames are verified against their own
// enrolment with and without the phone check, interleaved, for the spot check's CPU.
// Env: FACES_DEV_DIR (default ../shared/fixtures/faces-dev), FIXTURES_DIR (default ../shared/fixtures/faces).
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { createFaceEngine, PHONE_MIN_SCORE } from '../src/index';
import { toWebcamFrame } from '../src/testing';
import { FACES_DEV_DIR } from '../test/faces-dev';
import { FIXTURES_DIR } from '../test/fixtures';

interface Row {
  set: string;
  file: string;
  kind: string;
}

function manifest(dir: string, name: string, kindOf: (cells: Record<string, string>) => string, set: string): Row[] {
  const lines = readFileSync(path.join(dir, name), 'utf8')
    .split('\n')
    .filter((l) => l.trim());
  const header = (lines.shift() ?? '').split('\t');
  return lines.map((l) => {
    const cells = Object.fromEntries(l.split('\t').map((v, i) => [header[i] ?? String(i), v]));
    return { set, file: path.join(dir, cells.file ?? ''), kind: kindOf(cells) };
  });
}

const rows = [
  ...manifest(FACES_DEV_DIR, 'manifest.tsv', (c) => c.kind ?? '?', 'faces-dev'),
  ...manifest(FIXTURES_DIR, 'MANIFEST.tsv', (c) => (c.faces_count === '0' ? 'no_person' : 'face'), 'faces'),
];
const engine = await createFaceEngine({ preload: true });
const load0 = loadavg()[0]!;
const cpu = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const c = process.cpuUsage();
  const r = await fn();
  const d = process.cpuUsage(c);
  return [r, (d.user + d.system) / 1000];
};

const tally = new Map<string, { n: number; flagged: number; files: string[] }>();
const detectMs: number[] = [];
for (const r of rows) {
  const frame = toWebcamFrame(readFileSync(r.file));
  const [d, ms] = await cpu(() => engine.detect(frame, { phone: true }));
  detectMs.push(ms);
  const key = `${r.set} ${r.kind === 'phone' ? 'phone' : r.kind}`;
  const t = tally.get(key) ?? { n: 0, flagged: 0, files: [] };
  t.n++;
  if (d.phoneScore !== null && d.phoneScore >= PHONE_MIN_SCORE) {
    t.flagged++;
    t.files.push(`${path.basename(r.file)} ${d.phoneScore.toFixed(2)}`);
  } else if (r.kind === 'phone') t.files.push(`${path.basename(r.file)} missed (${d.phoneScore ?? 'none'})`);
  tally.set(key, t);
}

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 0;
console.log(`[phones] rule: one frame with a COCO 'cell phone' >= ${PHONE_MIN_SCORE} (CenterNet, the server's engine)`);
console.log('| set | kind | photos | flagged as phone | |');
console.log('| --- | --- | --- | --- | --- |');
let phones = 0;
let caught = 0;
let others = 0;
let falseFlags = 0;
for (const [key, t] of [...tally].sort()) {
  const [set, kind] = key.split(' ');
  console.log(`| ${set} | ${kind} | ${t.n} | ${t.flagged} | ${t.files.join('; ')} |`);
  if (kind === 'phone') {
    phones += t.n;
    caught += t.flagged;
  } else {
    others += t.n;
    falseFlags += t.flagged;
  }
}
console.log(`[phones] recall: ${caught} of ${phones} phone photos flagged`);
console.log(`[phones] false flags: ${falseFlags} of ${others} photos without a phone flagged`);
console.log(`[phones] detect({ phone: true }) CPU per 640x480 frame: median ${median(detectMs).toFixed(0)} ms`);

// The spot check's cost with and without the phone check, interleaved on the same frames.
const faceRows = rows.filter((r) => r.kind === 'face').slice(0, 24);
const withPhone: number[] = [];
const without: number[] = [];
for (const r of faceRows) {
  const frame = toWebcamFrame(readFileSync(r.file));
  const e = await engine.describe(frame);
  if (!e.ok) continue;
  const [, a] = await cpu(() => engine.verify(frame, e.descriptor, { annotate: 'flagged' }));
  const [, b] = await cpu(() => engine.verify(frame, e.descriptor, { annotate: 'flagged', phone: true }));
  without.push(a);
  withPhone.push(b);
}
console.log(
  `[phones] spot-check verify CPU, ${without.length} frames, interleaved: without the phone check median ${median(without).toFixed(0)} ms, with it ${median(withPhone).toFixed(0)} ms (load ${load0.toFixed(1)} -> ${loadavg()[0]!.toFixed(1)})`,
);
await engine.close();
