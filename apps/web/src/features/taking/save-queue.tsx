/**
 * Autosave that loses nothing: every change is written to localStorage at once, then sent to the server
 * (debounced). Unsent changes survive a reload, a lost connection or a server restart and are resent on
 * the 'online' event and by a retry timer. The newest change per key wins. The candidate sees whether the
 * last change reached the server, when it did, and whether the device is offline or the server unreachable.
 */
import { useSyncExternalStore } from 'react';
import { useT } from '../../i18n/candidate-intl';
import type { MessageId } from '../../i18n/messages.en';
import { ApiError } from '../../lib/api';

/** offline: the device has no network; reconnecting: the server does not answer (down, 5xx, timeouts). */
export type SaveStatus = 'saved' | 'saving' | 'offline' | 'reconnecting' | 'refused';

interface Entry<T> {
  item: T;
  version: number;
}

export interface SaveSnapshot {
  status: SaveStatus;
  /** When the server last confirmed a save (its own clock, ISO), null before the first one. */
  lastServerSave: string | null;
}

export class SaveQueue<T> {
  private pending = new Map<string, Entry<T>>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private retry: ReturnType<typeof setInterval> | null = null;
  private flushing: Promise<boolean> | null = null;
  private listeners = new Set<() => void>();
  private seq = 0;
  private snap: SaveSnapshot = { status: 'saved', lastServerSave: null };
  lastError = '';
  /** Called when the server refuses an item for good (4xx); the item is dropped. */
  onRefused: ((key: string, err: ApiError) => void) | null = null;

  constructor(
    private readonly storageKey: string,
    private readonly send: (item: T, key: string) => Promise<unknown>,
    private readonly delayMs = 800,
  ) {
    try {
      const raw = localStorage.getItem(storageKey);
      const saved = raw ? (JSON.parse(raw) as Record<string, T>) : {};
      for (const [k, item] of Object.entries(saved)) this.pending.set(k, { item, version: ++this.seq });
    } catch {
      // A broken entry is dropped rather than blocking the page.
    }
    if (this.pending.size > 0) this.snap = { ...this.snap, status: navigator.onLine ? 'saving' : 'offline' };
  }

  get status(): SaveStatus {
    return this.snap.status;
  }

  snapshot = (): SaveSnapshot => this.snap;

  /** Unsent items (restored from localStorage), to overlay on what the server returned. */
  unsent(): Map<string, T> {
    return new Map([...this.pending].map(([k, e]) => [k, e.item]));
  }

  hasPending(): boolean {
    return this.pending.size > 0;
  }

  /** Forgets an unsent item (e.g. its key was found stale and the newer server copy is loaded instead). */
  drop(key: string) {
    this.pending.delete(key);
    this.persist();
  }

  /** What the server already had when the page loaded (e.g. the newest draft's time). */
  protected knownServerSave(iso: string | null) {
    if (iso && (!this.snap.lastServerSave || iso > this.snap.lastServerSave)) {
      this.snap = { ...this.snap, lastServerSave: iso };
    }
  }

  /** Changes an unsent item in place (same version: it is still the newest change of its key). */
  protected patchPending(key: string, patch: (item: T) => T) {
    const entry = this.pending.get(key);
    if (!entry) return;
    entry.item = patch(entry.item);
    this.persist();
  }

  put(key: string, item: T, immediate = false) {
    this.pending.set(key, { item, version: ++this.seq });
    this.persist();
    if (this.timer) clearTimeout(this.timer);
    if (this.snap.status === 'saved' || this.snap.status === 'refused') this.setStatus('saving');
    if (immediate) void this.flush();
    else this.timer = setTimeout(() => void this.flush(), this.delayMs);
  }

  /** Sends everything pending; resolves true when nothing is left unsent. */
  flush(): Promise<boolean> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.flushing) return this.flushing.then(() => (this.pending.size > 0 ? this.flush() : true));
    if (this.pending.size === 0) return Promise.resolve(true);
    if (this.snap.status !== 'offline' && this.snap.status !== 'reconnecting') this.setStatus('saving');
    this.flushing = this.sendAll().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async sendAll(): Promise<boolean> {
    let refused = false;
    for (const [key, entry] of [...this.pending]) {
      try {
        const res = await this.send(entry.item, key);
        if (this.pending.get(key)?.version === entry.version) this.pending.delete(key);
        const savedAt = (res as { savedAt?: unknown } | null)?.savedAt;
        this.snap = {
          ...this.snap,
          lastServerSave: typeof savedAt === 'string' ? savedAt : new Date().toISOString(),
        };
      } catch (err) {
        if (
          err instanceof ApiError &&
          err.status >= 400 &&
          err.status < 500 &&
          err.status !== 408 &&
          err.status !== 429
        ) {
          // Refused for good (time is over, attempt ended, stale revision, too large): retrying would not help.
          if (this.pending.get(key)?.version === entry.version) this.pending.delete(key);
          this.lastError = err.message;
          this.persist();
          refused = true;
          this.onRefused?.(key, err);
          continue;
        }
        this.persist();
        this.setStatus(navigator.onLine ? 'reconnecting' : 'offline');
        this.startRetry();
        return false;
      }
    }
    this.persist();
    if (this.pending.size === 0) this.stopRetry();
    this.setStatus(refused ? 'refused' : this.pending.size === 0 ? 'saved' : 'saving');
    return this.pending.size === 0;
  }

  private startRetry() {
    if (!this.retry) this.retry = setInterval(() => void this.flush(), 3000);
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
    this.snap = { ...this.snap, status: s };
    for (const l of this.listeners) l();
  }

  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  /** Resend on reconnect; show Offline at once when the device loses its network. Returns the cleanup. */
  watchOnline(): () => void {
    const onOnline = () => void this.flush();
    const onOffline = () => {
      if (this.pending.size > 0 || this.snap.status === 'saving') this.setStatus('offline');
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    if (this.pending.size > 0) void this.flush();
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      this.stopRetry();
      if (this.timer) clearTimeout(this.timer);
    };
  }
}

const IDLE: SaveSnapshot = { status: 'saved', lastServerSave: null };

export function useSaveSnapshot(queue: SaveQueue<unknown> | null): SaveSnapshot {
  return useSyncExternalStore(
    (l) => (queue ? queue.subscribe(l) : () => {}),
    () => queue?.snapshot() ?? IDLE,
  );
}

export function useSaveStatus(queue: SaveQueue<unknown> | null): SaveStatus {
  return useSaveSnapshot(queue).status;
}

const TEXT: Record<SaveStatus, MessageId> = {
  saved: 'save.saved',
  saving: 'save.saving',
  offline: 'save.offline',
  reconnecting: 'save.reconnecting',
  refused: 'save.refused',
};

export function SaveIndicator({ status, lastServerSave }: { status: SaveStatus; lastServerSave?: string | null }) {
  const { t, locale } = useT();
  const at = lastServerSave
    ? new Date(lastServerSave).toLocaleTimeString(locale === 'en' ? undefined : locale, {
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
    : null;
  return (
    <span className={`save-status save-${status}`} role="status" aria-live="polite">
      <span data-testid="save-text">{t(TEXT[status])}</span>
      {lastServerSave !== undefined && (
        <span className="save-last" data-testid="last-server-save">
          {at ? ` · ${t('save.lastSaved', { at })}` : ` · ${t('save.notYet')}`}
        </span>
      )}
    </span>
  );
}
