/**
 * The candidate's verdicts, pushed by the server (GET /api/submissions/stream, server-sent events) instead of
 * a poll a second: one EventSource per page, shared by every wait. A missed event (the stream reconnecting,
 * a server restart) is caught by one read of the submission on each (re)connect and a slow fallback read.
 */
import type { TCandidateSubmission } from '@assessly/shared';
import { api } from '../../lib/api';

type Listener = (s: TCandidateSubmission) => void;

const FALLBACK_READ_MS = 15_000;
const listeners = new Set<Listener>();
const openListeners = new Set<() => void>();
const placeListeners = new Set<(place: number) => void>();
let source: EventSource | null = null;

function ensureStream() {
  if (source || typeof EventSource === 'undefined') return;
  source = new EventSource('/api/submissions/stream', { withCredentials: true });
  source.addEventListener('submission', (e) => {
    const s = JSON.parse((e as MessageEvent<string>).data) as TCandidateSubmission;
    for (const fn of listeners) fn(s);
  });
  source.addEventListener('queue', (e) => {
    const { place } = JSON.parse((e as MessageEvent<string>).data) as { place: number };
    for (const fn of placeListeners) fn(place);
  });
  // 'ready' comes on every (re)connect: anything judged while disconnected is read once.
  source.addEventListener('ready', () => {
    for (const fn of openListeners) fn();
  });
}

/** Calls `fn` for every verdict of this candidate while subscribed (opens the stream on first use). */
export function onVerdict(fn: Listener): () => void {
  ensureStream();
  listeners.add(fn);
  return () => listeners.delete(fn);
}

const isDone = (s: TCandidateSubmission) => s.status === 'judged' || s.status === 'error';

/** Resolves with the submission once judged; `onPlace` hears the candidate's place in the queue meanwhile. */
export function waitForVerdict(
  id: string,
  onPlace?: (place: number) => void,
  timeoutMs = 30 * 60_000,
): Promise<TCandidateSubmission> {
  ensureStream();
  return new Promise((resolve, reject) => {
    const read = () => {
      api<TCandidateSubmission>(`/api/submissions/${id}`)
        .then((s) => isDone(s) && finish(s))
        .catch(() => {}); // the stream or the next read will tell
    };
    const onEvent: Listener = (s) => {
      if (s.id === id && isDone(s)) finish(s);
    };
    const place = (p: number) => onPlace?.(p);
    const fallback = setInterval(read, FALLBACK_READ_MS);
    const timeout = setTimeout(() => {
      cleanup();
      reject(new Error('The judge is taking too long; your submission is saved and will be judged.'));
    }, timeoutMs);
    const cleanup = () => {
      clearInterval(fallback);
      clearTimeout(timeout);
      listeners.delete(onEvent);
      openListeners.delete(read);
      placeListeners.delete(place);
    };
    const finish = (s: TCandidateSubmission) => {
      cleanup();
      resolve(s);
    };
    listeners.add(onEvent);
    openListeners.add(read);
    placeListeners.add(place);
    read(); // it may already be judged
  });
}
