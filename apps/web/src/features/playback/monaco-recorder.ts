/**
 * Hooks the edit recorder onto a Monaco editor (issue 29). Every change to a model becomes one edit event per
 * changed range, with its kind: undo/redo and resets from Monaco's own flags, paste and drop from the DOM event
 * that caused them, deletions and typing otherwise. Copy, cut and paste inside the editor work as in any
 * editor; a paste whose text the page did not copy or cut from its own editors (and that is not in them) is a
 * paste from outside: allowed, recorded, or blocked with a message, as the test says.
 */
import type { TEditEvent, TPastePolicy } from '@assessly/shared';
import type * as Monaco from 'monaco-editor/editor/editor.api';
import type { EditQueue } from './edit-queue';
import { recorderStats, timed } from './recorder-stats';

type Editor = Monaco.editor.IStandaloneCodeEditor;

export interface RecorderOptions {
  queue: EditQueue;
  /** The stream of a model (from its uri), or null for a model that is not recorded. */
  streamOf: (model: Monaco.editor.ITextModel) => string | null;
  /** ms since the attempt started, on the server's clock. */
  now: () => number;
  pastePolicy: TPastePolicy;
  /** A paste or drop from outside was blocked: tell the candidate. */
  onBlocked: (message: string) => void;
  /** Every model of the page (another problem's editor counts as "inside"). */
  models: () => Monaco.editor.ITextModel[];
}

/** What the page copied or cut from its own editors recently (compared with what is pasted). */
const COPIED_KEEP = 50;
const normalize = (s: string) => s.replace(/\r\n?/g, '\n');

export const BLOCKED_MESSAGE =
  'Pasting text from outside the code editor is turned off for this test. Copy and paste within the editor still work.';

export function attachRecorder(editor: Editor, host: HTMLElement, opts: RecorderOptions): () => void {
  const copied: string[] = [];
  let nextKind: TEditEvent['kind'] | null = null;

  const selectedText = () => {
    const model = editor.getModel();
    const selections = editor.getSelections() ?? [];
    if (!model) return '';
    const parts = selections.map((sel) =>
      sel.isEmpty() ? `${model.getLineContent(sel.startLineNumber)}\n` : model.getValueInRange(sel),
    );
    return parts.join('\n');
  };
  const isOwn = (text: string) => {
    const t = normalize(text);
    if (t.length === 0) return true;
    return copied.some((c) => c === t || c.includes(t)) || opts.models().some((m) => m.getValue().includes(t));
  };
  // A stream starts at its first change, from the text the model showed when it was opened (a model only
  // looked at, such as the default language's starter code, records nothing).
  const openedWith = new Map<string, string>();
  const opened = (model: Monaco.editor.ITextModel | null) => {
    const key = model && opts.streamOf(model);
    if (key && !opts.queue.has(key) && !openedWith.has(key)) openedWith.set(key, model.getValue());
  };

  const onCopy = () => {
    const text = normalize(selectedText());
    if (text) copied.push(text);
    if (copied.length > COPIED_KEEP) copied.shift();
  };
  const incoming = (e: ClipboardEvent | DragEvent, kind: 'paste' | 'drop') => {
    const data = 'clipboardData' in e ? e.clipboardData : e.dataTransfer;
    const text = data?.getData('text/plain') ?? '';
    if (opts.pastePolicy === 'block' && !isOwn(text)) {
      e.preventDefault();
      e.stopPropagation();
      opts.onBlocked(BLOCKED_MESSAGE);
      return;
    }
    nextKind = kind;
    // Monaco applies a paste within this event; a drop that changes nothing must not mark a later edit.
    setTimeout(() => {
      nextKind = null;
    }, 0);
  };
  const onPaste = (e: ClipboardEvent) => timed(() => incoming(e, 'paste'));
  const onDrop = (e: DragEvent) => timed(() => incoming(e, 'drop'));
  host.addEventListener('copy', onCopy, true);
  host.addEventListener('cut', onCopy, true);
  host.addEventListener('paste', onPaste, true);
  host.addEventListener('drop', onDrop, true);

  opened(editor.getModel());
  const modelSub = editor.onDidChangeModel(() => opened(editor.getModel()));
  const contentSub = editor.onDidChangeModelContent((e) => timed(() => onContent(e)));
  function onContent(e: Monaco.editor.IModelContentChangedEvent) {
    recorderStats.changes++;
    const model = editor.getModel();
    const key = model && opts.streamOf(model);
    if (!key) return;
    const at = opts.now();
    if (!opts.queue.has(key)) opts.queue.start(key, openedWith.get(key) ?? '', at);
    const flagged = e.isUndoing ? 'undo' : e.isRedoing ? 'redo' : e.isFlush ? 'reset' : nextKind;
    nextKind = null;
    // Offsets are into the text before the whole change: applied from the end backwards they stay valid.
    const changes = [...e.changes].sort((a, b) => b.rangeOffset - a.rangeOffset);
    for (const c of changes) {
      const kind = flagged ?? (c.text === '' ? 'delete' : 'type');
      opts.queue.record(key, { at, from: c.rangeOffset, to: c.rangeOffset + c.rangeLength, insert: c.text, kind });
    }
  }
  return () => {
    host.removeEventListener('copy', onCopy, true);
    host.removeEventListener('cut', onCopy, true);
    host.removeEventListener('paste', onPaste, true);
    host.removeEventListener('drop', onDrop, true);
    modelSub.dispose();
    contentSub.dispose();
  };
}
