/**
 * Autosave that loses nothing: every change is written to localStorage at once, then sent to the server
 * (debounced). Unsent changes survive a reload, a lost connection or a server restart and are resent on
 * the 'online' event and by a retry timer. The newest change per key wins.
 */
import { useSyncExternalStore } from 'react';
import { ApiError } from '../../lib/api';

export type SaveStatus = 'saved' | 'saving' | 'offline' | 'refused';

interface Entry<T> {
  item: T;
  version: number;
}

export class SaveQueue<T> {
  private pending = new Map<string, Entry<T>>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private retry: ReturnType<typeof setInterval> | null = null;
  private flushing: Promise<boolean> | null = null;
  private listeners = new Set<() => void>();
  private seq = 0;
  status: SaveStatus = 'saved';
  lastError = '';

  constructor(
    private readonly storageKey: string,
    private readonly send: (item: T) => Promise<unknown>,
    private readonly delayMs = 800,
  ) {
    try {
      const raw = localStorage.getItem(storageKey);
      const saved = raw ? (JSON.parse(raw) as Record<string, T>) : {};
      for (const [k, item] of Object.entries(saved)) this.pending.set(k, { item, version: ++this.seq });
    } catch {
      // A broken entry is dropped rather than blocking the page.
    }
    if (this.pending.size > 0) this.status = 'offline';
  }

  /** Unsent items (restored from localStorage), to overlay on what the server returned. */
  unsent(): Map<string, T> {
    return new Map([...this.pending].map(([k, e]) => [k, e.item]));
  }

  put(key: string, item: T, immediate = false) {
    this.pending.set(key, { item, version: ++this.seq });
    this.persist();
    if (this.timer) clearTimeout(this.timer);
    if (immediate) void this.flush();
    else this.timer = setTimeout(() => void this.flush(), this.delayMs);
  }

  /** Sends everything pending; resolves true when nothing is left unsent. */
  flush(): Promise<boolean> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.flushing) return this.flushing.then(() => (this.pending.size > 0 ? this.flush() : true));
    if (this.pending.size === 0) return Promise.resolve(true);
    this.setStatus('saving');
    this.flushing = this.sendAll().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async sendAll(): Promise<boolean> {
    for (const [key, entry] of [...this.pending]) {
      try {
        await this.send(entry.item);
        if (this.pending.get(key)?.version === entry.version) this.pending.delete(key);
      } catch (err) {
        if (
          err instanceof ApiError &&
          err.status >= 400 &&
          err.status < 500 &&
          err.status !== 408 &&
          err.status !== 429
        ) {
          // Refused for good (time is over, attempt ended, too large): keep trying would not help.
          this.pending.delete(key);
          this.lastError = err.message;
          this.persist();
          this.setStatus('refused');
          continue;
        }
        this.persist();
        this.setStatus('offline');
        this.startRetry();
        return false;
      }
    }
    this.persist();
    if (this.pending.size === 0) this.stopRetry();
    this.setStatus(this.pending.size === 0 ? (this.status === 'refused' ? 'refused' : 'saved') : 'saving');
    return this.pending.size === 0;
  }

  private startRetry() {
    if (!this.retry) this.retry = setInterval(() => void this.flush(), 5000);
  }

  private stopRetry() {
    if (this.retry) clearInterval(this.retry);
    this.retry = null;
  }

  private persist() {
    try {
      if (this.pending.size === 0) localStorage.removeItem(this.storageKey);
      else
        localStorage.setItem(
          this.storageKey,
          JSON.stringify(Object.fromEntries([...this.pending].map(([k, e]) => [k, e.item]))),
        );
    } catch {
      // Storage full or disabled: the server copy is still being sent.
    }
  }

  private setStatus(s: SaveStatus) {
    this.status = s;
    for (const l of this.listeners) l();
  }

  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  /** Resend on reconnect; returns the cleanup. */
  watchOnline(): () => void {
    const onOnline = () => void this.flush();
    window.addEventListener('online', onOnline);
    if (this.pending.size > 0) void this.flush();
    return () => {
      window.removeEventListener('online', onOnline);
      this.stopRetry();
      if (this.timer) clearTimeout(this.timer);
    };
  }
}

export function useSaveStatus(queue: SaveQueue<unknown> | null): SaveStatus {
  return useSyncExternalStore(
    (l) => (queue ? queue.subscribe(l) : () => {}),
    () => queue?.status ?? 'saved',
  );
}

export function SaveIndicator({ status }: { status: SaveStatus }) {
  const text = { saved: 'Saved', saving: 'Saving…', offline: 'Offline — will retry', refused: 'Not saved' }[status];
  return (
    <span className={`save-status save-${status}`} role="status" aria-live="polite">
      {text}
    </span>
  );
}
