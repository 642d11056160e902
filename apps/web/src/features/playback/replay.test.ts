import { replayEdits, type TEditEvent } from '@assessly/shared';
import { describe, expect, it } from 'vitest';
import { buildIndex, CHECKPOINT_EVERY, countAt, pasteRange, textAfter } from './replay';

const ev = (at: number, from: number, to: number, insert: string, kind: TEditEvent['kind'] = 'type') => ({
  at,
  from,
  to,
  insert,
  kind,
});

describe('the player replay', () => {
  it('gives the text after any number of events, the same as replaying from the start', () => {
    const events: TEditEvent[] = [];
    let len = 0;
    for (let i = 0; i < CHECKPOINT_EVERY * 3 + 17; i++) {
      const pos = (i * 7919) % (len + 1);
      if (i % 5 === 4 && len > 2) {
        const from = Math.min(pos, len - 2);
        events.push(ev(i * 100, from, from + 2, '', 'delete'));
        len -= 2;
      } else {
        events.push(ev(i * 100, pos, pos, String.fromCharCode(97 + (i % 26))));
        len += 1;
      }
    }
    const index = buildIndex('start', events);
    for (const n of [0, 1, CHECKPOINT_EVERY, CHECKPOINT_EVERY + 1, 500, events.length]) {
      expect(textAfter(index, n)).toBe(replayEdits('start', events.slice(0, n)));
    }
    expect(countAt(index, -1)).toBe(0);
    expect(countAt(index, 100)).toBe(2);
    expect(countAt(index, 1e12)).toBe(events.length);
  });

  it('highlights the latest paste, moved by edits before it and cut by edits inside it', () => {
    const events = [ev(1, 0, 0, 'ab'), ev(2, 2, 2, 'PASTED', 'paste'), ev(3, 0, 0, 'x'), ev(4, 6, 7, '', 'delete')];
    const index = buildIndex('', events);
    expect(pasteRange(index, 1)).toBeNull();
    expect(pasteRange(index, 2)).toEqual({ from: 2, to: 8 });
    expect(textAfter(index, 2).slice(2, 8)).toBe('PASTED');
    expect(pasteRange(index, 3)).toEqual({ from: 3, to: 9 });
    expect(pasteRange(index, 4)).toEqual({ from: 3, to: 6 });
    expect(textAfter(index, 4).slice(3, 6)).toBe('PAS');
  });
});
