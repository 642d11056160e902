/**
 * One face-detector configuration for the candidate's page and the server (issue 27): the Human config, the
 * square padding, the human-face gate, the quality gate and the phone persistence rule. Both sides import
 * this file, so a frame the page reads as one face is one face on the server too. Pure TypeScript, no deps.
 */

/** Detector and gate figures. Changing one changes the page and the server together. */
export const FACE_DETECTION = {
  /** The page and the server look for the same number of faces (the page once stopped at 6). */
  maxFaces: 20,
  /** BlazeFace box score needed to become a candidate face. */
  boxMinScore: 0.5,
  /** Face-mesh confidence needed to count as a human face (window panes, objects, animals score lower). */
  meshMinScore: 0.8,
  /** Human's own overlap suppression inside the detector. */
  detectorIou: 0.2,
  /** Two kept boxes overlapping by more than this IoU are one face. */
  iouThreshold: 0.3,
  /** A box lying this share of its own area inside a kept box is the same face seen twice. */
  containedShare: 0.6,
  /** A face's shorter side must be at least this share of the frame's shorter side (29 px of 640x480). */
  minFaceFraction: 0.06,
} as const;

/** Below these a descriptor is not reliable: the engine gives guidance instead of a match or mismatch. */
export const FACE_QUALITY = {
  /** Face box height in frame pixels. */
  minFacePx: 72,
  /** Mean luma (0..255) of the face. */
  minBrightness: 50,
  /**
   * Variance of the Laplacian of the face resampled to 64x64. Fixture faces give 1,100-9,900; the same frame
   * box-blurred (radius 5) gives about 110.
   */
  minSharpness: 300,
  /** Head turn (yaw) and nod (pitch) in radians; about 30 degrees. */
  maxYaw: 0.55,
  maxPitch: 0.55,
} as const;

/** Phones: a frame counts as "phone seen" at minScore; the page flags only when k of the last n checks saw one. */
export const PHONE_RULE = { minScore: 0.25, k: 2, n: 4 } as const;

export type FaceGateReason = 'low_mesh_confidence' | 'implausible_geometry' | 'too_small';
/** unreadable: the gates passed it, but the identity descriptor reads too little of the face (issue 41). */
export type FaceQualityIssue = 'too_small' | 'dark' | 'blurred' | 'turned' | 'unreadable';

/** What Human returns per face (page and server builds alike), reduced to what the gates read. */
export interface HumanFaceLike {
  box: [number, number, number, number];
  score: number;
  boxScore?: number;
  faceScore?: number;
  mesh?: ReadonlyArray<readonly number[]>;
  rotation?: { angle?: { yaw?: number; pitch?: number; roll?: number } } | null;
  real?: number;
  live?: number;
}

export interface GatedFace {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
  meshScore: number;
  yaw: number | null;
  pitch: number | null;
  /** Anti-spoofing score 0..1 (1 = a real face), when the model ran. */
  real: number | null;
}

export interface GateResult {
  faces: GatedFace[];
  rejected: Array<{ box: [number, number, number, number]; reason: FaceGateReason }>;
}

/** Side of the square the frame is padded to (black, bottom/right, so box coordinates need no remapping). */
export function squareSide(width: number, height: number): number {
  return Math.max(width, height);
}

/**
 * Human's configuration for face (and optionally phone) detection. Mesh is on (its confidence is the
 * human-face gate) and keepInvalid hands low-confidence boxes to gateFaces so they are reported, not hidden.
 */
export function humanDetectorConfig(opts: {
  modelBasePath: string;
  wasmPath?: string;
  async: boolean;
  objects: boolean;
  antispoof?: boolean;
}) {
  const off = { enabled: false };
  return {
    backend: 'wasm',
    ...(opts.wasmPath ? { wasmPath: opts.wasmPath } : {}),
    modelBasePath: opts.modelBasePath,
    debug: false,
    async: opts.async,
    warmup: 'none',
    cacheSensitivity: 0,
    filter: off,
    gesture: off,
    body: off,
    hand: off,
    segmentation: off,
    face: {
      enabled: true,
      detector: {
        modelPath: 'blazeface.json',
        rotation: false,
        maxDetected: FACE_DETECTION.maxFaces,
        minConfidence: FACE_DETECTION.boxMinScore,
        iouThreshold: FACE_DETECTION.detectorIou,
        return: false,
        square: false,
        skipFrames: 0,
        skipTime: 0,
      },
      mesh: { enabled: true, modelPath: 'facemesh.json', keepInvalid: true },
      iris: off,
      description: off,
      emotion: off,
      antispoof: opts.antispoof ? { enabled: true, modelPath: 'antispoof.json', skipFrames: 0, skipTime: 0 } : off,
      liveness: off,
      attention: off,
      gear: off,
    },
    object: {
      enabled: opts.objects,
      modelPath: 'centernet.json',
      minConfidence: 0.2,
      iouThreshold: 0.4,
      maxDetected: 10,
      skipFrames: 0,
      skipTime: 0,
    },
  };
}

