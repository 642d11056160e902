/**
 * The recorder's mapping from CodeMirror transactions to edit events (issue 29): kinds from the user events, one
 * event per changed range from the last to the first, and a replay of the events rebuilds the editor's text.
 */
import type { TEditEvent } from '@assessly/shared';
import { history, redo, undo } from '@codemirror/commands';
import { EditorSelection, EditorState, type Transaction, type TransactionSpec } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { editEvents } from './editor-recorder';
import { buildIndex, textAfter } from './replay';

/** An editor state with undo history, and every transaction applied to it with its events. */
function editor(doc: string) {
  let state = EditorState.create({ doc, extensions: [history(), EditorState.allowMultipleSelections.of(true)] });
  const events: TEditEvent[] = [];
  const apply = (tr: Transaction) => {
    events.push(...editEvents(tr, events.length));
    state = tr.state;
  };
  const target = () => ({ state, dispatch: apply });
  return {
    events,
    text: () => state.doc.toString(),
    change: (spec: TransactionSpec) => apply(state.update(spec)),
    undo: () => undo(target()),
    redo: () => redo(target()),
    select: (ranges: [number, number][]) => {
      state = state.update({
        selection: EditorSelection.create(ranges.map(([a, h]) => EditorSelection.range(a, h))),
      }).state;
    },
  };
}

describe('editEvents', () => {
  it('names typing, deletion, paste, drop, undo and redo from the transaction, and replays to the same text', () => {
    const e = editor('print(1)\n');
    e.change({ changes: { from: 9, insert: 'x = 2' }, userEvent: 'input.type' });
    e.change({ changes: { from: 13, to: 14 }, userEvent: 'delete.backward' });
    e.change({ changes: { from: 13, insert: '42\ny = 3' }, userEvent: 'input.paste' });
    e.change({ changes: { from: 0, insert: '# dropped\n' }, userEvent: 'input.drop' });
    e.undo();
    e.redo();
    // a change without a user event: typing when it inserts, deletion when it only removes
    e.change({ changes: { from: 0, to: 2 } });
    expect(e.events.map((x) => x.kind)).toEqual(['type', 'delete', 'paste', 'drop', 'undo', 'redo', 'delete']);
    expect(e.events[2]).toMatchObject({ from: 13, to: 13, insert: '42\ny = 3' });
    expect(e.events[4]).toMatchObject({ from: 0, to: 10, insert: '' });
    expect(textAfter(buildIndex('print(1)\n', e.events), e.events.length)).toBe(e.text());
    expect(e.text()).toBe('dropped\nprint(1)\nx = 42\ny = 3');
  });

  it('gives one event per range of a multi-cursor edit, last range first, offsets into the text before', () => {
    const e = editor('a\nb\nc');
    e.select([
      [1, 1],
      [3, 3],
      [5, 5],
    ]);
    e.change({ changes: [0, 2, 4].map((line) => ({ from: line + 1, insert: ';' })), userEvent: 'input.type' });
    expect(e.events.map((x) => [x.from, x.insert])).toEqual([
      [5, ';'],
      [3, ';'],
      [1, ';'],
    ]);
    expect(textAfter(buildIndex('a\nb\nc', e.events), e.events.length)).toBe('a;\nb;\nc;');
  });

  it('records a replacement (typing over a selection) as one typing event over the replaced range', () => {
    const e = editor('value = 10');
    e.change({ changes: { from: 8, to: 10, insert: '7' }, userEvent: 'input.type' });
    expect(e.events).toEqual([{ at: 0, from: 8, to: 10, insert: '7', kind: 'type' }]);
  });
});
