/**
 * Scrubbing a long recording (issue 29): a 2-hour sitting of 20,000 edits (typing, deletions, a paste every few
 * minutes, the code kept under 20 KB as a real session edits rather than only grows), and 2,000 scrubs to random
 * moments. Each scrub is what the player computes for a position: how many edits happened by then (binary
 * search), the text after them (from the nearest checkpoint, CHECKPOINT_EVERY edits apart) and the range of the
 * latest paste to highlight. Printed beside the same scrubs replayed from the start (no checkpoints).
 * Run: npx tsx apps/web/bench/scrub-bench.ts
 */
import { replayEdits, type TEditEvent } from '@assessly/shared';
import { buildIndex, CHECKPOINT_EVERY, countAt, pasteRange, textAfter } from '../src/features/playback/replay';

const EVENTS = 20_000;
const SITTING_MS = 2 * 3_600_000;

function sitting(): TEditEvent[] {
  let seed = 29;
  const rnd = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const events: TEditEvent[] = [{ at: 0, from: 0, to: 0, insert: '# write here\n', kind: 'reset' }];
  let len = events[0]!.insert.length;
  for (let i = 1; i < EVENTS; i++) {
    const at = Math.floor((i / EVENTS) * SITTING_MS);
    const pos = Math.floor(rnd() * (len + 1));
    const r = rnd();
    if (len > 20_000) {
      events.push({ at, from: 0, to: 5_000, insert: '', kind: 'delete' });
      len -= 5_000;
    } else if (r < 0.12 && len > 0) {
      const to = Math.min(len, pos + 1);
      events.push({ at, from: pos === len ? len - 1 : pos, to: pos === len ? len : to, insert: '', kind: 'delete' });
      len -= 1;
    } else if (r < 0.124) {
      const insert = 'for i in range(n):\n    total += values[i]\n'.repeat(4);
      events.push({ at, from: pos, to: pos, insert, kind: 'paste' });
      len += insert.length;
    } else {
      events.push({ at, from: pos, to: pos, insert: rnd() < 0.15 ? '\n' : 'x', kind: 'type' });
      len += 1;
    }
  }
  return events;
}

const events = sitting();
const began = performance.now();
const index = buildIndex('', events);
const buildMs = performance.now() - began;
const end = events.at(-1)!.at;

function measure(scrub: (at: number) => unknown, count: number) {
  let seed = 7;
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    const at = (seed / 2_147_483_648) * end;
    const t0 = performance.now();
    scrub(at);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(2);
  return `p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${q(1)} ms`;
}

const final = textAfter(index, events.length);
if (final !== replayEdits('', events)) throw new Error('the checkpoints do not rebuild the text');
console.log(
  `[scrub] ${events.length} edits over ${SITTING_MS / 3_600_000} h, final code ${final.length} chars; index (${index.checkpoints.length} checkpoints every ${CHECKPOINT_EVERY} edits) built in ${buildMs.toFixed(0)} ms`,
);
console.log(
  `[scrub] with checkpoints, 2,000 scrubs: ${measure((at) => {
    const n = countAt(index, at);
    return [textAfter(index, n), pasteRange(index, n)];
  }, 2000)}`,
);
console.log(
  `[scrub] replayed from the start, 100 scrubs: ${measure((at) => replayEdits('', events.slice(0, countAt(index, at))), 100)}`,
);