// Face-mesh indices (MediaPipe 468-point topology): outer eye corners, nose tip, lip centres, chin.
const RIGHT_EYE = 33;
const LEFT_EYE = 263;
const NOSE_TIP = 1;
const UPPER_LIP = 13;
const CHIN = 152;

/**
 * A real face's landmarks: eyes apart by 25-75 % of the box width, and going down the face (perpendicular to
 * the eye line) nose, mouth and chin follow in that order. A mesh fitted to a window pane or a pet fails this.
 */
export function plausibleGeometry(face: HumanFaceLike): boolean {
  const m = face.mesh;
  if (!m || m.length < 468) return false;
  const p = (i: number) => m[i] ?? [0, 0];
  const [re, le, nose, lip, chin] = [p(RIGHT_EYE), p(LEFT_EYE), p(NOSE_TIP), p(UPPER_LIP), p(CHIN)];
  const ex = (le[0] ?? 0) - (re[0] ?? 0);
  const ey = (le[1] ?? 0) - (re[1] ?? 0);
  const eyeDist = Math.hypot(ex, ey);
  const width = face.box[2];
  if (!(width > 0) || eyeDist < 0.25 * width || eyeDist > 0.75 * width) return false;
  // Distance below the eye line, along its normal.
  const mid = [((re[0] ?? 0) + (le[0] ?? 0)) / 2, ((re[1] ?? 0) + (le[1] ?? 0)) / 2];
  const down = (q: readonly number[]) =>
    (((q[0] ?? 0) - (mid[0] ?? 0)) * -ey + ((q[1] ?? 0) - (mid[1] ?? 0)) * ex) / eyeDist;
  const [dn, dl, dc] = [down(nose), down(lip), down(chin)];
  return dn > 0.1 * eyeDist && dl > dn && dc > dl && dc < 2.5 * eyeDist;
}

function area(b: { width: number; height: number }): number {
  return Math.max(0, b.width) * Math.max(0, b.height);
}

function overlapArea(a: GatedFace, b: GatedFace): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

function sameFace(a: GatedFace, b: GatedFace): boolean {
  const inter = overlapArea(a, b);
  const union = area(a) + area(b) - inter;
  if (union > 0 && inter / union > FACE_DETECTION.iouThreshold) return true;
  const smaller = Math.min(area(a), area(b));
  return smaller > 0 && inter / smaller > FACE_DETECTION.containedShare;
}

const r1 = (n: number) => Math.round(n * 10) / 10;
const r3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * The human-face gate: only detections with a confident face mesh, plausible landmark geometry and a minimum
 * size relative to the frame count as faces; then overlapping boxes are merged. Boxes are clipped to the frame
 * (the unpadded image). Returns faces highest score first, and what was rejected and why.
 */
export function gateFaces(raw: readonly HumanFaceLike[], frame: { width: number; height: number }): GateResult {
  const minSide = FACE_DETECTION.minFaceFraction * Math.min(frame.width, frame.height);
  const rejected: GateResult['rejected'] = [];
  const candidates: GatedFace[] = [];
  for (const f of raw) {
    const [x, y, w, h] = f.box;
    const x0 = Math.max(0, x);
    const y0 = Math.max(0, y);
    const width = Math.min(frame.width, x + w) - x0;
    const height = Math.min(frame.height, y + h) - y0;
    const meshScore = f.faceScore ?? 0;
    const box: [number, number, number, number] = [r1(x0), r1(y0), r1(width), r1(height)];
    if (!(width > 1 && height > 1) || Math.min(width, height) < minSide) {
      rejected.push({ box, reason: 'too_small' });
    } else if (meshScore < FACE_DETECTION.meshMinScore) {
      rejected.push({ box, reason: 'low_mesh_confidence' });
    } else if (!plausibleGeometry(f)) {
      rejected.push({ box, reason: 'implausible_geometry' });
    } else {
      const angle = f.rotation?.angle;
      candidates.push({
        x: box[0],
        y: box[1],
        width: box[2],
        height: box[3],
        score: r3(f.boxScore ?? f.score),
        meshScore: r3(meshScore),
        yaw: typeof angle?.yaw === 'number' ? r3(angle.yaw) : null,
        pitch: typeof angle?.pitch === 'number' ? r3(angle.pitch) : null,
        real: typeof f.real === 'number' ? r3(f.real) : null,
      });
    }
  }
  candidates.sort((a, b) => b.score - a.score);
  const faces: GatedFace[] = [];
  for (const c of candidates) if (!faces.some((k) => sameFace(k, c))) faces.push(c);
  return { faces, rejected };
}

