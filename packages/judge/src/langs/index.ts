import type { Language } from '../types';
import { c } from './c';
import { csharp } from './csharp';
import type { LanguageDef } from './def';
import { go } from './go';
import { kotlin } from './kotlin';
import { php } from './php';
import { ruby } from './ruby';
import { rust } from './rust';

export type { LanguageDef } from './def';

/** The languages defined one per file here (the first five are planned in ../languages.ts). */
export const MORE_LANGUAGES: readonly LanguageDef[] = [c, csharp, go, rust, kotlin, ruby, php];

export function languageDef(id: Language): LanguageDef | undefined {
  return MORE_LANGUAGES.find((d) => d.id === id);
}
