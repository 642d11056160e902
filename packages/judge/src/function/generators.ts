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

/** One level of indentation as each language writes it (Go's gofmt: a tab; Ruby: two spaces). */
const INDENT: Partial<Record<FunctionLanguage, string>> = { go: '\t', ruby: '  ' };

/**
 * The empty line of a body carries the body's indentation (issue 46), so the candidate's first keystroke lands
 * where the code belongs: a blank line right after a line that opens a block (`{`, or Ruby's `def`).
 */
export function indentEmptyBodies(lang: string, code: string): string {
  const unit = INDENT[lang as FunctionLanguage] ?? '    ';
  const lines = code.split('\n');
  for (let i = 1; i < lines.length - 1; i++) {
    const prev = lines[i - 1]!;
    const opens = /\{\s*$/.test(prev) || (lang === 'ruby' && /^\s*def\s/.test(prev));
    if (lines[i] === '' && opens) lines[i] = (/^\s*/.exec(prev)?.[0] ?? '') + unit;
  }
  return lines.join('\n');
}

/** The code the candidate starts from: the function with typed parameters and an empty, indented body. */
export function functionStarter(lang: string, sig: FunctionSignature): string {
  return indentEmptyBodies(lang, generatorFor(lang).starter(sig));
}

/** Starters for every language that has a generator. */
export function functionStarters(sig: FunctionSignature): Record<string, string> {
  return Object.fromEntries(
    Object.entries(GENERATORS).map(([l, g]) => [l, indentEmptyBodies(l, (g as LanguageGenerator).starter(sig))]),
  );
}

/** The whole program the judge runs: the candidate's code and the harness that calls it. */
export function functionProgram(lang: string, sig: FunctionSignature, code: string): string {
  return generatorFor(lang).program(sig, code);
}

export function hasFunctionGenerator(lang: string): boolean {
  return lang in GENERATORS;
}