/** Luma statistics of a face region: mean brightness and sharpness (variance of the Laplacian at 64 px). */
export function faceLumaStats(
  img: { width: number; height: number; data: ArrayLike<number> },
  face: { x: number; y: number; width: number; height: number },
): { brightness: number; sharpness: number } {
  const N = 64;
  const luma = new Float32Array(N * N);
  let sum = 0;
  for (let j = 0; j < N; j++) {
    const sy = Math.min(img.height - 1, Math.max(0, Math.floor(face.y + ((j + 0.5) * face.height) / N)));
    for (let i = 0; i < N; i++) {
      const sx = Math.min(img.width - 1, Math.max(0, Math.floor(face.x + ((i + 0.5) * face.width) / N)));
      const k = (sy * img.width + sx) * 4;
      const v = 0.299 * (img.data[k] ?? 0) + 0.587 * (img.data[k + 1] ?? 0) + 0.114 * (img.data[k + 2] ?? 0);
      luma[j * N + i] = v;
      sum += v;
    }
  }
  let lapSum = 0;
  let lapSq = 0;
  let n = 0;
  for (let j = 1; j < N - 1; j++) {
    for (let i = 1; i < N - 1; i++) {
      const c = j * N + i;
      const lap =
        (luma[c - 1] ?? 0) + (luma[c + 1] ?? 0) + (luma[c - N] ?? 0) + (luma[c + N] ?? 0) - 4 * (luma[c] ?? 0);
      lapSum += lap;
      lapSq += lap * lap;
      n++;
    }
  }
  const mean = lapSum / n;
  return { brightness: r1(sum / (N * N)), sharpness: r1(lapSq / n - mean * mean) };
}

/** What keeps a face from a reliable verdict, worst first; empty when the face is good enough. */
export function faceQualityIssues(
  face: GatedFace,
  stats: { brightness: number; sharpness: number },
): FaceQualityIssue[] {
  const issues: FaceQualityIssue[] = [];
  if (face.height < FACE_QUALITY.minFacePx) issues.push('too_small');
  if (stats.brightness < FACE_QUALITY.minBrightness) issues.push('dark');
  if (stats.sharpness < FACE_QUALITY.minSharpness) issues.push('blurred');
  if (Math.abs(face.yaw ?? 0) > FACE_QUALITY.maxYaw || Math.abs(face.pitch ?? 0) > FACE_QUALITY.maxPitch)
    issues.push('turned');
  return issues;
}

const GUIDANCE: Record<FaceQualityIssue, string> = {
  too_small: 'come closer to the camera',
  dark: 'add more light on your face',
  blurred: 'hold still and make sure the camera is in focus',
  turned: 'look straight at the camera',
  unreadable: 'take off dark glasses or anything covering your face, face the light and hold still',
};

/** One sentence a candidate can act on. */
export function qualityGuidance(issues: readonly FaceQualityIssue[]): string {
  if (!issues.length) return '';
  const parts = issues.map((i) => GUIDANCE[i]);
  const text = parts.join(', ');
  return `Your face is not clear enough to check: ${text}.`;
}

/** What the device's phone rule saw: `seen` of the last `of` checks had a phone, with these scores (≥ minScore). */
export interface PhoneEvidence {
  seen: number;
  of: number;
  scores: number[];
}

/** The page's phone rule: flag once k of the last n checks saw a phone (one stray frame is not enough). */
export class PhonePersistence {
  private readonly last: Array<number | null> = [];
  /** Feed one check's best phone score (null: none); returns true when the rule fires on this check. */
  push(score: number | null): boolean {
    this.last.push(score !== null && score >= PHONE_RULE.minScore ? score : null);
    if (this.last.length > PHONE_RULE.n) this.last.shift();
    return this.evidence().seen >= PHONE_RULE.k;
  }
  /** The sightings behind the rule's answer, for the reviewer's event text. */
  evidence(): PhoneEvidence {
    const scores = this.last.filter((s): s is number => s !== null);
    return { seen: scores.length, of: this.last.length, scores };
  }
  reset(): void {
    this.last.length = 0;
  }
}

/** The evidence as the page sends it with a flagged frame (multipart field `phoneRule`), e.g. "2/4:0.31,0.27". */
export function formatPhoneEvidence(e: PhoneEvidence): string {
  return `${e.seen}/${e.of}:${e.scores.map((s) => s.toFixed(2)).join(',')}`;
}

