/**
 * Every language candidates can write, by id (the judge's ids, also the editor's grammar keys in apps/web editor-setup.ts). The first five came
 * first; the other seven were added by issue 24. `slowCompile`: its hello world takes more than 3 s to compile
 * on the reference machine (packages/judge/README.md), so the language picker says so.
 */
export const LANGUAGE_IDS = [
  'javascript',
  'python',
  'java',
  'cpp',
  'typescript',
  'c',
  'csharp',
  'go',
  'rust',
  'kotlin',
  'ruby',
  'php',
] as const;
export type TLanguageId = (typeof LANGUAGE_IDS)[number];

export interface LanguageMeta {
  /** Name in pickers and reports. */
  label: string;
  /** File extension of a source file (Kattis export, downloads). */
  extension: string;
  /** Compiling a hello world takes over 3 s on the reference machine. */
  slowCompile: boolean;
}

export const LANGUAGE_META: Record<TLanguageId, LanguageMeta> = {
  javascript: { label: 'JavaScript', extension: 'js', slowCompile: false },
  python: { label: 'Python', extension: 'py', slowCompile: false },
  java: { label: 'Java', extension: 'java', slowCompile: false },
  cpp: { label: 'C++', extension: 'cpp', slowCompile: false },
  typescript: { label: 'TypeScript', extension: 'ts', slowCompile: false },
  c: { label: 'C', extension: 'c', slowCompile: false },
  csharp: { label: 'C#', extension: 'cs', slowCompile: false },
  go: { label: 'Go', extension: 'go', slowCompile: false },
  rust: { label: 'Rust', extension: 'rs', slowCompile: false },
  kotlin: { label: 'Kotlin', extension: 'kt', slowCompile: false },
  ruby: { label: 'Ruby', extension: 'rb', slowCompile: false },
  php: { label: 'PHP', extension: 'php', slowCompile: false },
};

/** The language whose source files end in `.ext` (Kattis import), or null. */
export function languageForExtension(ext: string): TLanguageId | null {
  const e = ext.replace(/^\./, '').toLowerCase();
  if (e === 'cc' || e === 'cxx' || e === 'c++') return 'cpp';
  if (e === 'py3') return 'python';
  return LANGUAGE_IDS.find((id) => LANGUAGE_META[id].extension === e) ?? null;
}

/** The languages a test offers, in picker order: its own list (unknown ids dropped), or every language. */
export function offeredLanguages(list: readonly string[] | null | undefined): TLanguageId[] {
  if (!list) return [...LANGUAGE_IDS];
  return LANGUAGE_IDS.filter((id) => list.includes(id));
}
