/**
 * A Monaco editor bound to a Y.Text with y-monaco: everyone's edits merge, and each remote cursor and selection
 * shows in its participant's colour with their name (y-monaco's classes, styled from the awareness states).
 */
import { useEffect, useRef, useState } from 'react';
import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import { loadMonaco } from '../taking/code-editor';

export interface SharedEditorProps {
  text: Y.Text;
  awareness: Awareness;
  language: string;
  readOnly: boolean;
  label: string;
  height?: number;
}

/** Per-client CSS for y-monaco's remote selection classes; names are escaped for a CSS string. */
function cursorStyles(awareness: Awareness): string {
  const rules: string[] = [];
  for (const [clientId, state] of awareness.getStates()) {
    if (clientId === awareness.clientID) continue;
    const user = (state as { user?: { name?: string; color?: string } }).user;
    const color = user?.color && /^#[0-9a-f]{6}$/i.test(user.color) ? user.color : '#4f46e5';
    const name = (user?.name ?? 'Participant').replace(/["\\\n\r]/g, ' ').slice(0, 60);
    rules.push(
      `.yRemoteSelection-${clientId}{background-color:${color}33}`,
      `.yRemoteSelectionHead-${clientId}{position:absolute;border-left:2px solid ${color};height:100%;box-sizing:border-box}`,
      `.yRemoteSelectionHead-${clientId}::after{content:"${name}";position:absolute;top:-1.3em;left:-2px;` +
        `background:${color};color:#fff;font-size:11px;padding:0 4px;border-radius:3px;white-space:nowrap;pointer-events:none}`,
    );
  }
  return rules.join('\n');
}

export function SharedEditor({ text, awareness, language, readOnly, label, height = 420 }: SharedEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<{ updateOptions(o: object): void; getModel(): unknown } | null>(null);
  const monacoRef = useRef<Awaited<ReturnType<typeof loadMonaco>>['monaco'] | null>(null);
  const [styles, setStyles] = useState('');
  const [failed, setFailed] = useState(false);
  // The first language and read-only state; later changes are applied by the effects below.
  const initial = useRef({ language, readOnly });

  useEffect(() => {
    let disposed = false;
    let cleanup = () => {};
    Promise.all([loadMonaco(), import('y-monaco')])
      .then(([{ monaco }, { MonacoBinding }]) => {
        if (disposed || !host.current) return;
        monacoRef.current = monaco;
        const model = monaco.editor.createModel(text.toString(), initial.current.language);
        const editor = monaco.editor.create(host.current, {
          model,
          readOnly: initial.current.readOnly,
          automaticLayout: true,
          minimap: { enabled: false },
          ariaLabel: label,
          fontSize: 14,
          scrollBeyondLastLine: false,
        });
        editorRef.current = editor;
        const binding = new MonacoBinding(text, model, new Set([editor]), awareness);
        cleanup = () => {
          binding.destroy();
          editor.dispose();
          model.dispose();
        };
      })
      .catch(() => setFailed(true));
    return () => {
      disposed = true;
      cleanup();
    };
    // The editor is made once per document; language and read-only changes are applied below.
  }, [text, awareness, label]);

  useEffect(() => {
    editorRef.current?.updateOptions({ readOnly });
  }, [readOnly]);

  useEffect(() => {
    const monaco = monacoRef.current;
    const model = editorRef.current?.getModel();
    if (monaco && model)
      monaco.editor.setModelLanguage(model as Parameters<typeof monaco.editor.setModelLanguage>[0], language);
  }, [language]);

  useEffect(() => {
    const update = () => setStyles(cursorStyles(awareness));
    update();
    awareness.on('change', update);
    return () => awareness.off('change', update);
  }, [awareness]);

  if (failed) return <p className="alert alert-error">The editor could not load. Reload the page to try again.</p>;
  return (
    <>
      <style>{styles}</style>
      <div ref={host} className="iv-editor" style={{ height }} />
    </>
  );
}
