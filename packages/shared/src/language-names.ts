/**
 * Language names as people write them, for every language id the judge knows or will know (issue 24 adds
 * c, csharp, go, rust, kotlin, ruby and php). Screens show `languageName(id)`, never the raw id.
 */
export const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  javascript: 'JavaScript',
  typescript: 'TypeScript',
  python: 'Python',
  java: 'Java',
  cpp: 'C++',
  c: 'C',
  csharp: 'C#',
  go: 'Go',
  rust: 'Rust',
  kotlin: 'Kotlin',
  ruby: 'Ruby',
  php: 'PHP',
};

/** The display name of a language id; an unknown id is shown as it is, no language as a dash. */
export function languageName(id: string | null | undefined): string {
  if (!id) return '—';
  return LANGUAGE_NAMES[id] ?? id;
}
