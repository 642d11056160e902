import { LANGUAGE_IDS, LANGUAGE_META } from './languages';

/** Language names as people write them, by language id (from LANGUAGE_META, the one language table). */
export const LANGUAGE_NAMES: Readonly<Record<string, string>> = Object.fromEntries([
  ...LANGUAGE_IDS.map((id) => [id, LANGUAGE_META[id].label]),
  // the answers of SQL problems (issue 25): no code language, so not in LANGUAGE_META
  ['sql', 'SQL'],
]);

/** The display name of a language id; an unknown id is shown as it is, no language as a dash. */
export function languageName(id: string | null | undefined): string {
  if (!id) return '—';
  return LANGUAGE_NAMES[id] ?? id;
}
