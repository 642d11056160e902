/**
 * The exam guard (spec §2.1): ctrl/meta + c/v/x, alt+tab (where the page sees it) and the context menu are
 * blocked while the test is open. Each blocked attempt, each tab or window switch and each return is
 * recorded as a proctoring event of the attempt — batched (one request per few seconds) and throttled
 * (repeats of one kind within a second are folded into a count). A reload or navigation away (beforeunload,
 * pagehide) is not a tab switch and records nothing.
 */
import { useEffect } from 'react';
import { api } from '../../lib/api';

interface GuardEvent {
  kind: string;
  detail?: string;
  at: string;
}

const FLUSH_MS = 3000;
const REPEAT_MS = 1000;
const MAX_BATCH = 50;

export function useExamGuard(testId: string, active: boolean) {
  useEffect(() => {
    if (!active) return;
    let queue: GuardEvent[] = [];
    let lastFlushAt = 0;
    const lastAt = new Map<string, number>();
    const record = (kind: string, detail?: string) => {
      const now = Date.now();
      const last = lastAt.get(kind) ?? 0;
      lastAt.set(kind, now);
      if (now - last < REPEAT_MS) {
        const prev = [...queue].reverse().find((e) => e.kind === kind);
        if (prev) {
          const n = Number(/×(\d+)$/.exec(prev.detail ?? '')?.[1] ?? 1) + 1;
          prev.detail = `${(prev.detail ?? '').replace(/ ?×\d+$/, '')} ×${n}`.trim();
          return;
        }
      }
      if (queue.length < MAX_BATCH)
        queue.push({ kind, ...(detail ? { detail } : {}), at: new Date(now).toISOString() });
      // Leading edge: an event after a quiet spell goes at once, so it reaches the server before a quick
      // End Test (events that arrive after the end are dropped); bursts still go in batches.
      if (now - lastFlushAt >= FLUSH_MS) flush();
    };
    const flush = (beacon = false) => {
      if (queue.length === 0) return;
      lastFlushAt = Date.now();
      const events = queue;
      queue = [];
      const url = `/api/attempts/${testId}/events`;
      if (beacon && navigator.sendBeacon) {
        navigator.sendBeacon(url, new Blob([JSON.stringify({ events })], { type: 'application/json' }));
        return;
      }
      api(url, { method: 'POST', body: { events } }).catch(() => {
        // Lost events are re-queued once; the page never blocks on them.
        queue = [...events, ...queue].slice(0, MAX_BATCH);
      });
    };

    const onKey = (e: KeyboardEvent) => {
      const key = e.key.toLowerCase();
      // Issue 29: copy, cut and paste inside the code editor work and are not flagged (the recorder sees them).
      if (insideEditor(e.target)) return;
      if ((e.ctrlKey || e.metaKey) && (key === 'c' || key === 'v' || key === 'x')) {
        e.preventDefault();
        e.stopPropagation();
        record(
          key === 'v' ? 'paste_attempt' : key === 'x' ? 'cut_attempt' : 'copy_attempt',
          `${e.metaKey ? 'meta' : 'ctrl'}+${key}`,
        );
      } else if (e.altKey && key === 'tab') {
        e.preventDefault();
        record('alt_tab_attempt', 'alt+tab');
      }
    };
    const onClipboard = (e: ClipboardEvent) => {
      if (insideEditor(e.target)) return;
      e.preventDefault();
      e.stopPropagation();
      record(
        e.type === 'paste' ? 'paste_attempt' : e.type === 'cut' ? 'cut_attempt' : 'copy_attempt',
        `${e.type} event`,
      );
    };
    const onMenu = (e: MouseEvent) => {
      e.preventDefault();
      record('context_menu');
    };
    // Issue 46: a reload or a navigation away hides the page too (pagehide, then visibilitychange); that is the
    // page going away, not the candidate switching to another tab, so nothing is recorded while it leaves.
    let leaving = false;
    const onVisibility = () => {
      if (leaving) return;
      record(document.hidden ? 'tab_hidden' : 'tab_visible');
    };
    const onBlur = () => {
      if (!leaving) record('window_blur');
    };
    const onFocus = () => record('window_focus');
    const onLeave = () => {
      leaving = true;
    };
    const onHide = () => {
      leaving = true;
      flush(true);
    };
    // back from the back/forward cache: the page is the candidate's again
    const onShow = () => {
      leaving = false;
    };

    // One list for adding and removing, so the two can never disagree (capture: the page sees the event first).
    const listeners: [EventTarget, string, EventListener, boolean][] = [
      [window, 'keydown', onKey as EventListener, true],
      [document, 'copy', onClipboard as EventListener, true],
      [document, 'cut', onClipboard as EventListener, true],
      [document, 'paste', onClipboard as EventListener, true],
      [document, 'contextmenu', onMenu as EventListener, true],
      [document, 'visibilitychange', onVisibility, false],
      [window, 'blur', onBlur, false],
      [window, 'focus', onFocus, false],
      [window, 'beforeunload', onLeave, false],
      [window, 'pagehide', onHide, false],
      [window, 'pageshow', onShow, false],
    ];
    for (const [target, type, listener, capture] of listeners) target.addEventListener(type, listener, capture);
    const timer = setInterval(() => flush(), FLUSH_MS);
    return () => {
      for (const [target, type, listener, capture] of listeners) target.removeEventListener(type, listener, capture);
      clearInterval(timer);
      flush();
    };
  }, [testId, active]);
}

/** The code editor handles its own clipboard (features/playback/editor-recorder.ts). */
function insideEditor(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('.code-editor') !== null;
}