/**
 * The server's strict reading of that field: null unless it is a well-formed sighting count the rule could give
 * (seen ≤ of ≤ n, one score per sighting, each between minScore and 1). The page is the candidate's own, so the
 * field only ever adds to the text of a phone event the server's own check confirmed.
 */
export function parsePhoneEvidence(raw: unknown): PhoneEvidence | null {
  if (typeof raw !== 'string' || raw.length > 64) return null;
  const m = /^(\d)\/(\d):((?:[01]\.\d{2})(?:,[01]\.\d{2})*)?$/.exec(raw);
  if (!m) return null;
  const seen = Number(m[1]);
  const of = Number(m[2]);
  const scores = m[3] ? m[3].split(',').map(Number) : [];
  if (of < 1 || of > PHONE_RULE.n || seen > of || scores.length !== seen) return null;
  if (!scores.every((s) => s >= PHONE_RULE.minScore && s <= 1)) return null;
  return { seen, of, scores };
}

/** The rule as the reviewer reads it next to a phone flag, with the device's sightings when it sent them. */
export function phoneRuleText(e?: PhoneEvidence | null): string {
  const rule = `phone seen in ${PHONE_RULE.k} of the last ${PHONE_RULE.n} on-device checks (score ≥ ${PHONE_RULE.minScore})`;
  if (!e) return rule;
  const scores = e.scores.map((s) => s.toFixed(2)).join(', ');
  return `${rule}; this device saw one in ${e.seen} of its last ${e.of} checks${scores ? ` (scores ${scores})` : ''}`;
}

/** Highest 'cell phone' score at or above PHONE_RULE.minScore among COCO objects, or null. */
export function bestPhoneScore(objects: ReadonlyArray<{ label: string; score: number }>): number | null {
  const scores = objects.filter((o) => o.label === 'cell phone' && o.score >= PHONE_RULE.minScore).map((o) => o.score);
  return scores.length ? Math.max(...scores) : null;
}

/**
 * One frame as the page reads it (and as the fixture parity test replays it): Human's result on the frame
 * padded to a square, through the same gate the server uses.
 */
export function readDeviceFrame(
  res: { face: readonly HumanFaceLike[]; object: ReadonlyArray<{ label: string; score: number }> },
  frame: { width: number; height: number },
): { faces: number; phoneScore: number | null; ignored: number; yaw: number | null } {
  const gated = gateFaces(res.face, frame);
  return {
    faces: gated.faces.length,
    phoneScore: bestPhoneScore(res.object),
    ignored: gated.rejected.length,
    yaw: gated.faces[0]?.yaw ?? null,
  };
}

/**
 * The enrolment's live sequence (issue 27): the head turned one way and then the other, a swing of at least
 * `swing` radians (about 14 degrees) between the two extremes seen. A still picture (a print, a screen) gives
 * the same head pose in every frame, so it cannot complete it. The page uses it to choose which frames to send;
 * the server decides on those frames itself (it measures the pose and checks the face is the enrolled one).
 */
export const LIVE_SEQUENCE = { swing: 0.25 } as const;

/** turn_first: no turn seen yet; turn_other: one side seen, the other side still to come. */
export type LiveStep = 'turn_first' | 'turn_other' | 'done';

/** Where a sequence stands, from the extremes of the head turn seen so far (null: no usable frame yet). */
export function liveStep(minYaw: number | null, maxYaw: number | null): LiveStep {
  if (minYaw === null || maxYaw === null) return 'turn_first';
  const swing = maxYaw - minYaw;
  if (swing >= LIVE_SEQUENCE.swing) return 'done';
  return swing >= LIVE_SEQUENCE.swing / 2 || Math.max(-minYaw, maxYaw) >= LIVE_SEQUENCE.swing / 2
    ? 'turn_other'
    : 'turn_first';
}

/**
 * The live sequence on the device: feed it every on-device check; it says what to ask for next and whether the
 * frame is worth sending to the server (a new extreme of the head turn). Frames with no face or several faces
 * are ignored.
 */
export class LiveSequence {
  private min: number | null = null;
  private max: number | null = null;
  /** Returns the step and whether this check widened the turn seen so far (send that frame to the server). */
  observe(check: { faces: number; yaw: number | null }): { step: LiveStep; widened: boolean } {
    let widened = false;
    if (check.faces === 1 && check.yaw !== null) {
      if (this.min === null || check.yaw < this.min - 0.02) {
        this.min = check.yaw;
        widened = true;
      }
      if (this.max === null || check.yaw > this.max + 0.02) {
        this.max = check.yaw;
        widened = true;
      }
    }
    return { step: this.next(), widened };
  }
  push(check: { faces: number; yaw: number | null }): LiveStep {
    return this.observe(check).step;
  }
  next(): LiveStep {
    return liveStep(this.min, this.max);
  }
}
