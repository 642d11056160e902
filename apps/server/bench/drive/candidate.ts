/**
 * One simulated candidate at the coding page's real cadence: drafts while typing (the page debounces 800 ms),
 * a Run about once a minute in its language, one submission, guard events in batches, and, when face traffic
 * is on, what the proctoring wrapper sends since detection moved to the device (issue 17): one verify of a
 * fresh frame when the page loads, a heartbeat every 10 s (setInterval), and a verify with the challenge id at
 * once when a heartbeat answer carries a spot-check challenge (sent again while it lasts when the face service
 * answers 503, as the page does). The bench's frame shows the enrolled candidate
 * alone, so the device never flags a frame (no detect uploads). Enrolment happens before the start (main.ts).
 * Verdicts arrive on the candidate's event stream, as on the page.
 */
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { gzipSync } from 'node:zlib';
import { DRAFT_GZIP_THRESHOLD, retrySpread, retryWhileOpen } from '@assessly/shared';
import { CHALLENGE_TTL_MS } from '../../src/modules/face/proctoring.challenge';
import { SUM_PROGRAMS } from './programs';
import type { FaceChecks, Recorder } from './stats';

export interface CandidateOptions {
  url: string;
  testId: string;
  questionId: string;
  cookie: string;
  language: string;
  endsAt: number;
  seconds: number;
  face: Blob | null;
  /** Whether the reference face was enrolled before the start (else the wrapper enrols late, as the page does). */
  enrolled: boolean;
  /** Face check timeliness (heartbeats, spot checks), shared by every candidate. */
  faceChecks: FaceChecks;
  light: boolean;
  /** Stop waiting for verdicts at this time (the run's end plus a grace period). */
  giveUpAt: number;
  rec: Recorder;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const jitter = (ms: number) => ms * (0.75 + Math.random() * 0.5);

/** Aborted when the bench's time (plus grace) is up: requests still open then count as "open at the end". */
export const benchEnd = new AbortController();
setMaxListeners(0, benchEnd.signal); // every open request listens

export async function timed(
  rec: Recorder,
  cls: string,
  url: string,
  init: RequestInit,
): Promise<{ status: number; body: unknown; headers: Headers | null }> {
  const started = performance.now();
  if (benchEnd.signal.aborted) return { status: 0, body: null, headers: null };
  try {
    const res = await fetch(url, { ...init, signal: init.signal ?? benchEnd.signal });
    const text = await res.text();
    rec.record(cls, performance.now() - started, res.status);
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    return { status: res.status, body, headers: res.headers };
  } catch (err) {
    const status = benchEnd.signal.aborted
      ? 'open at the end'
      : `ERR ${(err as Error).cause ?? (err as Error).message}`;
    rec.record(cls, performance.now() - started, status.slice(0, 60));
    return { status: 0, body: null, headers: null };
  }
}

/** A timed JSON POST to `base` (with a session cookie when given): the employer set-up of both drives. */
export function jsonPoster(rec: Recorder, base: string) {
  return (cls: string, p: string, body: unknown, cookie = '') =>
    timed(rec, cls, `${base}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
}

export async function runCandidate(o: CandidateOptions): Promise<void> {
  const json = (method: string, body?: unknown, extra: Record<string, string> = {}): RequestInit => ({
    method,
    headers: { cookie: o.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...extra },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const api = (cls: string, path: string, init: RequestInit) => timed(o.rec, cls, `${o.url}${path}`, init);

  // Verdicts pushed on the stream; a submit still queued (202) waits here.
  const waiting = new Map<string, () => void>();
  const stream = new AbortController();
  const streamDone = openStream(o, stream.signal, (id) => {
    waiting.get(id)?.();
    waiting.delete(id);
  });

  const code = SUM_PROGRAMS[o.language]!;
  const loops: Promise<void>[] = [];
  const every = (firstMs: number, periodMs: number, fn: () => Promise<void>) =>
    loops.push(
      (async () => {
        await sleep(firstMs);
        while (Date.now() < o.endsAt) {
          const started = Date.now();
          await fn();
          await sleep(jitter(periodMs) - (Date.now() - started));
        }
      })(),
    );

  // Drafts while typing: a save after each pause, the code growing as they type (to about 6 KB, then afresh;
  // candidates are somewhere along that at the start), gzipped like the page does above DRAFT_GZIP_THRESHOLD.
  let typed = '// the candidate keeps typing\n'.repeat(Math.floor(Math.random() * 200));
  every(Math.random() * 3000, 3000, async () => {
    typed += `// line ${typed.length}: the candidate keeps typing\n`;
    if (typed.length > 6000) typed = '';
    const body = JSON.stringify({ questionId: o.questionId, language: o.language, code: typed + code });
    const gzip = body.length > DRAFT_GZIP_THRESHOLD;
    const sent = gzip ? gzipSync(body) : body;
    draftBytes.saves += 1;
    draftBytes.raw += body.length;
    draftBytes.sent += sent.length;
    if (gzip) draftBytes.gzipped += 1;
    await api('draft', `/api/attempts/${o.testId}/drafts`, {
      method: 'PUT',
      headers: {
        cookie: o.cookie,
        'content-type': 'application/json',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      },
      body: sent,
    });
  });
  // Guard events: batches flushed by the page (a tab switch now and then).
  every(Math.random() * 30_000, 30_000, async () => {
    const at = new Date().toISOString();
    await api(
      'events',
      `/api/attempts/${o.testId}/events`,
      json('POST', {
        events: [
          { kind: 'tab_hidden', at },
          { kind: 'tab_visible', at },
        ],
      }),
    );
  });
  if (!o.light) {
    every(Math.random() * 60_000, 60_000, async () => {
      await api(
        'run',
        '/api/submissions/run',
        json('POST', { language: o.language, code, testId: o.testId, questionNumber: 0 }),
      );
    });
    // One submission somewhere in the second half, retried by itself like the page.
    loops.push(
      (async () => {
        await sleep(o.seconds * 1000 * (0.5 + Math.random() * 0.4));
        const key = randomUUID();
        const started = performance.now();
        for (let attempt = 0; attempt < 20; attempt++) {
          const res = await api(
            'submit',
            '/api/submissions',
            json('POST', { language: o.language, code, testId: o.testId, questionNumber: 0, idempotencyKey: key }),
          );
          if (res.status === 200) break;
          if (res.status === 202) {
            const id = (res.body as { id: string }).id;
            await Promise.race([new Promise<void>((r) => waiting.set(id, r)), sleep(180_000)]);
            break;
          }
          const retry = Number(res.headers?.get('retry-after')) || 2;
          await sleep(retry * 1000);
        }
        o.rec.record('submit→judged', performance.now() - started, 200);
      })(),
    );
  }
  if (o.face) loops.push(proctoring(o, api));
  await Promise.race([Promise.all(loops), new Promise((r) => benchEnd.signal.addEventListener('abort', r))]);
  stream.abort();
  await streamDone;
}

