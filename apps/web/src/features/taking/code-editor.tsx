/**
 * The CodeMirror 6 editor of the coding page, loaded lazily (dynamic import) after the page shell has rendered.
 * One editor state per problem and language keeps each one's undo history when the candidate switches.
 */
import { useEffect, useRef, useState } from 'react';
import type { CompileMarker } from './compile-markers';
import { EDITOR_LABEL, EDITOR_LABEL_ACCESSIBLE } from './editor-keys';
import { type EditorModule, loadEditor } from './editor-load';
import type { EditorState, EditorView, Extension, ViewUpdate } from './editor-setup';

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

export interface EditorSettings {
  fontSize: number;
  wordWrap: boolean;
}

/** What the edit recorder sees of a coding-page editor: the view, every document, and every change. */
export interface EditorHandle {
  view: EditorView;
  /** The modelKey a state's document was made for. */
  keyOf(state: EditorState): string;
  /** Every document the editor holds (each problem and language opened so far), with its text. */
  documents(): { key: string; text: string }[];
  /** Called with every view update (its transactions carry the changes and their user events). */
  onUpdate(listener: (update: ViewUpdate) => void): () => void;
  /** Called after the view switched to another document. */
  onSwitch(listener: (state: EditorState) => void): () => void;
}

export interface CodeEditorProps {
  modelKey: string;
  language: string;
  /** Used when the document for modelKey is created. */
  initialValue: string;
  readOnly: boolean;
  dark: boolean;
  settings: EditorSettings;
  onChange: (code: string) => void;
  /** The last run's compile errors, underlined in the current document (issue 26). */
  markers?: readonly CompileMarker[];
  /** The screen-reader accommodation (issue 46): the editor's accessible mode, fixed for the editor's life. */
  accessible?: boolean;
  /** Called once the editor exists (the edit recorder attaches here); the returned function runs on dispose. */
  onReady?: (editor: EditorHandle, host: HTMLElement) => (() => void) | undefined;
}

/** One editor instance's CodeMirror parts: the module, the view, its documents and its configuration slots. */
interface Instance {
  cm: EditorModule;
  view: EditorView;
  key: string;
  states: Map<string, EditorState>;
  slots: Record<'theme' | 'layout' | 'readOnly' | 'language', InstanceType<EditorModule['Compartment']>>;
  /** The current value of each slot except language (applied to a document when it is shown). */
  current: { theme: Extension; layout: Extension; readOnly: Extension };
  updates: Set<(u: ViewUpdate) => void>;
  switches: Set<(s: EditorState) => void>;
}

