// The judge's language ids, a leaf of the import graph: types.ts and function/ both take them from here.

/** Every language the judge knows, in the order pickers list them. */
export const LANGUAGES = [
  'javascript',
  'typescript',
  'python',
  'java',
  'cpp',
  'c',
  'csharp',
  'go',
  'rust',
  'kotlin',
  'ruby',
  'php',
] as const;

export type Language = (typeof LANGUAGES)[number];
