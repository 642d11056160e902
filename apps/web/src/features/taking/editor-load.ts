/** Loads the editor's core chunk (editor-setup.ts) once for the page: the coding page's and the room's editors. */
export type EditorModule = typeof import('./editor-setup');

let loading: Promise<EditorModule> | null = null;
export function loadEditor(): Promise<EditorModule> {
  loading ??= import('./editor-setup');
  return loading;
}
