import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { addStroke, asStroke, boardOf, clearBoard, MAX_POINTS, strokesOf, thin } from './board-strokes';

describe('the drawing board data', () => {
  it('reaches another document as the strokes drawn, and clears for both', () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    a.on('update', (u: Uint8Array) => Y.applyUpdate(b, u));
    addStroke(boardOf(a), { color: '#2563eb', width: 3, points: [10.4, 20.6, 30, 40] });
    expect(strokesOf(boardOf(b))).toEqual([{ color: '#2563eb', width: 3, points: [10, 21, 30, 40] }]);
    clearBoard(boardOf(a));
    expect(strokesOf(boardOf(b))).toEqual([]);
  });

  it('skips entries that are not strokes (anyone in the room can write the document)', () => {
    const doc = new Y.Doc();
    const board = boardOf(doc);
    board.push([
      'text',
      { color: 'red;background:url(x)', width: 3, points: [1, 2] },
      { color: '#000000', width: 500, points: [1, 2] },
      { color: '#000000', width: 2, points: [1, 2, 3] },
      { color: '#000000', width: 2, points: [1, -5] },
      { color: '#000000', width: 2, points: [1, 2, 3, 4] },
    ]);
    expect(strokesOf(board)).toEqual([{ color: '#000000', width: 2, points: [1, 2, 3, 4] }]);
    expect(asStroke(null)).toBeNull();
  });

  it('thins a long stroke to the cap and keeps its end', () => {
    const long = Array.from({ length: 3001 }, (_, i) => [i / 3, i / 3]).flat();
    const out = thin(long);
    expect(out.length / 2).toBeLessThanOrEqual(MAX_POINTS);
    expect(out.slice(-2)).toEqual([1000, 1000]);
    expect(asStroke({ color: '#111827', width: 2, points: out })).not.toBeNull();
  });
});
