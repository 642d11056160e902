/**
 * The Monaco editor of the coding page, loaded lazily (dynamic import) after the page shell has rendered.
 * One model per problem and language keeps each one's undo history when the candidate switches.
 */
import { useEffect, useRef, useState } from 'react';
import type { CompileMarker } from './compile-markers';

type MonacoModule = typeof import('./monaco-setup');
type Editor = ReturnType<MonacoModule['monaco']['editor']['create']>;

let loading: Promise<MonacoModule> | null = null;
export function loadMonaco(): Promise<MonacoModule> {
  loading ??= import('./monaco-setup');
  return loading;
}

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Moves focus to the first focusable element after (1) or before (-1) `container`, outside it. */
export function focusBeside(container: HTMLElement, direction: 1 | -1) {
  const all = [...document.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) => !container.contains(el) && el.getClientRects().length > 0,
  );
  const after = (el: HTMLElement) => !!(container.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
  const target = direction === 1 ? all.find(after) : [...all].reverse().find((el) => !after(el));
  target?.focus();
}

const DARK = 'assessly-dark';
const LIGHT = 'assessly-light';

/** Monaco's themes with comment colours raised to WCAG AA contrast (4.5:1) on the editor background. */
function defineThemes(monaco: MonacoModule['monaco']) {
  monaco.editor.defineTheme(DARK, {
    base: 'vs-dark',
    inherit: true,
    rules: [
      { token: 'comment', foreground: '9cc68c' },
      { token: 'regexp', foreground: 'e08a8a' },
      // Monaco's SQL colours (pure red strings, slate operators) fall below 4.5:1 (issue 25)
      { token: 'string.sql', foreground: 'ce9178' },
      { token: 'operator.sql', foreground: 'b0b8c0' },
    ],
    colors: { 'editorLineNumber.foreground': '#a0a0a0' },
  });
  monaco.editor.defineTheme(LIGHT, {
    base: 'vs',
    inherit: true,
    rules: [
      { token: 'comment', foreground: '1f6f1f' },
      { token: 'string.sql', foreground: 'a31515' },
      { token: 'operator.sql', foreground: '4a5562' },
      { token: 'predefined.sql', foreground: '8a1f8a' },
    ],
    colors: { 'editorLineNumber.foreground': '#5f6b7a' },
  });
}

export interface EditorSettings {
  fontSize: number;
  wordWrap: boolean;
  minimap: boolean;
}

export interface CodeEditorProps {
  modelKey: string;
  language: string;
  /** Used when the model for modelKey is created. */
  initialValue: string;
  readOnly: boolean;
  dark: boolean;
  settings: EditorSettings;
  onChange: (code: string) => void;
  /** The last run's compile errors, underlined in the current model (issue 26). */
  markers?: readonly CompileMarker[];
  /** Called once the editor exists (the edit recorder attaches here); the returned function runs on dispose. */
  onReady?: (editor: Editor, monaco: MonacoModule['monaco'], host: HTMLElement) => (() => void) | undefined;
}

export function CodeEditor(props: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<Editor | null>(null);
  const monacoRef = useRef<MonacoModule['monaco'] | null>(null);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  const onReady = useRef(props.onReady);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);

  // Escape, then Tab (or Shift+Tab) leaves the editor; Tab alone keeps indenting. Captured on the way down,
  // before Monaco's own key handling sees the Tab.
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let escaped = false;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        escaped = true;
        return;
      }
      if (e.key === 'Tab' && escaped && !e.ctrlKey && !e.altKey && !e.metaKey) {
        e.preventDefault();
        e.stopPropagation();
        focusBeside(el, e.shiftKey ? -1 : 1);
      }
      if (e.key !== 'Shift') escaped = false;
    };
    el.addEventListener('keydown', onKey, true);
    return () => el.removeEventListener('keydown', onKey, true);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: created once; later effects apply option changes
  useEffect(() => {
    let disposed = false;
    let detach: (() => void) | undefined;
    loadMonaco()
      .then(({ monaco }) => {
        if (disposed || !host.current) return;
        monacoRef.current = monaco;
        defineThemes(monaco);
        const editor = monaco.editor.create(host.current, {
          automaticLayout: true,
          fontSize: props.settings.fontSize,
          wordWrap: props.settings.wordWrap ? 'on' : 'off',
          minimap: { enabled: props.settings.minimap },
          scrollBeyondLastLine: false,
          contextmenu: false,
          tabSize: 4,
          theme: props.dark ? DARK : LIGHT,
          ariaLabel: 'Code editor. Press Escape then Tab to leave it, or Control+M to make Tab move focus.',
        });
        editor.onDidChangeModelContent(() => onChange.current(editor.getValue()));
        editorRef.current = editor;
        detach = onReady.current?.(editor, monaco, host.current);
        setReady(true);
      })
      .catch(() => setFailed(true));
    return () => {
      disposed = true;
      detach?.();
      const editor = editorRef.current;
      editorRef.current = null;
      if (editor) {
        editor.dispose();
        for (const m of monacoRef.current?.editor.getModels() ?? []) m.dispose();
      }
    };
  }, []);

  // Switch to (or create) the model of this problem and language.
  // biome-ignore lint/correctness/useExhaustiveDependencies: initialValue only seeds a new model
  useEffect(() => {
    const monaco = monacoRef.current;
    const editor = editorRef.current;
    if (!ready || !monaco || !editor) return;
    const uri = monaco.Uri.parse(`inmemory://taking/${encodeURIComponent(props.modelKey)}`);
    let model = monaco.editor.getModel(uri);
    if (!model) model = monaco.editor.createModel(props.initialValue, props.language, uri);
    if (editor.getModel() !== model) editor.setModel(model);
  }, [ready, props.modelKey, props.language]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-applied once the editor is ready
  useEffect(() => {
    editorRef.current?.updateOptions({
      readOnly: props.readOnly,
      fontSize: props.settings.fontSize,
      wordWrap: props.settings.wordWrap ? 'on' : 'off',
      minimap: { enabled: props.settings.minimap },
    });
  }, [ready, props.readOnly, props.settings.fontSize, props.settings.wordWrap, props.settings.minimap]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-applied once the editor is ready
  useEffect(() => {
    monacoRef.current?.editor.setTheme(props.dark ? DARK : LIGHT);
  }, [ready, props.dark]);

  // Compile errors as markers of the model that was run; a new run (or none) replaces them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-applied once the editor is ready and on a model switch
  useEffect(() => {
    const monaco = monacoRef.current;
    const model = editorRef.current?.getModel();
    if (!monaco || !model) return;
    const last = model.getLineCount();
    monaco.editor.setModelMarkers(
      model,
      'judge',
      (props.markers ?? []).map((m) => {
        const line = Math.min(m.line, last);
        return {
          startLineNumber: line,
          startColumn: m.column,
          endLineNumber: line,
          endColumn: Math.max(m.column + 1, model.getLineMaxColumn(line)),
          message: m.message,
          severity: m.severity === 'warning' ? monaco.MarkerSeverity.Warning : monaco.MarkerSeverity.Error,
        };
      }),
    );
  }, [ready, props.markers, props.modelKey]);

  return (
    <div className="code-editor" data-ready={ready} data-markers={props.markers?.length ?? 0}>
      {!ready && !failed && <div className="editor-loading">Loading editor…</div>}
      {failed && <div className="alert alert-error">The editor could not be loaded. Please reload the page.</div>}
      <div ref={host} className="code-editor-host" />
    </div>
  );
}
