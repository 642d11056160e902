/**
 * Hooks the edit recorder onto the coding page's CodeMirror editor (issue 29). Every change to a document becomes
 * one edit event per changed range, with its kind from the transaction's user event: undo and redo from the
 * history, paste and drop from CodeMirror's clipboard and drag handling, deletions and typing otherwise. Copy,
 * cut and paste inside the editor work as in any editor; a paste whose text the page did not copy or cut from its
 * own editors (and that is not in them) is a paste from outside: allowed, recorded, or blocked with a message, as
 * the test says.
 */
import type { TEditEvent, TPastePolicy } from '@assessly/shared';
import type { Transaction } from '@codemirror/state';
import type { EditorHandle } from '../taking/code-editor';
import type { EditQueue } from './edit-queue';
import { recorderStats, timed } from './recorder-stats';

export interface RecorderOptions {
  queue: EditQueue;
  /** The stream of a document (from its key), or null for a document that is not recorded. */
  streamOf: (key: string) => string | null;
  /** ms since the attempt started, on the server's clock. */
  now: () => number;
  pastePolicy: TPastePolicy;
  /** A paste or drop from outside was blocked: tell the candidate. */
  onBlocked: (message: string) => void;
}

/** What the page copied or cut from its own editors recently (compared with what is pasted). */
const COPIED_KEEP = 50;
const normalize = (s: string) => s.replace(/\r\n?/g, '\n');

export const BLOCKED_MESSAGE =
  'Pasting text from outside the code editor is turned off for this test. Copy and paste within the editor still work.';

/** The kind of a transaction's changes when its user event names one (else each range is typing or deletion). */
function kindOf(tr: Transaction): TEditEvent['kind'] | null {
  if (tr.isUserEvent('undo')) return 'undo';
  if (tr.isUserEvent('redo')) return 'redo';
  if (tr.isUserEvent('input.paste')) return 'paste';
  // issue 44: a block inserted with the AI assistant panel's Insert button
  if (tr.isUserEvent('input.assistant')) return 'assistant';
  if (tr.isUserEvent('input.drop') || tr.isUserEvent('move.drop')) return 'drop';
  if (tr.isUserEvent('delete')) return 'delete';
  return null;
}

/**
 * The edit events of one transaction, from the last range to the first: offsets are into the text before the
 * whole transaction, so applied from the end backwards they stay valid.
 */
export function editEvents(tr: Transaction, at: number): TEditEvent[] {
  const flagged = kindOf(tr);
  const out: TEditEvent[] = [];
  tr.changes.iterChanges((fromA, toA, _fromB, _toB, inserted) => {
    const insert = inserted.toString();
    out.push({ at, from: fromA, to: toA, insert, kind: flagged ?? (insert === '' ? 'delete' : 'type') });
  });
  return out.reverse();
}

export function attachRecorder(editor: EditorHandle, host: HTMLElement, opts: RecorderOptions): () => void {
  const copied: string[] = [];

  const selectedText = () => {
    const { state } = editor.view;
    // like CodeMirror's own copy: an empty selection copies its whole line
    const parts = state.selection.ranges.map((r) =>
      r.empty ? `${state.doc.lineAt(r.head).text}\n` : state.sliceDoc(r.from, r.to),
    );
    return parts.join('\n');
  };
  const isOwn = (text: string) => {
    const t = normalize(text);
    if (t.length === 0) return true;
    return copied.some((c) => c === t || c.includes(t)) || editor.documents().some((d) => d.text.includes(t));
  };
  // A stream starts at its first change, from the text the document showed when it was opened (a document only
  // looked at, such as the default language's starter code, records nothing).
  const openedWith = new Map<string, string>();
  const opened = () => {
    const { state } = editor.view;
    const key = opts.streamOf(editor.keyOf(state));
    if (key && !opts.queue.has(key) && !openedWith.has(key)) openedWith.set(key, state.doc.toString());
  };

  const onCopy = () => {
    const text = normalize(selectedText());
    if (text) copied.push(text);
    if (copied.length > COPIED_KEEP) copied.shift();
  };
  const incoming = (e: ClipboardEvent | DragEvent) => {
    const data = 'clipboardData' in e ? e.clipboardData : e.dataTransfer;
    const text = data?.getData('text/plain') ?? '';
    if (opts.pastePolicy === 'block' && !isOwn(text)) {
      e.preventDefault();
      e.stopPropagation();
      opts.onBlocked(BLOCKED_MESSAGE);
    }
  };
  const onPaste = (e: ClipboardEvent) => timed(() => incoming(e));
  const onDrop = (e: DragEvent) => timed(() => incoming(e));
  host.addEventListener('copy', onCopy, true);
  host.addEventListener('cut', onCopy, true);
  host.addEventListener('paste', onPaste, true);
  host.addEventListener('drop', onDrop, true);

  opened();
  const offSwitch = editor.onSwitch(() => opened());
  const offUpdate = editor.onUpdate((u) => {
    if (u.docChanged) timed(() => onChanges(u.transactions, u.startState));
  });
  function onChanges(transactions: readonly Transaction[], before: { doc: { toString(): string } }) {
    recorderStats.changes++;
    const key = opts.streamOf(editor.keyOf(editor.view.state));
    if (!key) return;
    const at = opts.now();
    if (!opts.queue.has(key)) opts.queue.start(key, openedWith.get(key) ?? before.doc.toString(), at);
    for (const tr of transactions) {
      if (!tr.docChanged) continue;
      for (const e of editEvents(tr, at)) opts.queue.record(key, e);
    }
  }
  return () => {
    host.removeEventListener('copy', onCopy, true);
    host.removeEventListener('cut', onCopy, true);
    host.removeEventListener('paste', onPaste, true);
    host.removeEventListener('drop', onDrop, true);
    offSwitch();
    offUpdate();
  };
}
