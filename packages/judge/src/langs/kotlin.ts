import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { findExecutable } from '../isolation';
import { blankLiterals, declaredAtTopLevel, topLevelTypes, typeDeclaring } from '../main-class';
import { bindsFor, type Toolchain, unavailable } from '../toolchain-kit';
import type { LanguageDef } from './def';

const execFileAsync = promisify(execFile);
const NAME = 'Kotlin (JVM)';
/** Where the compiler's class-data archive is bound (read-only) inside the sandbox. */
const CDS_MOUNT = '/judge-cds/kotlinc.jsa';
/** The compiler's JVM is short-lived: C1 only, the serial GC, no perf-data file in /tmp. */
const COMPILER_JVM_FLAGS = [
  '-Xss16m',
  '-Xmx512m',
  '-XX:+UseSerialGC',
  '-XX:TieredStopAtLevel=1',
  '-XX:-UsePerfData',
  '-XX:ActiveProcessorCount=1',
];

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
    const classPath = compilerClassPath(home);
    // the JDK's conf/security files live in /etc/java-NN-openjdk on Debian: those folders alone are bound
    const etc = readdirSync('/etc')
      .filter((d) => /^java-\d+/.test(d))
      .map((d) => ({ src: `/etc/${d}`, dest: `/etc/${d}` }));
    return {
      info: { id: 'kotlin', name: NAME, version: v, available: true, message: null },
      bin: { home, java: javaReal, stdlib: realpathSync(stdlib), ...(classPath ? { classPath } : {}) },
      binds: [...bindsFor(kotlinc), ...bindsFor(javaReal), ...etc],
    };
  },
  buildCache: buildKotlincArchive,
  plan(code, tc, memoryMb, cache) {
    const binds = [...tc.binds];
    const cds: string[] = ['-Xshare:auto'];
    if (cache) {
      binds.push({ src: cache, dest: CDS_MOUNT });
      cds.unshift(`-XX:SharedArchiveFile=${CDS_MOUNT}`);
    }
    return {
      files: { 'main.kt': code },
      compile: {
        // the compiler's own JVM, started directly (the kotlinc script adds the deprecated -noverify, whose
        // warning would precede every compile error), with the archive of its classes when there is one
        argv: [
          tc.bin.java as string,
          ...COMPILER_JVM_FLAGS,
          ...cds,
          ...compilerMain(tc),
          '-nowarn',
          '-d',
          '/box/classes',
          '/box/main.kt',
        ],
        binds,
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

/**
 * The compiler's jars on the plain application class path (its manifest's Class-Path, with trove4j found where
 * Debian puts it), so that a class-data archive can hold them; null when one is missing (then the compiler is
 * started through its preloader, whose own class loader CDS cannot archive).
 */
function compilerClassPath(home: string): string | null {
  const lib = path.join(home, 'lib');
  const jars = ['kotlin-compiler.jar', 'kotlin-stdlib.jar', 'kotlin-reflect.jar', 'kotlin-script-runtime.jar'].map(
    (j) => path.join(lib, j),
  );
  const annotations = [path.join(lib, 'annotations-13.0.jar'), '/usr/share/java/annotations.jar'].find(existsSync);
  const trove = [path.join(lib, 'trove4j.jar'), '/usr/share/java/libtrove-intellij.jar'].find(existsSync);
  if (!annotations || !trove || !jars.every(existsSync)) return null;
  return [...jars, annotations, trove].join(':');
}

/** The compiler's main class and its arguments up to the options of one compile. */
function compilerMain(tc: Toolchain): string[] {
  const home = tc.bin.home as string;
  const tail = ['org.jetbrains.kotlin.cli.jvm.K2JVMCompiler', '-kotlin-home', home];
  if (tc.bin.classPath) return ['-cp', tc.bin.classPath as string, ...tail];
  return [
    '-cp',
    `${home}/lib/kotlin-preloader.jar`,
    'org.jetbrains.kotlin.preloading.Preloader',
    '-cp',
    `${home}/lib/kotlin-compiler.jar`,
    ...tail,
  ];
}

/**
 * A dynamic class-data archive of the classes the Kotlin compiler loads for a small program, built once outside
 * any sandbox and bound read-only into compiles: the compiler's JVM then maps ~50 MB of parsed, verified classes
 * instead of loading them from its jars (hello world: about 2.8-3.4 s of CPU without, 1.7-1.9 s with, on this machine).
 * Named after the compiler version, the JVM build and the jars (size, mtime): an upgrade gets a new archive.
 */
export async function buildKotlincArchive(cacheDir: string, tc: Toolchain): Promise<string | null> {
  if (!tc.bin.classPath) return null;
  const java = tc.bin.java as string;
  const libjvm = path.join(path.dirname(path.dirname(java)), 'lib/server/libjvm.so');
  // the JVM build and every jar as they are now (CDS refuses an archive whose jars changed)
  let id = '';
  try {
    for (const file of [libjvm, ...tc.bin.classPath.split(':')]) {
      const st = statSync(file);
      id += `${file}:${st.size}:${st.mtimeMs}\n`;
    }
  } catch {
    return null;
  }
  const hash = createHash('sha256').update(id).digest('hex').slice(0, 12);
  const jsa = path.join(cacheDir, `kotlinc-${tc.info.version}-${hash}.jsa`);
  if (existsSync(jsa)) return jsa;
  const work = path.join(cacheDir, `kotlinc-cds-work-${process.pid}`);
  mkdirSync(work, { recursive: true });
  const sample =
    'import java.io.*\nimport java.util.*\n\ndata class P(val a: Long, val b: Long)\n\n' +
    'fun main() {\n  val r = BufferedReader(InputStreamReader(System.`in`))\n' +
    '  val p = r.readLine()!!.trim().split(" ").map { it.toLong() }\n  val m = HashMap<String, Long>()\n' +
    '  val l = mutableListOf(P(p[0], p[1]))\n  m["s"] = l.map { it.a + it.b }.sum()\n  println(m.values.first())\n}\n';
  writeFileSync(path.join(work, 'main.kt'), sample);
  const tmp = `${jsa}.tmp${process.pid}`;
  try {
    await execFileAsync(
      java,
      [
        ...COMPILER_JVM_FLAGS,
        `-XX:ArchiveClassesAtExit=${tmp}`,
        ...compilerMain(tc),
        '-nowarn',
        '-d',
        path.join(work, 'classes'),
        path.join(work, 'main.kt'),
      ],
      { timeout: 300_000, env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8' } },
    );
    if (!existsSync(tmp)) return null;
    renameSync(tmp, jsa);
    return jsa;
  } catch {
    return null;
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(tmp, { force: true });
  }
}
