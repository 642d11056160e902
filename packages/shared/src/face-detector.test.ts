import { describe, expect, it } from 'vitest';
import {
  FACE_DETECTION,
  FACE_QUALITY,
  faceLumaStats,
  faceQualityIssues,
  formatPhoneEvidence,
  gateFaces,
  type HumanFaceLike,
  LIVE_SEQUENCE,
  LiveSequence,
  liveStep,
  PHONE_RULE,
  PhonePersistence,
  parsePhoneEvidence,
  phoneRuleText,
  qualityGuidance,
  readDeviceFrame,
} from './face-detector';

/** A face as Human reports it: a box and a 468-point mesh with eyes, nose, lip and chin where a face has them. */
function face(x: number, y: number, size: number, opts: { mesh?: number; box?: number; flip?: boolean } = {}) {
  const mesh: number[][] = Array.from({ length: 468 }, () => [x + size / 2, y + size / 2, 0]);
  const at = (fy: number) => y + (opts.flip ? 1 - fy : fy) * size;
  mesh[33] = [x + 0.25 * size, at(0.35), 0];
  mesh[263] = [x + 0.75 * size, at(0.35), 0];
  mesh[1] = [x + 0.5 * size, at(0.55), 0];
  mesh[13] = [x + 0.5 * size, at(0.72), 0];
  mesh[152] = [x + 0.5 * size, at(0.95), 0];
  return {
    box: [x, y, size, size],
    score: opts.mesh ?? 0.99,
    boxScore: opts.box ?? 0.9,
    faceScore: opts.mesh ?? 0.99,
    mesh,
    rotation: { angle: { yaw: 0.05, pitch: 0.02, roll: 0 } },
  } satisfies HumanFaceLike;
}
const frame = { width: 640, height: 480 };

describe('gateFaces (the human-face gate shared by page and server)', () => {
  it('counts a real face and refuses a window pane the detector boxed but the mesh does not fit', () => {
    const person = face(250, 120, 160);
    const pane = face(40, 30, 120, { box: 0.62, mesh: 0.2 }); // a bright pane: a box, no face mesh
    const { faces, rejected } = gateFaces([pane, person], frame);
    expect(faces).toHaveLength(1);
    expect(faces[0]).toMatchObject({ x: 250, y: 120, width: 160, meshScore: 0.99 });
    expect(rejected).toEqual([{ box: [40, 30, 120, 120], reason: 'low_mesh_confidence' }]);
  });

  it('refuses a confident mesh with an impossible layout (chin above the eyes) and too-small boxes', () => {
    const upsideDown = face(100, 100, 150, { flip: true });
    const tiny = face(500, 400, Math.floor(FACE_DETECTION.minFaceFraction * 480) - 1);
    const { faces, rejected } = gateFaces([upsideDown, tiny], frame);
    expect(faces).toEqual([]);
    expect(rejected.map((r) => r.reason).sort()).toEqual(['implausible_geometry', 'too_small']);
  });

  it('merges a second overlapping box of one face and keeps neighbours of a crowd', () => {
    const real = face(200, 100, 200, { box: 0.93 });
    const phantom = face(230, 120, 190, { box: 0.55 });
    expect(gateFaces([phantom, real], frame).faces.map((f) => f.score)).toEqual([0.93]);
    const row = [0, 1, 2, 3, 4, 5, 6].map((i) => face(i * 80, 10, 78, { box: 0.9 - i * 0.01 }));
    expect(gateFaces(row, frame).faces).toHaveLength(7);
  });

  it('clips boxes to the frame and reads the page frame the same way', () => {
    const edge = face(560, 300, 120);
    const gated = gateFaces([edge], frame);
    expect(gated.faces[0]).toMatchObject({ x: 560, width: 80 });
    const read = readDeviceFrame(
      { face: [edge], object: [{ label: 'cell phone', score: PHONE_RULE.minScore + 0.1 }] },
      frame,
    );
    expect(read).toMatchObject({ faces: 1, ignored: 0, yaw: 0.05 });
    expect(read.phoneScore).toBeCloseTo(PHONE_RULE.minScore + 0.1);
  });
});

describe('quality gate', () => {
  const img = (w: number, h: number, px: (x: number, y: number) => number) => {
    const data = new Uint8Array(w * h * 4);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const v = px(x, y);
        data.set([v, v, v, 255], (y * w + x) * 4);
      }
    return { width: w, height: h, data };
  };
  const box = { x: 0, y: 0, width: 128, height: 128 };
  const good = gateFaces([face(0, 0, 128)], { width: 128, height: 128 }).faces[0]!;

  it('passes a bright, detailed, frontal, large face', () => {
    const stats = faceLumaStats(
      img(128, 128, (x, y) => (((x >> 2) + (y >> 2)) % 2 ? 200 : 90)),
      box,
    );
    expect(stats.sharpness).toBeGreaterThan(FACE_QUALITY.minSharpness);
    expect(faceQualityIssues(good, stats)).toEqual([]);
  });

  it('names each problem and turns it into guidance', () => {
    const flatDark = faceLumaStats(
      img(128, 128, () => 20),
      box,
    );
    expect(flatDark).toEqual({ brightness: 20, sharpness: 0 });
    const small = { ...good, height: FACE_QUALITY.minFacePx - 1 };
    const turned = { ...good, yaw: FACE_QUALITY.maxYaw + 0.1 };
    expect(faceQualityIssues(small, flatDark)).toEqual(['too_small', 'dark', 'blurred']);
    expect(faceQualityIssues(turned, { brightness: 120, sharpness: 300 })).toEqual(['turned']);
    expect(qualityGuidance(['too_small', 'dark'])).toBe(
      'Your face is not clear enough to check: come closer to the camera, add more light on your face.',
    );
  });
});

