/**
 * Server face CPU per proctored candidate per second, before and after issue 17 (run:
 * `npm run bench:proctoring -w @assessly/server`, env BENCH_ROUNDS). Frames: 640×480 webcam frames of the
 * one-person fixtures (an honest candidate). CPU = this process's user+system time per call (wasm: one thread).
 *  before: the server detected every 10 s (faces + phone model) and verified every 15 s;
 *  after:  detection runs on the candidate's device; the server verifies one frame per spot check, drawn every
 *          CHALLENGE_MIN_GAP_MS..CHALLENGE_MAX_GAP_MS and picked up by a heartbeat (every 10 s: +5 s on average).
 * Flagged frames the device uploads add a detect each; an honest sitting has next to none.
 */
import { loadavg } from 'node:os';
import { createFaceEngine } from '@assessly/face';
import { toWebcamFrame } from '@assessly/face/testing';
import { CHALLENGE_MAX_GAP_MS, CHALLENGE_MIN_GAP_MS } from '../src/modules/face/proctoring.challenge';
import { photo } from '../test/fixtures/face';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const HEARTBEAT_MS = 10_000;

/** The one-person fixture photos (one per person where there are two), as webcam frames. */
const ONE_PERSON = [
  'obama_01.jpg',
  'biden_01.jpg',
  'kit_harington_01.jpeg',
  'rose_leslie_01.jpg',
  'vlado_01.jpg',
  'alex_lacamoire_01.png',
];
const frames = ONE_PERSON.map((f) => toWebcamFrame(photo(f)));

async function cpuPerCall(fn: (f: Buffer) => Promise<unknown>): Promise<number> {
  for (const f of frames.slice(0, 2)) await fn(f); // warm-up
  const c0 = process.cpuUsage();
  let n = 0;
  for (let r = 0; r < ROUNDS; r++)
    for (const f of frames) {
      await fn(f);
      n++;
    }
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000 / n;
}

const engine = await createFaceEngine({ preload: true });
const enrolled = await engine.describe(frames[0]!);
if (!enrolled.ok) throw new Error(enrolled.message);
const detectPhone = await cpuPerCall((f) => engine.detect(f, { phone: true }));
const verifyOld = await cpuPerCall((f) => engine.verify(f, enrolled.descriptor));
// Spot checks: the annotated frame is drawn only for a flag (a clean match stores nothing).
const verify = await cpuPerCall((f) => engine.verify(f, enrolled.descriptor, { annotate: 'flagged' }));

// Issue 27: the spot check's CPU split into detection (BlazeFace + mesh gate + anti-spoofing + quality) and the
// descriptor (68-point landmarks + recognition net), measured inside the engine. Two workloads: the frames above
// against obama_01's enrolment (5 of 6 are other people, so the annotated frame is drawn), and an honest
// candidate (each frame against its own enrolment: a match, nothing drawn).
const own = new Map<Buffer, Awaited<ReturnType<typeof engine.describe>>>();
for (const f of frames) own.set(f, await engine.describe(f));
async function split(label: string, against: (f: Buffer) => typeof enrolled) {
  const s = { detect: 0, descriptor: 0, n: 0, matched: 0 };
  const c0 = process.cpuUsage();
  for (let r = 0; r < ROUNDS; r++)
    for (const f of frames) {
      const e = against(f);
      if (!e.ok) throw new Error(e.message);
      const v = await engine.verify(f, e.descriptor, { annotate: 'flagged' });
      s.detect += v.cpu.detectMs;
      s.descriptor += v.cpu.descriptorMs;
      s.matched += v.status === 'matched' ? 1 : 0;
      s.n++;
    }
  const c = process.cpuUsage(c0);
  const total = (c.user + c.system) / 1000 / s.n;
  console.log(
    `${label}: CPU ${total.toFixed(1)} ms per call = detection ${(s.detect / s.n).toFixed(1)} + descriptor ${(s.descriptor / s.n).toFixed(1)} + decode/pad/tensor/annotate ${(total - (s.detect + s.descriptor) / s.n).toFixed(1)} (n=${s.n}, matched ${s.matched})`,
  );
}
await split('spot-check verify, mixed (5 of 6 flagged)', () => enrolled);
await split('spot-check verify, honest candidate', (f) => own.get(f) ?? enrolled);
console.log(
  `load average: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

const before = detectPhone / 10 + verifyOld / 15;
const challengeEveryS = ((CHALLENGE_MIN_GAP_MS + CHALLENGE_MAX_GAP_MS) / 2 + HEARTBEAT_MS / 2) / 1000;
const after = verify / challengeEveryS;
console.log(
  `face CPU per call (ms): detect+phone ${detectPhone.toFixed(1)}, verify ${verifyOld.toFixed(1)}, spot-check verify ${verify.toFixed(1)} (n=${ROUNDS * frames.length} each)`,
);
console.log(
  `before (detect every 10 s + verify every 15 s on the server): ${before.toFixed(2)} ms CPU per candidate per second`,
);
console.log(
  `after  (device detection; server spot check every ~${challengeEveryS} s): ${after.toFixed(2)} ms CPU per candidate per second`,
);
console.log(
  `reduction: ${(before / after).toFixed(1)}x; candidates per core at 100 % face CPU: ${Math.floor(1000 / before)} → ${Math.floor(1000 / after)}`,
);
await engine.close();
