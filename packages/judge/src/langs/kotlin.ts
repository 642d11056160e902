import { existsSync, readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { findExecutable } from '../isolation';
import { blankLiterals, declaredAtTopLevel, topLevelTypes, typeDeclaring } from '../main-class';
import { bindsFor, type Toolchain, unavailable } from '../toolchain-kit';
import type { LanguageDef } from './def';

const NAME = 'Kotlin (JVM)';
const ID = '[\\p{L}_][\\p{L}\\p{N}_]*';

/**
 * The class to run: a top-level `fun main` lives in MainKt (the file is main.kt); otherwise the top-level
 * object or class whose own body declares `fun main` (with @JvmStatic). A package is honoured.
 */
export function kotlinMainClass(code: string): string {
  const src = blankLiterals(code);
  const pkg = /^\s*package\s+([\p{L}\p{N}_.]+)/mu.exec(src)?.[1];
  const entry = /\bfun\s+main\s*\(/u;
  let cls = 'MainKt';
  if (!declaredAtTopLevel(src, entry)) {
    const owner = typeDeclaring(src, topLevelTypes(src, 'object|class', ID), entry);
    if (owner) cls = owner;
  }
  return pkg ? `${pkg}.${cls}` : cls;
}

export const kotlin: LanguageDef = {
  id: 'kotlin',
  name: NAME,
  async detect(): Promise<Toolchain> {
    const found = findExecutable('kotlinc');
    if (!found) return unavailable('kotlin', 'kotlinc is not installed (apt-get install kotlin)', NAME);
    const kotlinc = realpathSync(found);
    const java = findExecutable('java');
    if (!java) return unavailable('kotlin', 'java is not installed (apt-get install openjdk-17-jdk-headless)', NAME);
    const home = path.dirname(path.dirname(kotlinc));
    const stdlib = [path.join(home, 'lib/kotlin-stdlib.jar'), '/usr/share/java/kotlin-stdlib.jar'].find(existsSync);
    if (!stdlib) return unavailable('kotlin', `no kotlin-stdlib.jar next to ${kotlinc}`, NAME);
    // the version is in the stdlib's file name: kotlinc -version starts a JVM for ~1 s (13 s on a loaded host)
    const v = /kotlin-stdlib-([\d.]+)\.jar$/.exec(realpathSync(stdlib))?.[1] ?? 'unknown';
    const javaReal = realpathSync(java);
    const compilerJar = path.join(home, 'lib/kotlin-compiler.jar');
    if (!existsSync(compilerJar)) return unavailable('kotlin', `no kotlin-compiler.jar in ${home}/lib`, NAME);
    // the JDK's conf/security files live in /etc/java-NN-openjdk on Debian: those folders alone are bound
    const etc = readdirSync('/etc')
      .filter((d) => /^java-\d+/.test(d))
      .map((d) => ({ src: `/etc/${d}`, dest: `/etc/${d}` }));
    return {
      info: { id: 'kotlin', name: NAME, version: v, available: true, message: null },
      bin: { home, java: javaReal, stdlib: realpathSync(stdlib) },
      binds: [...bindsFor(kotlinc), ...bindsFor(javaReal), ...etc],
    };
  },
  plan(code, tc, memoryMb) {
    const home = tc.bin.home as string;
    return {
      files: { 'main.kt': code },
      compile: {
        // the compiler's own JVM, started directly (the kotlinc script adds the deprecated -noverify, whose
        // warning would precede every compile error): short-lived, so C1 only and the serial GC
        argv: [
          tc.bin.java as string,
          '-Xss16m',
          '-Xmx512m',
          '-XX:+UseSerialGC',
          '-XX:TieredStopAtLevel=1',
          '-XX:-UsePerfData',
          '-XX:ActiveProcessorCount=1',
          '-Xshare:auto',
          '-cp',
          `${home}/lib/kotlin-preloader.jar`,
          'org.jetbrains.kotlin.preloading.Preloader',
          '-cp',
          `${home}/lib/kotlin-compiler.jar`,
          'org.jetbrains.kotlin.cli.jvm.K2JVMCompiler',
          '-kotlin-home',
          home,
          '-nowarn',
          '-d',
          '/box/classes',
          '/box/main.kt',
        ],
        binds: tc.binds,
      },
      compilePids: 256,
      run: {
        argv: [
          tc.bin.java as string,
          '-XX:+UseSerialGC',
          '-XX:-UsePerfData',
          '-XX:ActiveProcessorCount=1',
          `-Xss${Math.max(8, Math.min(64, Math.floor(memoryMb / 16)))}m`,
          `-Xmx${memoryMb}m`,
          '-cp',
          `/box/classes:${tc.bin.stdlib}`,
          kotlinMainClass(code),
        ],
        binds: tc.binds,
      },
      stackBytes: 8 << 20,
      runtimeOverheadMb: 64,
      pids: 512,
    };
  },
};
