import { c } from './lang/c';
import { cpp } from './lang/cpp';
import { csharp } from './lang/csharp';
import { go } from './lang/go';
import { java } from './lang/java';
import { javascript, typescript } from './lang/javascript';
import { kotlin } from './lang/kotlin';
import { php } from './lang/php';
import { python } from './lang/python';
import { ruby } from './lang/ruby';
import { rust } from './lang/rust';
import type { FunctionLanguage, FunctionSignature, LanguageGenerator } from './types';

const GENERATORS: Partial<Record<FunctionLanguage, LanguageGenerator>> = {
  javascript,
  typescript,
  python,
  java,
  cpp,
  c,
  csharp,
  go,
  rust,
  kotlin,
  ruby,
  php,
};

/** Registers a generator (the languages beyond the judge's first five live in files of their own). */
export function registerGenerator(lang: FunctionLanguage, gen: LanguageGenerator): void {
  GENERATORS[lang] = gen;
}

function generatorFor(lang: string): LanguageGenerator {
  const gen = GENERATORS[lang as FunctionLanguage];
  if (!gen) throw new Error(`function problems have no harness for ${lang}`);
  return gen;
}

/** The code the candidate starts from: the function with typed parameters and an empty body. */
export function functionStarter(lang: string, sig: FunctionSignature): string {
  return generatorFor(lang).starter(sig);
}

/** Starters for every language that has a generator. */
export function functionStarters(sig: FunctionSignature): Record<string, string> {
  return Object.fromEntries(Object.entries(GENERATORS).map(([l, g]) => [l, (g as LanguageGenerator).starter(sig)]));
}

/** The whole program the judge runs: the candidate's code and the harness that calls it. */
export function functionProgram(lang: string, sig: FunctionSignature, code: string): string {
  return generatorFor(lang).program(sig, code);
}

export function hasFunctionGenerator(lang: string): boolean {
  return lang in GENERATORS;
}
