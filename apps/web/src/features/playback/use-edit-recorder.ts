/**
 * The coding page's attach point for the edit recorder (issue 29): one EditQueue per attempt, flushed every
 * few seconds and whenever the drafts are flushed (so batches travel with the autosave), and on page hide.
 */
import type { TPastePolicy } from '@assessly/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { EditorHandle } from '../taking/code-editor';
import { EditQueue, streamKey } from './edit-queue';
import { attachRecorder } from './editor-recorder';

const FLUSH_MS = 3000;
/** The stream of a coding-page document: its key ends with `<questionId>|<language>` (coding-environment.tsx). */
const STREAM_OF = /([0-9a-f-]{36})\|([a-z]+)$/;

export function useEditRecorder(opts: {
  testId: string;
  attemptId: string;
  startedAt: string;
  offsetMs: number;
  pastePolicy: TPastePolicy;
  active: boolean;
}) {
  const [blocked, setBlocked] = useState('');
  const editorRef = useRef<EditorHandle | null>(null);
  const [queue] = useState(
    () =>
      new EditQueue(opts.testId, opts.attemptId, (key) => {
        const doc = editorRef.current?.documents().find((d) => streamOfDoc(d.key) === key);
        return doc ? doc.text : null;
      }),
  );
  const optsRef = useRef(opts);
  optsRef.current = opts;

  useEffect(() => {
    if (!opts.active) return;
    const timer = setInterval(() => void queue.flush(), FLUSH_MS);
    const onHide = () => {
      queue.persistNow();
      void queue.flush();
    };
    window.addEventListener('pagehide', onHide);
    window.addEventListener('online', onHide);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('online', onHide);
      queue.persistNow();
    };
  }, [queue, opts.active]);

  /** For CodeEditor's onReady: records this editor until it is disposed. */
  const attach = useCallback(
    (editor: EditorHandle, host: HTMLElement) => {
      editorRef.current = editor;
      const started = Date.parse(optsRef.current.startedAt);
      // The server refuses an edit timed before the last (EDITS_BAD_TIME): a re-measured clock offset may
      // move the clock back, so the recorder's time never goes back.
      let last = 0;
      return attachRecorder(editor, host, {
        queue,
        streamOf: (key) => (optsRef.current.active ? streamOfDoc(key) : null),
        now: () => {
          last = Math.max(last, Date.now() + optsRef.current.offsetMs - started);
          return last;
        },
        get pastePolicy() {
          return optsRef.current.pastePolicy;
        },
        onBlocked: setBlocked,
      });
    },
    [queue],
  );

  return { attach, flush: () => queue.flush(), blocked, dismissBlocked: () => setBlocked('') };
}

function streamOfDoc(key: string): string | null {
  const m = STREAM_OF.exec(key);
  return m ? streamKey(m[1]!, m[2]!) : null;
}
