/**
 * CodeMirror 6 from our own bundle (never a CDN), loaded only when the coding page or the interview room needs
 * it: the editor core, the commands a candidate uses (undo history, search and replace, bracket matching and
 * closing, comments, multiple cursors, completion of the words in the file), lint diagnostics for compile
 * errors, and the two themes. Each language's grammar is its own chunk, fetched when a document in that language
 * is first shown (a candidate's page loads one or two); the core never imports one statically.
 */
import {
  autocompletion,
  closeBrackets,
  closeBracketsKeymap,
  completeAnyWord,
  completionKeymap,
} from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import {
  bracketMatching,
  HighlightStyle,
  indentOnInput,
  indentUnit,
  LanguageSupport,
  StreamLanguage,
  syntaxHighlighting,
} from '@codemirror/language';
import { lintKeymap } from '@codemirror/lint';
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search';
import { EditorState, type Extension, Facet } from '@codemirror/state';
import {
  drawSelection,
  dropCursor,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
  rectangularSelection,
} from '@codemirror/view';
import { tags as t } from '@lezer/highlight';

export { setDiagnostics } from '@codemirror/lint';
export { Compartment, EditorState, type Extension, type Transaction } from '@codemirror/state';
export { EditorView, type ViewUpdate } from '@codemirror/view';

/**
 * Every language's grammar, each behind its own dynamic import (one chunk per package; C and C++ share
 * lang-cpp, C# and Kotlin CodeMirror's C-like mode, JavaScript and TypeScript lang-javascript). PHP is the PHP
 * grammar alone, without lang-php's HTML around it: a judged program is PHP from its `<?php` on.
 */
const GRAMMARS: Record<string, () => Promise<Extension>> = {
  javascript: () => import('@codemirror/lang-javascript').then((m) => m.javascript()),
  typescript: () => import('@codemirror/lang-javascript').then((m) => m.javascript({ typescript: true })),
  python: () => import('@codemirror/lang-python').then((m) => m.python()),
  java: () => import('@codemirror/lang-java').then((m) => m.java()),
  c: () => import('@codemirror/lang-cpp').then((m) => m.cpp()),
  cpp: () => import('@codemirror/lang-cpp').then((m) => m.cpp()),
  csharp: () => import('@codemirror/legacy-modes/mode/clike').then((m) => StreamLanguage.define(m.csharp)),
  kotlin: () => import('@codemirror/legacy-modes/mode/clike').then((m) => StreamLanguage.define(m.kotlin)),
  go: () => import('@codemirror/lang-go').then((m) => m.go()),
  rust: () => import('@codemirror/lang-rust').then((m) => m.rust()),
  ruby: () => import('@codemirror/legacy-modes/mode/ruby').then((m) => StreamLanguage.define(m.ruby)),
  php: () => import('@codemirror/lang-php').then((m) => new LanguageSupport(m.phpLanguage)),
  sql: () => import('@codemirror/lang-sql').then((m) => m.sql()),
};

const loaded = new Map<string, Promise<Extension>>();
/** The grammar of a language id (the judge's ids and 'sql'), loaded once; nothing for an unknown id. */
export function loadLanguage(id: string): Promise<Extension> {
  let p = loaded.get(id);
  if (!p) {
    p = (GRAMMARS[id] ?? (() => Promise.resolve([])))();
    loaded.set(id, p);
  }
  return p;
}

/** The key of a document (the coding page's problem and language), kept in its state. */
export const docKey = Facet.define<string, string>({ combine: (keys) => keys[0] ?? '' });

/**
 * The editing features both editors share; `history: false` where Yjs keeps the undo history instead.
 * `accessible` (a screen-reader accommodation, issue 46): nothing is typed or popped up that the candidate did
 * not type (no closing brackets, no completion list, no re-indenting), and Tab moves focus as on any page.
 */
export function basicSetup(opts: { history: boolean; accessible?: boolean }): Extension {
  const plain = Boolean(opts.accessible);
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    opts.history ? history() : [],
    drawSelection(),
    dropCursor(),
    EditorState.allowMultipleSelections.of(true),
    plain ? [] : indentOnInput(),
    bracketMatching(),
    plain ? [] : closeBrackets(),
    plain ? [] : autocompletion(),
    EditorState.languageData.of(() => [{ autocomplete: completeAnyWord }]),
    rectangularSelection(),
    highlightActiveLine(),
    highlightSelectionMatches(),
    search({ top: true }),
    EditorState.tabSize.of(4),
    indentUnit.of('    '),
    keymap.of([
      ...(plain ? [] : closeBracketsKeymap),
      // Ctrl+M (Shift+Alt+M on macOS): Tab moves focus instead of indenting, so keyboard users can leave.
      ...defaultKeymap,
      ...searchKeymap,
      ...(opts.history ? historyKeymap : []),
      ...(plain ? [] : completionKeymap),
      ...lintKeymap,
      ...(plain ? [] : [indentWithTab]),
    ]),
    plain ? EditorView.contentAttributes.of({ 'data-accessible-mode': 'true' }) : [],
  ];
}