export function CodeEditor(props: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const inst = useRef<Instance | null>(null);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  const onReady = useRef(props.onReady);
  const accessible = useRef(Boolean(props.accessible));
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);

  // Escape, then Tab (or Shift+Tab) leaves the editor; Tab alone keeps indenting. Captured on the way down,
  // before CodeMirror's own key handling sees the Tab.
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

  /** A new document's state: its text, its key, the shared setup and the current configuration. */
  const newState = (i: Omit<Instance, 'view' | 'key'>, key: string, doc: string) => {
    const { cm, slots, current } = i;
    return cm.EditorState.create({
      doc,
      extensions: [
        cm.docKey.of(key),
        cm.basicSetup({ history: true, accessible: accessible.current }),
        cm.editorLabel(accessible.current ? EDITOR_LABEL_ACCESSIBLE : EDITOR_LABEL),
        slots.theme.of(current.theme),
        slots.layout.of(current.layout),
        slots.readOnly.of(current.readOnly),
        slots.language.of([]),
        cm.EditorView.updateListener.of((u) => {
          if (u.docChanged) onChange.current(u.state.doc.toString());
          for (const l of i.updates) l(u);
        }),
      ],
    });
  };

  /** The shown document takes the current theme, layout and read-only state. */
  const applyCurrent = (i: Instance) =>
    i.view.dispatch({
      effects: [
        i.slots.theme.reconfigure(i.current.theme),
        i.slots.layout.reconfigure(i.current.layout),
        i.slots.readOnly.reconfigure(i.current.readOnly),
      ],
    });

  /** Loads the grammar of `language` into the document `key`, whether it is shown now or kept for later. */
  const applyLanguage = (i: Instance, key: string, language: string) => {
    void i.cm.loadLanguage(language).then((ext) => {
      if (inst.current !== i) return;
      const effects = i.slots.language.reconfigure(ext);
      if (i.key === key) i.view.dispatch({ effects });
      else {
        const kept = i.states.get(key);
        if (kept) i.states.set(key, kept.update({ effects }).state);
      }
    });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: created once; later effects apply option changes
  useEffect(() => {
    let disposed = false;
    let detach: (() => void) | undefined;
    loadEditor()
      .then((cm) => {
        if (disposed || !host.current) return;
        const base = {
          cm,
          states: new Map<string, EditorState>(),
          slots: {
            theme: new cm.Compartment(),
            layout: new cm.Compartment(),
            readOnly: new cm.Compartment(),
            language: new cm.Compartment(),
          },
          current: {
            theme: cm.editorTheme(props.dark),
            layout: cm.editorLayout(props.settings.fontSize, props.settings.wordWrap),
            readOnly: cm.readOnlyState(props.readOnly),
          },
          updates: new Set<(u: ViewUpdate) => void>(),
          switches: new Set<(s: EditorState) => void>(),
        };
        const state = newState(base, props.modelKey, props.initialValue);
        const view = new cm.EditorView({ state, parent: host.current });
        const i: Instance = { ...base, view, key: props.modelKey };
        inst.current = i;
        applyLanguage(i, props.modelKey, props.language);
        const handle: EditorHandle = {
          view,
          keyOf: (s) => s.facet(cm.docKey),
          documents: () => {
            const docs = new Map([...i.states].map(([k, s]) => [k, s.doc.toString()]));
            docs.set(i.key, view.state.doc.toString());
            return [...docs].map(([key, text]) => ({ key, text }));
          },
          onUpdate: (l) => {
            i.updates.add(l);
            return () => i.updates.delete(l);
          },
          onSwitch: (l) => {
            i.switches.add(l);
            return () => i.switches.delete(l);
          },
        };
        detach = onReady.current?.(handle, host.current);
        setReady(true);
      })
      .catch(() => setFailed(true));
    return () => {
      disposed = true;
      detach?.();
      inst.current?.view.destroy();
      inst.current = null;
    };
  }, []);

  // Switch to (or create) the document of this problem and language; the one left keeps its state (and undo).
  // biome-ignore lint/correctness/useExhaustiveDependencies: initialValue only seeds a new document
  useEffect(() => {
    const i = inst.current;
    if (!ready || !i || i.key === props.modelKey) return;
    i.states.set(i.key, i.view.state);
    const kept = i.states.get(props.modelKey);
    i.states.delete(props.modelKey);
    i.key = props.modelKey;
    i.view.setState(kept ?? newState(i, props.modelKey, props.initialValue));
    // a kept document takes the current theme, font and read-only state
    if (kept) applyCurrent(i);
    else applyLanguage(i, props.modelKey, props.language);
    for (const l of i.switches) l(i.view.state);
  }, [ready, props.modelKey, props.language]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-applied once the editor is ready
  useEffect(() => {
    const i = inst.current;
    if (!i) return;
    i.current = {
      theme: i.cm.editorTheme(props.dark),
      layout: i.cm.editorLayout(props.settings.fontSize, props.settings.wordWrap),
      readOnly: i.cm.readOnlyState(props.readOnly),
    };
    applyCurrent(i);
  }, [ready, props.readOnly, props.dark, props.settings.fontSize, props.settings.wordWrap]);

  // Compile errors as lint diagnostics of the document shown; a new run (or none) replaces them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-applied once the editor is ready and on a switch
  useEffect(() => {
    const i = inst.current;
    if (!i) return;
    const doc = i.view.state.doc;
    const diagnostics = (props.markers ?? []).map((m) => {
      const line = doc.line(Math.min(Math.max(1, m.line), doc.lines));
      return {
        from: Math.min(line.from + m.column - 1, line.to),
        to: line.to,
        message: m.message,
        severity: m.severity,
        source: 'compiler',
      };
    });
    i.view.dispatch(i.cm.setDiagnostics(i.view.state, diagnostics));
  }, [ready, props.markers, props.modelKey]);

  return (
    <div className="code-editor" data-ready={ready} data-markers={props.markers?.length ?? 0}>
      {!ready && !failed && <div className="editor-loading">Loading editor…</div>}
      {failed && <div className="alert alert-error">The editor could not be loaded. Please reload the page.</div>}
      <div ref={host} className="code-editor-host" />
    </div>
  );
}
