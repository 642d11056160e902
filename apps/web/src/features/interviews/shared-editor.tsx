/**
 * A CodeMirror editor bound to a Y.Text with y-codemirror.next: everyone's edits merge, undo and redo take back
 * one's own edits only (Yjs's undo manager), and each remote cursor and selection shows in its participant's
 * colour with their name (from the awareness states: `user.name` and `user.color`, set by use-room.ts).
 */
import { useEffect, useRef, useState } from 'react';
import type { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { type EditorModule, loadEditor } from '../taking/editor-load';

export interface SharedEditorProps {
  text: Y.Text;
  awareness: Awareness;
  language: string;
  readOnly: boolean;
  label: string;
  height?: number;
}

interface Live {
  cm: EditorModule;
  view: InstanceType<EditorModule['EditorView']>;
  language: InstanceType<EditorModule['Compartment']>;
  readOnly: InstanceType<EditorModule['Compartment']>;
}

export function SharedEditor({ text, awareness, language, readOnly, label, height = 420 }: SharedEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const live = useRef<Live | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  // The first language and read-only state; later changes are applied by the effects below.
  const initial = useRef({ language, readOnly });

  useEffect(() => {
    let disposed = false;
    let cleanup = () => {};
    Promise.all([loadEditor(), import('y-codemirror.next')])
      .then(([cm, { yCollab }]) => {
        if (disposed || !host.current) return;
        const languageSlot = new cm.Compartment();
        const readOnlySlot = new cm.Compartment();
        const undoManager = new Y.UndoManager(text);
        const view = new cm.EditorView({
          parent: host.current,
          state: cm.EditorState.create({
            doc: text.toString(),
            extensions: [
              cm.basicSetup({ history: false }),
              cm.editorTheme(false),
              cm.editorLayout(14, false),
              cm.editorLabel(label),
              languageSlot.of([]),
              readOnlySlot.of(cm.readOnlyState(initial.current.readOnly)),
              yCollab(text, awareness, { undoManager }),
            ],
          }),
        });
        live.current = { cm, view, language: languageSlot, readOnly: readOnlySlot };
        setReady(true);
        cleanup = () => {
          view.destroy();
          undoManager.destroy();
          live.current = null;
        };
      })
      .catch(() => setFailed(true));
    return () => {
      disposed = true;
      cleanup();
    };
    // The editor is made once per document; language and read-only changes are applied below.
  }, [text, awareness, label]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-applied once the editor is ready
  useEffect(() => {
    const l = live.current;
    l?.view.dispatch({ effects: l.readOnly.reconfigure(l.cm.readOnlyState(readOnly)) });
  }, [ready, readOnly]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-applied once the editor is ready
  useEffect(() => {
    const l = live.current;
    if (!l) return;
    void l.cm.loadLanguage(language).then((ext) => {
      if (live.current === l) l.view.dispatch({ effects: l.language.reconfigure(ext) });
    });
  }, [ready, language]);

  if (failed) return <p className="alert alert-error">The editor could not load. Reload the page to try again.</p>;
  return <div ref={host} className="iv-editor" style={{ height }} />;
}