/** The token groups that get a colour of their own, in the order of the palettes below. */
const TOKEN_GROUPS = [
  [t.keyword, t.modifier, t.operatorKeyword, t.bool, t.null, t.atom],
  [t.controlKeyword, t.moduleKeyword],
  [t.string, t.special(t.string), t.character],
  [t.comment],
  [t.number, t.unit],
  [t.typeName, t.className, t.namespace, t.standard(t.typeName)],
  [t.function(t.variableName), t.function(t.propertyName), t.macroName],
  [t.variableName, t.propertyName, t.attributeName],
  [t.regexp],
  [t.operator, t.punctuation, t.bracket],
  [t.invalid],
];
const COMMENT = 3;

/** One colour per token group; comments in italics. */
const palette = (colors: readonly string[]) =>
  HighlightStyle.define(
    TOKEN_GROUPS.map((tag, k) => ({ tag, color: colors[k], ...(k === COMMENT ? { fontStyle: 'italic' } : {}) })),
  );

/** Syntax colours at WCAG AA contrast (4.5:1) on the editor background, also on the active line. */
const DARK_STYLE = palette([
  '#569cd6',
  '#c586c0',
  '#ce9178',
  '#9cc68c',
  '#b5cea8',
  '#4ec9b0',
  '#dcdcaa',
  '#9cdcfe',
  '#e08a8a',
  '#b0b8c0',
  '#f48771',
]);
const LIGHT_STYLE = palette([
  '#0000ff',
  '#8a1f8a',
  '#a31515',
  '#1f6f1f',
  '#0a6b47',
  '#1a6478',
  '#795e26',
  '#001080',
  '#811f3f',
  '#4a5562',
  '#cd3131',
]);

const PALETTES = {
  dark: { bg: '#1e1e1e', fg: '#d4d4d4', gutter: '#a0a0a0', active: '#2a2d2e', selection: '#264f78', cursor: '#aeafad' },
  light: {
    bg: '#ffffff',
    fg: '#1f2328',
    gutter: '#5f6b7a',
    active: '#f3f4f6',
    selection: '#add6ff',
    cursor: '#000000',
  },
};

/** The editor's dark or light theme: colours, gutters, panels and tooltips, and the syntax colours. */
export function editorTheme(dark: boolean): Extension {
  const p = dark ? PALETTES.dark : PALETTES.light;
  return [
    EditorView.theme(
      {
        '&': { color: p.fg, backgroundColor: p.bg, height: '100%' },
        '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', lineHeight: '1.5' },
        '.cm-content': { caretColor: p.cursor },
        '.cm-cursor, .cm-dropCursor': { borderLeftColor: p.cursor },
        '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground': {
          backgroundColor: p.selection,
        },
        '.cm-gutters': { backgroundColor: p.bg, color: p.gutter, border: 'none' },
        '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: p.active },
        '.cm-panels': { backgroundColor: p.active, color: p.fg },
        '.cm-panels input, .cm-panels button': { color: p.fg },
        '.cm-tooltip': { backgroundColor: p.active, color: p.fg, border: `1px solid ${p.gutter}` },
        '.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: p.selection, color: p.fg },
        '.cm-completionDetail': { color: p.gutter },
        // Remote cursors in the interview room: the participant's name always shows beside the caret.
        '.cm-ySelectionInfo': { opacity: 1, fontFamily: 'inherit', fontSize: '11px', padding: '0 4px' },
      },
      { dark },
    ),
    syntaxHighlighting(dark ? DARK_STYLE : LIGHT_STYLE),
  ];
}

/** The font size (px) and word wrap of the coding page's settings. */
export function editorLayout(fontSize: number, wordWrap: boolean): Extension {
  return [EditorView.theme({ '&': { fontSize: `${fontSize}px` } }), wordWrap ? EditorView.lineWrapping : []];
}

/** Read-only keeps the text selectable and copyable (the editor stays focusable). */
export function readOnlyState(readOnly: boolean): Extension {
  return EditorState.readOnly.of(readOnly);
}

/** The content element's accessible name. */
export function editorLabel(label: string): Extension {
  return EditorView.contentAttributes.of({ 'aria-label': label });
}
