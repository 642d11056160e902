// The parts of toolchain detection that each language's definition (langs/) uses: no import of the language list,
// so langs/ and toolchains.ts do not import each other.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { launch } from './launcher';
import type { Bind } from './sandbox';
import type { Language, LanguageInfo } from './types';

export interface Toolchain {
  info: LanguageInfo;
  /** Executables, by role (node, python, javac, java, gxx). Absolute host paths, same path in the sandbox. */
  bin: Record<string, string>;
  /** Read-only binds needed for the toolchain to work inside the sandbox (beyond /usr). */
  binds: Bind[];
  javaHome?: string;
}

export type CoreLanguage = 'javascript' | 'typescript' | 'python' | 'java' | 'cpp';

export const NAMES: Record<CoreLanguage, string> = {
  javascript: 'JavaScript (Node.js)',
  typescript: 'TypeScript (Node.js, transpiled with sucrase)',
  python: 'Python 3',
  java: 'Java (OpenJDK)',
  cpp: 'C++17 (g++)',
};

/** The sandbox shows /usr only; a toolchain installed elsewhere (nvm, pyenv, /opt) gets its prefix bound. */
export function bindsFor(realBin: string): Bind[] {
  if (realBin.startsWith('/usr/')) return [];
  const prefix = path.dirname(path.dirname(realBin));
  return [{ src: prefix, dest: prefix }];
}

export function firstExisting(candidates: string[]): string | null {
  for (const c of candidates) if (c && existsSync(c)) return c;
  return null;
}

/**
 * The version a toolchain prints, or null when it does not run. A probe that fails is tried again (three tries,
 * 30 s each): on a machine under heavy load a JVM or mono start can miss one deadline, and a language marked
 * unavailable by a slow start would answer every submission in it with an Internal Error.
 */
export async function version(
  bin: string,
  args: string[],
  pick: (out: string) => string | null,
  tries = 3,
): Promise<string | null> {
  for (let attempt = 1; attempt <= tries; attempt++) {
    try {
      // through the launcher (launcher.ts), as every judged program: a fork from this process may be costly
      const r = await launch(bin, args, {
        timeoutMs: 30_000,
        env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8' },
        errLimit: 1 << 20,
      });
      const found = r.code === 0 ? pick(`${r.stdout}\n${r.stderr}`) : null;
      if (found) return found;
    } catch {
      // tried again below
    }
  }
  return null;
}

export function unavailable(id: Language, message: string, name: string = NAMES[id as CoreLanguage] ?? id): Toolchain {
  return { info: { id, name, version: null, available: false, message }, bin: {}, binds: [] };
}
