/**
 * The coding page's edit recording queue (issue 29): editor changes per stream (problem and language) wait on
 * the device (localStorage, like drafts) and go to `POST /api/attempts/{testId}/edits` in numbered batches
 * beside the autosave — never a request per keystroke. A batch keeps its number until the server answers, so
 * a retry is applied once. A batch that empties the queue carries the SHA-256 of the editor's text after it
 * (what the autosave saves as the draft): the server refuses a batch it cannot apply, or whose result has
 * another hash (EDITS_OUT_OF_SYNC), and the page replaces it with a `reset` to the editor's current text, the
 * draft: the stream resyncs and the recording stays true to what the candidate sees.
 */
import type { TEditBatchSaved, TEditEvent } from '@assessly/shared';
import { ApiError, api } from '../../lib/api';
import { timed } from './recorder-stats';

interface StreamState {
  nextSeq: number;
  pending: TEditEvent[];
  inflight: { seq: number; events: TEditEvent[]; hash?: string } | null;
}

/** Under the server's bounds (2,000 events, 128 KiB inserted) with room to spare. */
const BATCH_EVENTS = 500;
const BATCH_CHARS = 96 * 1024;
const PERSIST_MS = 400;

export const streamKey = (questionId: string, language: string) => `${questionId}|${language}`;

export class EditQueue {
  private streams = new Map<string, StreamState>();
  /** Streams first seen on this device in this page: their first batch may meet a server that is ahead. */
  private fresh = new Set<string>();
  private flushing: Promise<void> | null = null;
  private persistTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly storageKey: string;

  constructor(
    private readonly testId: string,
    attemptId: string,
    /** The editor's current text of a stream (for a resync), or null when it is not open. */
    private readonly textOf: (key: string) => string | null,
  ) {
    this.storageKey = `assessly.edits.${attemptId}`;
    try {
      const raw = localStorage.getItem(this.storageKey);
      for (const [k, s] of Object.entries(raw ? (JSON.parse(raw) as Record<string, StreamState>) : {})) {
        this.streams.set(k, s);
      }
    } catch {
      // A broken entry is dropped: the next change starts the stream again from a reset.
    }
  }

  has(key: string) {
    return this.streams.has(key);
  }

  hasPending() {
    return [...this.streams.values()].some((s) => s.pending.length > 0 || s.inflight);
  }

  /** The first sight of a stream on this device: its text so far, as a reset (the starter code or a draft). */
  start(key: string, text: string, at: number) {
    if (this.streams.has(key)) return;
    this.fresh.add(key);
    this.streams.set(key, { nextSeq: 1, pending: [], inflight: null });
    this.record(key, { at, from: 0, to: 0, insert: text, kind: 'reset' });
  }

  record(key: string, event: TEditEvent) {
    let s = this.streams.get(key);
    if (!s) {
      s = { nextSeq: 1, pending: [], inflight: null };
      this.streams.set(key, s);
    }
    s.pending.push(event);
    this.persistSoon();
  }

  persistNow() {
    if (this.persistTimer) clearTimeout(this.persistTimer);
    this.persistTimer = null;
    try {
      timed(() => localStorage.setItem(this.storageKey, JSON.stringify(Object.fromEntries(this.streams))));
    } catch {
      // Storage full: the batches still go to the server from memory.
    }
  }

  private persistSoon() {
    this.persistTimer ??= setTimeout(() => this.persistNow(), PERSIST_MS);
  }

  /** Sends what is waiting, stream by stream; a network failure leaves it queued for the next flush. */
  flush(): Promise<void> {
    this.flushing ??= this.sendAll().finally(() => {
      this.flushing = null;
      this.persistNow();
    });
    return this.flushing;
  }

  private async sendAll() {
    for (const [key, s] of this.streams) {
      while (s.inflight || s.pending.length > 0) {
        if (!s.inflight) {
          const events = takeBatch(s.pending);
          // The editor's text now is the text after this batch only when nothing is left waiting.
          const text = s.pending.length === 0 ? this.textOf(key) : null;
          s.inflight = { seq: s.nextSeq++, events };
          if (text !== null) s.inflight.hash = await sha256(text);
        }
        const ok = await this.send(key, s);
        if (!ok) return;
      }
    }
  }

  /** One batch; false when the network or server failed (try again later). */
  private async send(key: string, s: StreamState): Promise<boolean> {
    const batch = s.inflight!;
    const [questionId = '', language = ''] = key.split('|');
    try {
      const res = await api<TEditBatchSaved>(`/api/attempts/${this.testId}/edits`, {
        method: 'POST',
        body: { questionId, language, seq: batch.seq, events: batch.events, hash: batch.hash },
      });
      const fresh = this.fresh.delete(key);
      // A new device's first batch (a reset) met a stream the server already has: number it after the server's.
      if (fresh && !res.applied && batch.events[0]?.kind === 'reset') {
        s.nextSeq = res.seq + 1;
        s.inflight = { seq: s.nextSeq++, events: batch.events };
        return true;
      }
      s.inflight = null;
      return true;
    } catch (err) {
      if (!(err instanceof ApiError) || err.status === 0 || err.status === 429 || err.status >= 500) return false;
      this.fresh.delete(key);
      const text = err.code === 'EDITS_OUT_OF_SYNC' ? this.textOf(key) : null;
      if (text !== null && batch.events[0]?.kind !== 'reset') {
        // Resync: the editor's text replaces the batch and everything queued after it.
        const at = batch.events.at(-1)?.at ?? 0;
        const last = s.pending.at(-1)?.at ?? at;
        s.inflight = { seq: batch.seq, events: [{ at: last, from: 0, to: text.length, insert: text, kind: 'reset' }] };
        s.inflight.hash = await sha256(text);
        s.pending = [];
        return true;
      }
      // Refused for good (the test ended, a problem not of this test): nothing more to send for it.
      s.inflight = null;
      s.pending = [];
      return true;
    }
  }
}

/** Hex SHA-256 of the text's UTF-8, as the server hashes it; undefined where the page has no Web Crypto. */
async function sha256(text: string): Promise<string | undefined> {
  if (!globalThis.crypto?.subtle) return undefined;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function takeBatch(pending: TEditEvent[]): TEditEvent[] {
  let chars = 0;
  let n = 0;
  while (n < pending.length && n < BATCH_EVENTS) {
    chars += pending[n]!.insert.length;
    if (n > 0 && chars > BATCH_CHARS) break;
    n++;
  }
  return pending.splice(0, n);
}
