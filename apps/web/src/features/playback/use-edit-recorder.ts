/**
 * The coding page's attach point for the edit recorder (issue 29): one EditQueue per attempt, flushed every
 * few seconds and whenever the drafts are flushed (so batches travel with the autosave), and on page hide.
 */
import type { TPastePolicy } from '@assessly/shared';
import type * as Monaco from 'monaco-editor/editor/editor.api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { EditQueue, streamKey } from './edit-queue';
import { attachRecorder } from './monaco-recorder';

const FLUSH_MS = 3000;
/** The stream of a coding-page model: its uri ends with `<questionId>|<language>` (code-editor.tsx). */
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
  const editorRef = useRef<{ editor: Monaco.editor.IStandaloneCodeEditor; monaco: typeof Monaco } | null>(null);
  const [queue] = useState(
    () =>
      new EditQueue(opts.testId, opts.attemptId, (key) => {
        const monaco = editorRef.current?.monaco;
        const model = monaco?.editor.getModels().find((m) => streamOfModel(m) === key);
        return model ? model.getValue() : null;
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
    (editor: Monaco.editor.IStandaloneCodeEditor, monaco: typeof Monaco, host: HTMLElement) => {
      editorRef.current = { editor, monaco };
      const started = Date.parse(optsRef.current.startedAt);
      return attachRecorder(editor, host, {
        queue,
        streamOf: (m) => (optsRef.current.active ? streamOfModel(m) : null),
        now: () => Math.max(0, Date.now() + optsRef.current.offsetMs - started),
        get pastePolicy() {
          return optsRef.current.pastePolicy;
        },
        onBlocked: setBlocked,
        models: () => monaco.editor.getModels(),
      });
    },
    [queue],
  );

  return { attach, flush: () => queue.flush(), blocked, dismissBlocked: () => setBlocked('') };
}

function streamOfModel(model: Monaco.editor.ITextModel): string | null {
  const m = STREAM_OF.exec(decodeURIComponent(model.uri.toString()));
  return m ? streamKey(m[1]!, m[2]!) : null;
}
