/**
 * Code playback (issue 29): bytes stored per hour of typing, and the server's CPU per batch.
 * An hour of steady coding is simulated as the page records it: a keystroke every 250 ms on average (4 a
 * second, a fast sustained pace), one in eight a backspace, the editor's auto-indent after each Enter, a paste of a
 * few lines every ten minutes, sent in batches every 3 s. Stored bytes = the compressed batch column plus the
 * row's fixed columns; the stream row (the text and its hash) is counted once.
 * Run: npx tsx apps/server/bench/playback-bench.ts
 */
import type { TEditEvent } from '@assessly/shared';
import { encodeEvents, hashText } from '../src/modules/playback/edits.codec';
import { applyBatch } from '../src/modules/playback/edits.service';

const HOUR_MS = 3_600_000;
const WORDS = ['total', 'for', 'in', 'range', 'if', 'return', 'def', 'solve', 'values', 'print', 'best', '=', '+', '('];
/** uuid ×2, language, seq, count, received_at, tuple header: about 100 bytes a row in PostgreSQL. */
const ROW_OVERHEAD = 100;

function simulateHour(seed = 7) {
  let a = seed;
  const rnd = () => {
    a = (a * 1_103_515_245 + 12_345) % 2_147_483_648;
    return a / 2_147_483_648;
  };
  const events: TEditEvent[] = [];
  let text = '';
  let at = 0;
  let keystrokes = 0;
  while (at < HOUR_MS) {
    at += Math.floor(50 + rnd() * 400);
    keystrokes++;
    const r = rnd();
    if (r < 0.125 && text.length > 0) {
      events.push({ at, from: text.length - 1, to: text.length, insert: '', kind: 'delete' });
      text = text.slice(0, -1);
    } else if (r < 0.16) {
      const insert = '\n    ';
      events.push({ at, from: text.length, to: text.length, insert, kind: 'type' });
      text += insert;
    } else if (r < 0.1603) {
      const insert = 'for i in range(n):\n    total += values[i]\nprint(total)\n';
      events.push({ at, from: text.length, to: text.length, insert, kind: 'paste' });
      text += insert;
    } else {
      const word = WORDS[Math.floor(rnd() * WORDS.length)]!;
      const c = rnd() < 0.2 ? ' ' : word[Math.floor(rnd() * word.length)]!;
      events.push({ at, from: text.length, to: text.length, insert: c, kind: 'type' });
      text += c;
    }
    // The editor holds at most a draft's 64 KiB: a long session edits, it does not only grow.
    if (text.length > 20_000) {
      events.push({ at, from: 0, to: 10_000, insert: '', kind: 'delete' });
      text = text.slice(10_000);
    }
  }
  return { events, keystrokes, text };
}

const { events, keystrokes, text } = simulateHour();
let stored = 0;
let rows = 0;
let cpuMs = 0;
let replayed = '';
for (let start = 0, t = 3000; start < events.length; t += 3000) {
  let end = start;
  while (end < events.length && events[end]!.at < t) end++;
  if (end === start) continue;
  const batch = events.slice(start, end);
  const began = performance.now();
  replayed = applyBatch(replayed, batch).text;
  // The server hashes the replayed text to compare with the page's draft hash.
  hashText(replayed);
  const gz = encodeEvents(batch);
  cpuMs += performance.now() - began;
  stored += gz.length + ROW_OVERHEAD;
  rows++;
  start = end;
}
if (replayed !== text) throw new Error('the replay does not rebuild the text');
const raw = JSON.stringify(events).length;
console.log(`one hour of typing: ${keystrokes} keystrokes, ${events.length} edit events, ${rows} batches`);
console.log(
  `stored: ${(stored / 1024).toFixed(1)} KiB (+ the stream row: ${(text.length / 1024).toFixed(1)} KiB of text)`,
);
console.log(
  `uncompressed JSON of the events: ${(raw / 1024).toFixed(1)} KiB (${(raw / stored).toFixed(1)}x the stored size)`,
);
console.log(
  `server CPU to apply, hash and compress the hour's batches: ${cpuMs.toFixed(0)} ms (${(cpuMs / rows).toFixed(2)} ms a batch)`,
);
