import { readFileSync } from 'node:fs';
import path from 'node:path';
import jpeg from 'jpeg-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR, isIdentityPhoto, readManifest } from '../test/fixtures';
import {
  createFaceEngine,
  DESCRIPTOR_LENGTH,
  type Descriptor,
  DescriptorModelError,
  type DetectResult,
  type FaceEngine,
  FaceImageError,
  findPhone,
  MAX_INFERENCE_SIDE,
  PHONE_MIN_SCORE,
} from './index';
import { MODEL_NAMES } from './models';

const MODEL_COUNT = MODEL_NAMES.length; // Human's four models and the descriptor

// CPU budget (this file ran ~35 s of CPU, minutes under the suite's load): every photo goes through each engine
// call once and the results are shared by the tests that read them; "the engine still works" checks use the
// smallest one-face fixture with the phone model off.
const photos = readManifest();
const bytes = new Map<string, Buffer>();
const read = (file: string) => {
  const b = bytes.get(file) ?? readFileSync(path.join(FIXTURES_DIR, file));
  bytes.set(file, b);
  return b;
};
/** A 150x150 one-face fixture: the cheapest real detection there is. */
const SMALL_FACE = 'bbt_penny_01.png';

let engine: FaceEngine;
const enrolled = new Map<string, { person: string; descriptor: Descriptor }>();
const detected = new Map<string, Promise<DetectResult>>();
/** detect() with the phone model, once per photo for the whole file. */
const detectOnce = (file: string) => {
  const r = detected.get(file) ?? engine.detect(read(file));
  detected.set(file, r);
  return r;
};

beforeAll(async () => {
  engine = await createFaceEngine({ preload: true });
});

describe('detect: face counts on every fixture photo', () => {
  it('has the fixtures', () => {
    expect(photos.length).toBeGreaterThanOrEqual(20);
  });

  it.each(photos.map((p) => [p.file, p.faces] as const))('%s has %i face(s)', async (file, count) => {
    const res = await detectOnce(file);
    expect(res.faces).toHaveLength(count);
    for (const f of res.faces) {
      expect(f.x).toBeGreaterThanOrEqual(0);
      expect(f.y).toBeGreaterThanOrEqual(0);
      expect(f.x + f.width).toBeLessThanOrEqual(res.width + 0.1);
      expect(f.y + f.height).toBeLessThanOrEqual(res.height + 0.1);
      expect(f.score).toBeGreaterThanOrEqual(0.5);
    }
    expect(res.phone).toBe(false); // no fixture shows a phone
    expect(res.phoneScore).toBeNull();
  });

  it('skips the phone model when asked per call', async () => {
    const res = await engine.detect(read('obama_01.jpg'), { phone: false });
    expect(res.faces).toHaveLength(1);
    expect(res.phoneScore).toBeNull();
  });
});

describe('describe (enrolment)', () => {
  it('gives a DESCRIPTOR_LENGTH (512) descriptor for every single-person photo', async () => {
    for (const p of photos.filter(isIdentityPhoto)) {
      const res = await engine.describe(read(p.file));
      if (!res.ok) throw new Error(`${p.file}: ${res.reason} ${res.message}`);
      expect(res.descriptor.values).toHaveLength(DESCRIPTOR_LENGTH);
      enrolled.set(p.file, { person: p.person, descriptor: res.descriptor });
    }
    expect(enrolled.size).toBe(photos.filter(isIdentityPhoto).length);
  });

  it('refuses several faces and no face', async () => {
    const multi = await engine.describe(read('multi_kit_with_rose.jpg'));
    expect(multi).toMatchObject({ ok: false, reason: 'multiple_faces' });
    const none = await engine.describe(read('none_landscape.jpg'));
    expect(none).toMatchObject({ ok: false, reason: 'no_face' });
  });

  it('reports bad bytes as bad_image instead of throwing', async () => {
    const res = await engine.describe(Buffer.from('definitely not a jpeg'));
    expect(res).toMatchObject({ ok: false, reason: 'bad_image' });
  });
});

