/**
 * The wrapper's server calls, each answering what happened in words the wrapper can act on honestly:
 * a face verdict only when the server answered one; network or session trouble is "offline", never a face
 * alert; a busy or failing face service is "unavailable" (the server records the gap, the page retries).
 */
import { formatPhoneEvidence, type PhoneEvidence, retryWhileOpen } from '@assessly/shared';
import { postFrame } from './webcam';

export type FlagStatus = 'not_matched' | 'not_detected' | 'multiple_faces' | 'phone' | 'unclear' | 'liveness';

export type CallOutcome =
  | { kind: 'ok'; body: Record<string, unknown> }
  | { kind: 'flag'; status: FlagStatus; body: Record<string, unknown> }
  | { kind: 'offline'; reason: 'network' | 'session' }
  | { kind: 'unavailable' }
  | { kind: 'ended' }
  | { kind: 'refused'; code: string; message: string };

/**
 * Calls that run one after another in the order they were asked for: each starts when the one before has
 * settled (a failed call does not hold up the next), and each caller gets its own call's outcome.
 */
export function callsInTurn(): <T>(call: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(call: () => Promise<T>): Promise<T> => {
    const next = last.then(call, call);
    last = next.catch(() => undefined);
    return next;
  };
}

/** How long a spot check may be answered when the server does not say (the server's CHALLENGE_TTL_MS). */
export const CHALLENGE_ANSWER_MS = 15_000;

/** A spot check's answer (issue 28), sent again while the challenge lasts when the face service cannot take it. */
export function answerSpotCheck(
  send: () => Promise<CallOutcome | null>,
  expiresInMs: number = CHALLENGE_ANSWER_MS,
  opts: Parameters<typeof retryWhileOpen>[3] = {},
): Promise<CallOutcome | null> {
  return retryWhileOpen(send, (out) => out?.kind === 'unavailable', expiresInMs, opts);
}

async function readBody(res: Response): Promise<Record<string, unknown>> {
  return (await res.json().catch(() => ({}))) as Record<string, unknown>;
}

async function classify(res: Response): Promise<CallOutcome> {
  const body = await readBody(res);
  if (res.ok && body.status === 'matched' && typeof body.faces === 'number' && body.faces > 1)
    return { kind: 'flag', status: 'multiple_faces', body };
  // A photo or a screen held to the camera: its own finding (issue 27), never a "different person".
  if (res.ok && body.live === false) return { kind: 'flag', status: 'liveness', body };
  if (res.ok) return { kind: 'ok', body };
  if (res.status === 429 || res.status >= 500) return { kind: 'unavailable' };
  const code = typeof body.code === 'string' ? body.code : '';
  const status = res.headers.get('x-face-status');
  if (res.status === 403 && status === 'not_matched') return { kind: 'flag', status: 'not_matched', body };
  if (res.status === 401 && status === 'not_detected') return { kind: 'flag', status: 'not_detected', body };
  if (res.status === 422 && status === 'unclear') return { kind: 'flag', status: 'unclear', body };
  if (res.status === 401) return { kind: 'offline', reason: 'session' };
  if (code === 'ATTEMPT_ENDED' || code === 'DEADLINE_PASSED' || code === 'ATTEMPT_NOT_STARTED')
    return { kind: 'ended' };
  return { kind: 'refused', code, message: typeof body.message === 'string' ? body.message : `HTTP ${res.status}` };
}

async function guarded(call: () => Promise<Response>): Promise<CallOutcome> {
  try {
    return await classify(await call());
  } catch {
    return { kind: 'offline', reason: 'network' };
  }
}

export function sendHeartbeat(testId: string): Promise<CallOutcome> {
  return guarded(() => fetch(`/api/proctoring/${testId}/heartbeat`, { method: 'POST', credentials: 'same-origin' }));
}

export function sendVerify(testId: string, frame: Blob, challengeId?: string): Promise<CallOutcome> {
  return guarded(() =>
    postFrame(`/api/proctoring/${testId}/verify`, frame, undefined, challengeId ? { challengeId } : {}),
  );
}

export function sendEnrol(testId: string, frame: Blob): Promise<CallOutcome> {
  return guarded(() => postFrame(`/api/proctoring/${testId}/enroll`, frame));
}

/** A frame the device flagged: the server checks it again and records an event with the frame. */
/** A frame the device flagged; with a phone flag, the device's sightings go along for the reviewer's text. */
export async function sendFlaggedFrame(testId: string, frame: Blob, phone?: PhoneEvidence): Promise<CallOutcome> {
  const fields: Record<string, string> = phone ? { phoneRule: formatPhoneEvidence(phone) } : {};
  const out = await guarded(() => postFrame(`/api/proctoring/${testId}/detect`, frame, undefined, fields));
  const flags = out.kind === 'ok' && Array.isArray(out.body.flags) ? (out.body.flags as string[]) : [];
  if (out.kind !== 'ok' || flags.length === 0) return out;
  const status: FlagStatus = flags.includes('multiple_faces')
    ? 'multiple_faces'
    : flags.includes('phone')
      ? 'phone'
      : 'not_detected';
  return { kind: 'flag', status, body: out.body };
}

export function sendCameraLost(testId: string, detail: string): Promise<CallOutcome> {
  return guarded(() =>
    fetch(`/api/proctoring/${testId}/camera-lost`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ detail }),
    }),
  );
}