describe('PhonePersistence (k of n on the device)', () => {
  it('ignores one stray frame and fires when k of the last n checks saw a phone', () => {
    const rule = new PhonePersistence();
    const hit = PHONE_RULE.minScore;
    expect(rule.push(hit)).toBe(false);
    for (let i = 0; i < PHONE_RULE.n; i++) expect(rule.push(null)).toBe(false); // the stray hit ages out
    expect(rule.push(hit)).toBe(false);
    expect(rule.push(PHONE_RULE.minScore - 0.01)).toBe(false); // below the per-frame score
    expect(rule.push(0.9)).toBe(true);
  });

  it('keeps the sightings behind its answer, and a phone held in view keeps it firing', () => {
    const rule = new PhonePersistence();
    expect(rule.evidence()).toEqual({ seen: 0, of: 0, scores: [] });
    rule.push(0.27);
    rule.push(null);
    expect(rule.push(0.31)).toBe(true); // two weak sightings, neither a flag alone
    expect(rule.evidence()).toEqual({ seen: 2, of: 3, scores: [0.27, 0.31] });
    expect(rule.push(0.2)).toBe(true); // below minScore: not a sighting, but 2 of the last 4 still are
    expect(rule.evidence()).toEqual({ seen: 2, of: 4, scores: [0.27, 0.31] });
    expect(rule.push(null)).toBe(false); // the first sighting drops out of the window
    expect(rule.evidence()).toEqual({ seen: 1, of: 4, scores: [0.31] });
    rule.reset();
    expect(rule.evidence()).toEqual({ seen: 0, of: 0, scores: [] });
  });

  it('round-trips its evidence through the upload field and refuses anything the rule could not give', () => {
    const e = { seen: 2, of: 4, scores: [0.27, 0.314] };
    expect(formatPhoneEvidence(e)).toBe('2/4:0.27,0.31');
    expect(parsePhoneEvidence(formatPhoneEvidence(e))).toEqual({ seen: 2, of: 4, scores: [0.27, 0.31] });
    expect(parsePhoneEvidence('0/3:')).toEqual({ seen: 0, of: 3, scores: [] });
    for (const bad of [
      undefined,
      42,
      '',
      '2/4',
      '3/4:0.30,0.40', // one score per sighting
      '5/5:0.30,0.30,0.30,0.30,0.30', // more checks than the rule keeps
      '2/1:0.30,0.30', // more sightings than checks
      '1/4:0.10', // below the per-frame score
      '1/4:1.50',
      '1/4:0.30;drop table',
      `1/4:0.30${',0.30'.repeat(40)}`,
    ])
      expect(parsePhoneEvidence(bad)).toBeNull();
  });

  it('puts the rule and the device sightings in the reviewer text', () => {
    expect(phoneRuleText()).toBe(
      `phone seen in ${PHONE_RULE.k} of the last ${PHONE_RULE.n} on-device checks (score ≥ ${PHONE_RULE.minScore})`,
    );
    expect(phoneRuleText({ seen: 2, of: 4, scores: [0.27, 0.31] })).toBe(
      `${phoneRuleText()}; this device saw one in 2 of its last 4 checks (scores 0.27, 0.31)`,
    );
  });
});

describe('LiveSequence (enrolment head turn)', () => {
  it('cannot be completed by a still picture, frontal or turned, with frame-to-frame jitter', () => {
    const still = new LiveSequence();
    for (let i = 0; i < 50; i++) expect(still.push({ faces: 1, yaw: 0.08 + (i % 3) * 0.02 })).toBe('turn_first');
    const turned = new LiveSequence();
    for (let i = 0; i < 50; i++) expect(turned.push({ faces: 1, yaw: 0.3 - (i % 2) * 0.03 })).toBe('turn_other');
  });

  it('completes once the head has swung by LIVE_SEQUENCE.swing with one face in view', () => {
    const seq = new LiveSequence();
    expect(seq.push({ faces: 2, yaw: -0.5 })).toBe('turn_first'); // someone else in view: ignored
    expect(seq.push({ faces: 1, yaw: -0.2 })).toBe('turn_other');
    expect(seq.observe({ faces: 1, yaw: -0.1 })).toEqual({ step: 'turn_other', widened: true });
    expect(seq.observe({ faces: 1, yaw: -0.11 })).toEqual({ step: 'turn_other', widened: false }); // nothing new
    expect(seq.push({ faces: 1, yaw: -0.2 + LIVE_SEQUENCE.swing + 0.01 })).toBe('done');
  });

  it('liveStep reads the extremes the server stored', () => {
    expect(liveStep(null, null)).toBe('turn_first');
    expect(liveStep(0.02, 0.05)).toBe('turn_first');
    expect(liveStep(-0.2, -0.15)).toBe('turn_other');
    expect(liveStep(-0.16, 0.16)).toBe('done');
  });
});