describe('same/different pairs at the engine threshold', () => {
  it('meets TAR >= 0.95 and FAR <= 0.02 over every pair', () => {
    const entries = [...enrolled.entries()];
    expect(entries.length).toBeGreaterThan(10);
    let same = 0,
      sameAccepted = 0,
      diff = 0,
      diffAccepted = 0,
      sameMax = 0,
      diffMin = Infinity;
    const misses: string[] = [];
    for (let i = 0; i < entries.length; i++) {
      for (let j = i + 1; j < entries.length; j++) {
        const [fa, a] = entries[i]!;
        const [fb, b] = entries[j]!;
        const d = engine.distance(a.descriptor, b.descriptor);
        const accepted = d < engine.threshold;
        if (a.person === b.person) sameMax = Math.max(sameMax, d);
        else diffMin = Math.min(diffMin, d);
        if (a.person === b.person) {
          same++;
          if (accepted) sameAccepted++;
          else misses.push(`${fa}~${fb} rejected`);
        } else {
          diff++;
          if (accepted) {
            diffAccepted++;
            misses.push(`${fa}~${fb} accepted`);
          }
        }
      }
    }
    const tar = sameAccepted / same;
    const far = diffAccepted / diff;
    console.log(
      `[face] threshold ${engine.threshold}: TAR ${tar.toFixed(3)} (${sameAccepted}/${same}), FAR ${far.toFixed(3)} (${diffAccepted}/${diff}); largest same-person distance ${sameMax.toFixed(3)}, smallest different-person distance ${diffMin.toFixed(3)}`,
      misses,
    );
    expect(same).toBeGreaterThanOrEqual(8);
    expect(diff).toBeGreaterThanOrEqual(100);
    expect(tar).toBeGreaterThanOrEqual(0.95);
    expect(far).toBeLessThanOrEqual(0.02);
  });
});

describe('verify', () => {
  const enrolment = (file: string) => {
    const e = enrolled.get(file);
    if (!e) throw new Error(`no enrolment for ${file}`);
    return e.descriptor;
  };

  it('matches the same person in another photo and draws a green box', async () => {
    const res = await engine.verify(read('obama_02.jpg'), enrolment('obama_01.jpg'));
    expect(res.status).toBe('matched');
    expect(res.distance).not.toBeNull();
    expect(res.distance!).toBeLessThan(engine.threshold);
    const img = jpeg.decode(res.annotatedJpeg, { useTArray: true });
    expect([img.width, img.height]).toEqual([626, 1200]);
    const f = res.faces[0]!;
    const i = (Math.round(f.y + 1) * img.width + Math.round(f.x + f.width / 2)) * 4; // on the top edge
    expect(img.data[i + 1]!).toBeGreaterThan(150);
    expect(img.data[i]!).toBeLessThan(90);
  });

  it('does not match another person and draws a red box', async () => {
    const res = await engine.verify(read('biden_01.jpg'), enrolment('obama_01.jpg')); // 970x2204
    expect(res.status).toBe('not_matched');
    expect(res.distance!).toBeGreaterThanOrEqual(engine.threshold);
    const img = jpeg.decode(res.annotatedJpeg, { useTArray: true });
    expect(Math.max(img.width, img.height)).toBe(MAX_INFERENCE_SIDE); // large frames come back shrunk
    const k = img.width / 970; // boxes are in original pixels
    const f = res.faces[0]!;
    expect(f.y + f.height).toBeGreaterThan((MAX_INFERENCE_SIDE * 0.2) / k);
    const i = (Math.round(f.y * k + 1) * img.width + Math.round((f.x + f.width / 2) * k)) * 4;
    expect(img.data[i]!).toBeGreaterThan(150);
    expect(img.data[i + 1]!).toBeLessThan(90);
  });

  it('finds the enrolled person among two faces', async () => {
    const res = await engine.verify(read('multi_kit_with_rose.jpg'), enrolment('kit_harington_01.jpeg'));
    expect(res.status).toBe('matched');
    expect(res.faces).toHaveLength(2);
    expect(res.distances.filter((d) => d !== null && d < engine.threshold)).toHaveLength(1);
  });

  it('reports not_detected without a face', async () => {
    const res = await engine.verify(read('none_white.png'), enrolment('obama_01.jpg'));
    expect(res).toMatchObject({ status: 'not_detected', distance: null, faces: [] });
    expect(jpeg.decode(res.annotatedJpeg).width).toBe(150);
  });

  it('refuses a malformed enrolled descriptor', async () => {
    await expect(engine.verify(read('obama_02.jpg'), { values: [1, 2, 3], model: 'x' })).rejects.toThrow(TypeError);
  });

  it('answers an enrolment of the older 128-d model with DescriptorModelError (enrol again), not a comparison', async () => {
    const old = { values: Array.from({ length: 128 }, (_, i) => i / 128), model: 'face-api/face_recognition_128' };
    const err = await engine.verify(read('obama_02.jpg'), old).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DescriptorModelError);
    expect(err).toBeInstanceOf(TypeError); // the server's clients map a TypeError to FACE_NOT_ENROLLED
    expect((err as DescriptorModelError).code).toBe('reenrol');
    expect((err as Error).message).toMatch(/face_recognition_128 \(128 values\).*enrol again/);
    // The right length under another model name is refused too: the values would not mean the same.
    const renamed = { values: Array(DESCRIPTOR_LENGTH).fill(0.01), model: 'face-api/face_recognition_128' };
    await expect(engine.verify(read('obama_02.jpg'), renamed)).rejects.toThrow(DescriptorModelError);
  });
});