/** Draft saves and their bytes (JSON as typed, and as sent after gzip). */
export const draftBytes = { saves: 0, gzipped: 0, raw: 0, sent: 0 };

/** The page's heartbeat period (proctoring-context.ts DEFAULT_INTERVALS.heartbeatMs). */
export const HEARTBEAT_MS = 10_000;

/** The proctoring wrapper's traffic (proctoring-wrapper.tsx): reload check, heartbeats, challenge answers. */
async function proctoring(
  o: CandidateOptions,
  api: (cls: string, path: string, init: RequestInit) => ReturnType<typeof timed>,
): Promise<void> {
  const checks = o.faceChecks;
  const frame = o.face!;
  let busy = false; // the wrapper sends one frame at a time
  let enrolled = o.enrolled;
  /** One frame to the server; the answer's status (0 when another frame was already on its way). */
  const verify = async (challengeId?: string): Promise<number> => {
    if (busy) return 0;
    busy = true;
    try {
      const form = new FormData();
      form.set('image', frame, 'frame.jpg');
      if (!enrolled) {
        // an outage at enrolment let the candidate start: the wrapper enrols with its next frame
        const res = await api('face-enroll', `/api/proctoring/${o.testId}/enroll`, {
          method: 'POST',
          headers: { cookie: o.cookie },
          body: form,
        });
        enrolled = res.status === 200 || (res.body as { code?: string } | null)?.code === 'FACE_ALREADY_ENROLLED';
        return enrolled ? 200 : res.status;
      }
      if (challengeId) form.set('challengeId', challengeId);
      const res = await api(challengeId ? 'face-challenge' : 'face-verify', `/api/proctoring/${o.testId}/verify`, {
        method: 'POST',
        headers: { cookie: o.cookie },
        body: form,
      });
      const said = (res.body as { challenge?: string } | null)?.challenge;
      if (challengeId && !benchEnd.signal.aborted) checks.answer(challengeId, res.status === 200 ? said : null);
      return res.status;
    } finally {
      busy = false;
    }
  };
  // The page's check when it loads: a busy face service (503, a whole drive loading at once) is asked again later,
  // each page after its own random share of a growing delay, as proctoring-wrapper.tsx does (retrySpread). Every
  // refusal still counts in the errors by status; the load check counts as done when a try is answered (a try
  // while a challenge answer is on its way waits its turn the same way).
  const loadCheck = async () => {
    const status = await retrySpread(verify, (s) => s === 503 || s === 0, {
      cancelled: () => benchEnd.signal.aborted || Date.now() >= o.endsAt,
    });
    checks.reload(status === 200);
  };
  // The page loads at some moment of the first beat period, checks a frame at once, then beats every 10 s.
  await sleep(Math.random() * HEARTBEAT_MS);
  if (Date.now() >= o.endsAt) return;
  const candidate = checks.candidate();
  const beats: Promise<unknown>[] = [loadCheck()];
  const beat = async () => {
    const sentAt = Date.now();
    const res = await api('face-heartbeat', `/api/proctoring/${o.testId}/heartbeat`, {
      method: 'POST',
      headers: { cookie: o.cookie },
    });
    candidate.heartbeat(sentAt, res.status === 200, Date.now());
    const challenge = (res.body as { challenge?: { id?: string; expiresInMs?: number } | null } | null)?.challenge;
    if (res.status === 200 && challenge?.id) {
      checks.issued(challenge.id);
      // as the page does: a busy face service keeps the challenge open, and the answer goes again while it lasts
      const id = challenge.id;
      await retryWhileOpen(
        () => verify(id),
        (s) => s === 503,
        challenge.expiresInMs ?? CHALLENGE_TTL_MS,
        { cancelled: () => benchEnd.signal.aborted },
      );
    } else if (!enrolled) await verify();
  };
  // setInterval: a beat goes out every period whether or not the last one was answered.
  for (let next = Date.now() + HEARTBEAT_MS; next < o.endsAt; next += HEARTBEAT_MS) {
    await sleep(next - Date.now());
    if (benchEnd.signal.aborted) break;
    beats.push(beat());
  }
  await Promise.all(beats);
  candidate.end(o.endsAt);
}

async function openStream(o: CandidateOptions, signal: AbortSignal, onJudged: (id: string) => void) {
  const started = performance.now();
  try {
    const res = await fetch(`${o.url}/api/submissions/stream`, { headers: { cookie: o.cookie }, signal });
    o.rec.record('stream-open', performance.now() - started, res.status);
    if (!res.ok || !res.body) return;
    const decoder = new TextDecoder();
    let buf = '';
    for await (const chunk of res.body) {
      buf += decoder.decode(chunk as Uint8Array, { stream: true });
      let cut = buf.indexOf('\n\n');
      while (cut >= 0) {
        const event = buf.slice(0, cut);
        buf = buf.slice(cut + 2);
        if (event.startsWith('event: submission')) {
          const data = JSON.parse(event.slice(event.indexOf('data: ') + 6)) as { id: string; status: string };
          if (data.status === 'judged' || data.status === 'error') onJudged(data.id);
        }
        cut = buf.indexOf('\n\n');
      }
    }
  } catch (err) {
    if ((err as Error).name !== 'AbortError') o.rec.record('stream-open', performance.now() - started, 'ERR');
  }
}
