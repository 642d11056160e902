/** The editor's keys as the page names them (kept apart from the lazily loaded editor). */
const MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** CodeMirror's key for tab focus mode (its default keymap): Ctrl+M, Shift+Alt+M on macOS. */
export const TAB_FOCUS_KEY = MAC ? 'Shift+Alt+M' : 'Ctrl+M';

/** The code editor's accessible name, with how to leave it. */
export const EDITOR_LABEL = `Code editor. Press Escape then Tab to leave it, or ${MAC ? 'Shift+Option+M' : 'Control+M'} to make Tab move focus.`;

/** The accessible mode's name (issue 46): Tab already moves focus there, and nothing is typed for the candidate. */
export const EDITOR_LABEL_ACCESSIBLE =
  'Code editor, accessible mode: Tab moves focus, and no brackets or suggestions are added for you.';
