// Issue 41: the accuracy floor on faces-dev. Every one-person photo goes through the product's enrolment
// (describe on a 640x480 frame); every pair is scored at the engine's one threshold; the test fails when the
// FAR overall or in any sex x group cell, the TAR in any cell, or the share of refused photos passes the floor
// (test/faces-dev.ts FLOOR). Descriptors are computed here, every run (nothing cached).
import { describe, expect, it } from 'vitest';
import {
  type DevPhoto,
  devFrame,
  FLOOR,
  floorViolations,
  formatPairTally,
  LABEL_ERRORS,
  readFacesDev,
  tallyPairs,
} from '../test/faces-dev';
import { createFaceEngine, DEFAULT_THRESHOLD, type Descriptor } from './index';

describe('pair tally (no models)', () => {
  const photo = (file: string, person: string, sex: string, group: string, age = '30-44'): DevPhoto => ({
    file,
    path: file,
    person,
    sex,
    group,
    age,
  });
  const photos = [
    photo('a1', 'a', 'F', 'Asian'),
    photo('a2', 'a', 'F', 'Asian'),
    photo('b1', 'b', 'F', 'Asian'),
    photo('c1', 'c', 'M', 'White', '60+'),
    photo('d1', 'd', 'F', 'Asian', '60+'),
  ];
  // Distances: 1D positions, |x - y|.
  const at: Record<string, number | null> = { a1: 0, a2: 0.5, b1: 0.55, c1: 5, d1: null };
  const descriptors = new Map(Object.entries(at));
  const t = tallyPairs(photos, descriptors, (x, y) => Math.abs(x - y), 0.6);

  it('counts genuine pairs in their cell, same-cell impostors in the cell, hard ones apart, refusals per cell', () => {
    const fa = t.cells.find((c) => c.cell === 'F Asian')!;
    expect(fa).toMatchObject({
      genuine: 1,
      genuineAccepted: 1,
      impostor: 2,
      impostorAccepted: 2,
      refused: 1,
      photos: 4,
    });
    expect(t.all).toMatchObject({ genuine: 1, impostor: 5, impostorAccepted: 2, refused: 1, photos: 5 });
    expect(t.hard).toMatchObject({ impostor: 2, impostorAccepted: 2 }); // a~b share the age band; d is refused
    expect(t.cells.find((c) => c.cell === 'M White')).toMatchObject({ impostor: 0, genuine: 0 });
  });

  it('reports what breaks the floor', () => {
    const v = floorViolations(t);
    expect(v.some((s) => s.startsWith('FAR overall'))).toBe(true);
    expect(v.some((s) => s.startsWith('FAR F Asian'))).toBe(true);
    expect(v.some((s) => s.startsWith('refused'))).toBe(true);
    expect(formatPairTally(t)).toContain('| F Asian | 3/4 | 100.0 % (1/1) | 100.00 % (2/2) |');
  });
});

describe('faces-dev accuracy floor (real models)', () => {
  it('meets FAR <= 0.1 % overall and <= 0.3 % in every sex x group cell, TAR >= 97 % in every cell, at one threshold', async () => {
    const engine = await createFaceEngine({ preload: true, detectPhone: false });
    expect(engine.threshold).toBe(DEFAULT_THRESHOLD); // one threshold, the product's
    const photos = readFacesDev();
    expect(photos.length).toBeGreaterThanOrEqual(190);
    const descriptors = new Map<string, Descriptor | null>();
    for (const p of photos) {
      const r = await engine.describe(await devFrame(p.path));
      descriptors.set(p.file, r.ok ? r.descriptor : null);
    }
    const t = tallyPairs(
      photos.filter((p) => !(p.file in LABEL_ERRORS)),
      descriptors,
      (a, b) => engine.distance(a, b),
      engine.threshold,
    );
    console.log(`[faces-dev] threshold ${engine.threshold}\n${formatPairTally(t)}`);
    // Every cell is measured: a floor on cells with no pairs would pass by itself.
    expect(t.cells.length).toBe(10);
    for (const c of t.cells) expect(c.genuine, c.cell).toBeGreaterThan(10);
    expect(t.all.impostor).toBeGreaterThan(17_000);
    expect(floorViolations(t), t.errors.join('; ')).toEqual([]);
    expect(FLOOR.farCell).toBe(0.003);
    await engine.close();
    // A hang guard, not a speed check: about 30 CPU s of inference, and in npm test this file runs niced beside
    // the browser tests, where a CI run took more than the default 180 s of wall time.
  }, 900_000);
});
