/** The coding page's remembered preferences (theme, editor settings) and its narrow-screen switch. */
import { useEffect, useState } from 'react';
import type { EditorSettings } from './code-editor';

const SETTINGS_KEY = 'assessly.editorSettings';
const THEME_KEY = 'assessly.takingTheme';
const DEFAULT_SETTINGS: EditorSettings = { fontSize: 14, wordWrap: true };

export function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw ? { ...fallback, ...JSON.parse(raw) } : fallback;
  } catch {
    return fallback;
  }
}

export function useEditorPrefs() {
  const [dark, setDark] = useState(() => localStorage.getItem(THEME_KEY) !== 'light');
  const [settings, setSettings] = useState<EditorSettings>(() => readJson(SETTINGS_KEY, DEFAULT_SETTINGS));
  useEffect(() => localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings)), [settings]);
  useEffect(() => localStorage.setItem(THEME_KEY, dark ? 'dark' : 'light'), [dark]);
  return { dark, setDark, settings, setSettings };
}

/** True on screens narrower than 700 px (phones), following rotation and window resizes. */
export function useNarrowScreen(): boolean {
  const query = '(max-width: 700px)';
  const [narrow, setNarrow] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const onChange = () => setNarrow(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, []);
  return narrow;
}