describe('bad input and robustness', () => {
  const jpegBytes = () => read('obama_02.jpg');
  const cases: Array<[string, () => Buffer, RegExp]> = [
    ['empty buffer', () => Buffer.alloc(0), /empty/i],
    ['text', () => Buffer.from('hello, this is not an image'), /not an image/i],
    ['huge upload', () => Buffer.concat([jpegBytes().subarray(0, 4), Buffer.alloc(9 * 1024 * 1024)]), /8 MiB/],
    ['truncated JPEG', () => jpegBytes().subarray(0, Math.floor(jpegBytes().length / 2)), /truncated/i],
    ['JPEG cut inside its header', () => jpegBytes().subarray(0, 60), /truncated|corrupt/i],
    ['truncated PNG', () => read('bbt_penny_01.png').subarray(0, 2000), /truncated|corrupt/i],
  ];

  it.each(cases)('%s → FaceImageError, engine still works', async (_name, make, message) => {
    const err = await engine.detect(make()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FaceImageError);
    expect((err as Error).message).toMatch(message);
    await expect(engine.verify(make(), enrolled.values().next().value!.descriptor)).rejects.toBeInstanceOf(
      FaceImageError,
    );
    const ok = await engine.detect(read(SMALL_FACE), { phone: false });
    expect(ok.faces).toHaveLength(1);
  });

  it('serializes concurrent calls with the same results as one at a time', async () => {
    // Faces only: the one-at-a-time answers are the shared detect() results (the face path does not depend on
    // the phone model), so the boxes must be identical, not just the counts.
    const files = ['multi_voc_2008_002470.jpg', 'obama_02.jpg', 'none_white.png', 'multi_kit_with_rose.jpg'];
    const together = await Promise.all(files.map((f) => engine.detect(read(f), { phone: false })));
    expect(together.map((r) => r.faces.length)).toEqual([6, 1, 0, 2]);
    for (const [i, f] of files.entries()) expect(together[i]!.faces).toEqual((await detectOnce(f)).faces);
    const bad = await Promise.allSettled([
      engine.detect(Buffer.alloc(0)),
      engine.detect(read(SMALL_FACE), { phone: false }),
    ]);
    expect(bad[0].status).toBe('rejected');
    expect(bad[1].status === 'fulfilled' && bad[1].value.faces.length).toBe(1);
  });

  it('flags a phone only for a confident cell phone object', () => {
    expect(
      findPhone([
        { label: 'person', score: 0.9 },
        { label: 'cell phone', score: 0.45 },
        { label: 'cell phone', score: 0.7 },
      ]),
    ).toBe(0.7);
    expect(
      findPhone([
        { label: 'cell phone', score: PHONE_MIN_SCORE - 0.01 },
        { label: 'remote', score: 0.9 },
      ]),
    ).toBeNull();
  });

  it('refuses calls after close (other engines keep working)', async () => {
    const other = await createFaceEngine({ threshold: 0.5 });
    expect(other.threshold).toBe(0.5);
    expect((await other.detect(read(SMALL_FACE), { phone: false })).faces).toHaveLength(1);
    await other.close();
    await expect(other.detect(read(SMALL_FACE))).rejects.toThrow(/closed/);
    expect((await engine.detect(read(SMALL_FACE), { phone: false })).faces).toHaveLength(1);
  });

  it('reports its backend and models', () => {
    const info = engine.info();
    expect(info).toMatchObject({ backend: 'tfjs-wasm', ready: true });
    expect(info.models.length).toBe(MODEL_COUNT);
  });
});
