/**
 * The player's model of a stream (issue 29): the text after any number of edits, found from checkpoints so a
 * 20,000-edit recording seeks in at most CHECKPOINT_EVERY edits, and the range of the latest paste carried
 * through the edits that followed it (for highlighting).
 */
import { applyEdit, type TEditEvent } from '@assessly/shared';

export const CHECKPOINT_EVERY = 64;

export interface ReplayIndex {
  events: readonly TEditEvent[];
  /** checkpoints[i] is the text after i * CHECKPOINT_EVERY events. */
  checkpoints: string[];
  /** The events' times, for finding how many happened by a moment. */
  times: number[];
}

export function buildIndex(initial: string, events: readonly TEditEvent[]): ReplayIndex {
  const checkpoints = [initial];
  let text = initial;
  events.forEach((e, i) => {
    text = applyEdit(text, e) ?? text;
    if ((i + 1) % CHECKPOINT_EVERY === 0) checkpoints.push(text);
  });
  return { events, checkpoints, times: events.map((e) => e.at) };
}

/** The text after the first `n` events. */
export function textAfter(index: ReplayIndex, n: number): string {
  const c = Math.min(Math.floor(n / CHECKPOINT_EVERY), index.checkpoints.length - 1);
  let text = index.checkpoints[c]!;
  for (let i = c * CHECKPOINT_EVERY; i < n && i < index.events.length; i++) {
    text = applyEdit(text, index.events[i]!) ?? text;
  }
  return text;
}

/** How many events happened at or before `at` (binary search). */
export function countAt(index: ReplayIndex, at: number): number {
  let lo = 0;
  let hi = index.times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (index.times[mid]! <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const HIGHLIGHT_SPAN = 2000;

/**
 * The range, in the text after `n` events, of the latest paste or drop among them (within the last 2,000
 * edits): moved by edits before it, cut short by edits inside it. Null when there is none or nothing is left.
 */
export function pasteRange(index: ReplayIndex, n: number): { from: number; to: number } | null {
  let p = -1;
  for (let i = n - 1; i >= Math.max(0, n - HIGHLIGHT_SPAN); i--) {
    const k = index.events[i]!.kind;
    if (k === 'paste' || k === 'drop') {
      p = i;
      break;
    }
  }
  if (p < 0) return null;
  const paste = index.events[p]!;
  let from = paste.from;
  let to = paste.from + paste.insert.length;
  for (let i = p + 1; i < n; i++) {
    const e = index.events[i]!;
    const delta = e.insert.length - (e.to - e.from);
    if (e.to <= from) {
      from += delta;
      to += delta;
    } else if (e.from >= to) {
      // after the range: no effect
    } else {
      // An edit inside the pasted text: keep the part before it.
      to = Math.max(from, e.from);
    }
    if (e.kind === 'reset') return null;
  }
  return to > from ? { from, to } : null;
}
