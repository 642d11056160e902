// The accuracy command (issue 27): TAR/FAR at the engine threshold, overall and per group, on
//   - every pair of the manifest's one-person fixture photos (group "fixtures"), and
//   - the labelled pair set FIXTURES_DIR/pairs/pairs.tsv when it exists (layout: test/pairs.ts, README).
// Each photo is enrolled twice: as the file itself and as the page sends it (letterboxed 640x480 JPEG q90).
// A photo the engine refuses (no face, poor quality, spoof) gives no descriptor; its pairs count as not accepted.
// Run: npm run accuracy -w @assessly/face   (env FIXTURES_DIR)
import { readFileSync } from 'node:fs';
import { decodeImage, encodeJpeg, letterbox } from '../src/image';
import { createFaceEngine, type Descriptor } from '../src/index';
import { FIXTURES_DIR, readManifest } from '../test/fixtures';
import { formatTally, type LabelledPair, manifestPairs, PAIRS_DIR, readPairs, tally } from '../test/pairs';

const engine = await createFaceEngine({ preload: true, detectPhone: false });
const sets: Array<[string, LabelledPair[]]> = [['fixtures', manifestPairs(readManifest())]];
const external = readPairs();
if (external) sets.push([`pairs.tsv (${PAIRS_DIR})`, external]);

const asWebcam = (bytes: Buffer) => encodeJpeg(letterbox(decodeImage(bytes), 640, 480), 90);
const refusals = new Map<string, number>();

async function descriptors(files: string[], webcam: boolean): Promise<Map<string, Descriptor | null>> {
  const out = new Map<string, Descriptor | null>();
  for (const f of files) {
    const bytes = readFileSync(f);
    const r = await engine.describe(webcam ? asWebcam(bytes) : bytes);
    if (!r.ok) refusals.set(r.reason, (refusals.get(r.reason) ?? 0) + 1);
    out.set(f, r.ok ? r.descriptor : null);
  }
  return out;
}

console.log(`fixtures: ${FIXTURES_DIR}; pair set: ${external ? `${external.length} pairs` : `none (${PAIRS_DIR})`}`);
for (const [name, pairs] of sets) {
  const files = [...new Set(pairs.flatMap((p) => [p.a, p.b]))];
  for (const webcam of [false, true]) {
    refusals.clear();
    const d = await descriptors(files, webcam);
    const dist = (p: LabelledPair) => {
      const [x, y] = [d.get(p.a), d.get(p.b)];
      return x && y ? engine.distance(x, y) : null;
    };
    const { groups, misses } = tally(pairs, dist, engine.threshold);
    console.log(`\n${name}, ${webcam ? 'as 640x480 webcam frames' : 'photos as files'} (${files.length} photos)`);
    console.log(formatTally(webcam ? `${name} (webcam)` : name, groups, engine.threshold));
    if (refusals.size) console.log('refused enrolments:', Object.fromEntries(refusals));
    if (misses.length) console.log(`errors (${misses.length}):`, misses.slice(0, 20).join('; '));
  }
}
await engine.close();
