import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { languageDef } from './langs';
import { blankLiterals, topLevelTypes, typeDeclaring } from './main-class';
import type { Plan } from './plan';
import type { Bind } from './sandbox';
import type { Toolchain } from './toolchains';
import type { Language } from './types';

const execFileAsync = promisify(execFile);

export type { Plan, Step } from './plan';

/** Caches built once per judge (outside any work dir) and bound read-only into the sandbox. */
export interface Caches {
  pchDir: string | null;
  javacArchive: string | null;
  /** What a language of langs/ built with its `buildCache` (Kotlin: the compiler's class-data archive). */
  languageCache?: string | null;
}

const UNPLANNED: Plan = { files: {}, compile: null, run: { argv: [] }, runtimeOverheadMb: 0 };

export const CPP_FLAGS = ['-std=c++17', '-O2', '-DONLINE_JUDGE', '-pipe'];
const PCH_MOUNT = '/judge-pch';
const CDS_MOUNT = '/judge-cds/javac.jsa';

/** Builds bits/stdc++.h.gch with exactly the flags the sandboxed compile uses (else gcc ignores it). */
export async function buildCppPch(cacheDir: string, tc: Toolchain): Promise<string | null> {
  const gxx = tc.bin.gxx;
  if (!gxx) return null;
  const dir = path.join(cacheDir, `pch-${tc.info.version}`);
  const gch = path.join(dir, 'bits', 'stdc++.h.gch');
  if (existsSync(gch)) return dir;
  mkdirSync(path.join(dir, 'bits'), { recursive: true, mode: 0o755 });
  // used when the .gch is rejected: forwards to the real header further down the include path
  const header = path.join(dir, 'bits', 'stdc++.h');
  // written once: another judge process may be compiling against it right now
  if (!existsSync(header)) writeFileSync(header, '#include_next <bits/stdc++.h>\n', { mode: 0o644 });
  const tmp = `${gch}.tmp${process.pid}`;
  try {
    await execFileAsync(gxx, [...CPP_FLAGS, '-x', 'c++-header', header, '-o', tmp], { timeout: 120000 });
    renameSync(tmp, gch);
    return dir;
  } catch {
    rmSync(tmp, { force: true });
    return null;
  }
}

/** A dynamic CDS archive of the classes javac loads: cuts javac start-up by a few hundred ms. */
export async function buildJavacArchive(cacheDir: string, tc: Toolchain): Promise<string | null> {
  const javac = tc.bin.javac;
  if (!javac) return null;
  const jsa = path.join(cacheDir, `javac-${tc.info.version}.jsa`);
  if (existsSync(jsa)) return jsa;
  const work = path.join(cacheDir, `cds-work-${process.pid}`);
  mkdirSync(work, { recursive: true });
  const sample =
    'import java.util.*;\nimport java.io.*;\npublic class Main { public static void main(String[] a) throws IOException {\n' +
    '  BufferedReader r = new BufferedReader(new InputStreamReader(System.in)); List<Integer> l = new ArrayList<>();\n' +
    '  Map<String, Long> m = new HashMap<>(); StringBuilder sb = new StringBuilder(); l.stream().mapToInt(x -> x).sum();\n' +
    '  System.out.println(sb.append(m.size()).toString()); } }\n';
  writeFileSync(path.join(work, 'Main.java'), sample);
  const tmp = `${jsa}.tmp${process.pid}`;
  try {
    await execFileAsync(
      javac,
      [...javacJvmFlags(), `-J-XX:ArchiveClassesAtExit=${tmp}`, '-d', work, path.join(work, 'Main.java')],
      {
        timeout: 120000,
      },
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

function javacJvmFlags(): string[] {
  // javac is short-lived: C1 only, serial GC, no perf-data file in /tmp
  return [
    '-J-XX:+UseSerialGC',
    '-J-XX:TieredStopAtLevel=1',
    '-J-XX:-UsePerfData',
    '-J-Xss16m',
    '-J-Xmx512m',
    '-J-XX:ActiveProcessorCount=1',
  ];
}

/** A Java identifier (letters and digits of any script, _ and $). */
const JAVA_ID = '[\\p{L}_$][\\p{L}\\p{N}_$]*';
/** File names on Linux are at most 255 bytes: a longer class name cannot become a .java or .class file. */
const MAX_CLASS_FILE_BYTES = 255;

/** A compile error for class names too long for a file name (javac would fail with a host path). */
export function javaNameProblem(code: string): string | null {
  const src = blankLiterals(code);
  for (const m of src.matchAll(
    new RegExp(`(?<![\\p{L}\\p{N}_$])(?:class|record|enum|interface)\\s+(${JAVA_ID})`, 'gu'),
  )) {
    const name = m[1] as string;
    const bytes = Buffer.byteLength(`${name}.class`, 'utf8');
    if (bytes > MAX_CLASS_FILE_BYTES) {
      return `error: the class name ${name.slice(0, 40)}… is ${Buffer.byteLength(name, 'utf8')} bytes long; class names must fit a file name (at most ${MAX_CLASS_FILE_BYTES - 6} bytes in UTF-8)`;
    }
  }
  return null;
}

/**
 * File and class names for Java: a public class decides the file name (javac insists). The main class is the
 * top-level type whose own body declares `static void main(`, whatever is declared before it (nested helper
 * classes, records, enums, interfaces never count); without one, the public class or Main. A package
 * declaration is honoured.
 */
export function javaNames(code: string): { file: string; mainClass: string } {
  const src = blankLiterals(code);
  const pkg = /^\s*package\s+([\p{L}\p{N}_$.]+)\s*;/mu.exec(src)?.[1];
  const qualify = (c: string) => (pkg ? `${pkg}.${c}` : c);
  const types = topLevelTypes(src, 'class|record|enum|interface', JAVA_ID);
  const pub = new RegExp(
    `(?<![\\p{L}\\p{N}_$])public\\s+(?:(?:final|abstract|strictfp|sealed|non-sealed)\\s+)*(?:class|record|enum|interface)\\s+(${JAVA_ID})`,
    'u',
  ).exec(src)?.[1];
  const withMain = typeDeclaring(src, types, /\bstatic\b[^;{}()=]*\bvoid\s+main\s*\(/u);
  const mainClass = withMain ?? pub ?? types[0]?.name ?? 'Main';
  return { file: `${pub ?? 'Main'}.java`, mainClass: qualify(mainClass) };
}

const SUCRASE_MOUNT = '/judge-sucrase/node_modules';

/**
 * sucrase and the packages its transform() loads, bound read-only into the sandbox so that transpiling runs
 * there as a compile step (with the compile limits) instead of in the judge's own process.
 */
function sucraseBinds(): Bind[] | null {
  let root: string;
  try {
    root = path.dirname(createRequire(import.meta.url).resolve('sucrase/package.json'));
  } catch {
    return null;
  }
  const binds: Bind[] = [{ src: root, dest: `${SUCRASE_MOUNT}/sucrase` }];
  for (const dep of ['lines-and-columns', 'ts-interface-checker', '@jridgewell']) {
    const found = [path.join(root, 'node_modules', dep), path.join(path.dirname(root), dep)].find((d) => existsSync(d));
    if (found) binds.push({ src: found, dest: `${SUCRASE_MOUNT}/${dep}` });
  }
  return binds;
}

/** The transpile step's script (node -e): TypeScript errors are compile errors; JavaScript keeps its text. */
function transpileScript(lang: 'javascript' | 'typescript'): string {
  const ts = lang === 'typescript';
  return [
    `const fs = require('fs');`,
    `const src = fs.readFileSync('/box/${ts ? 'main.ts' : 'main.src.js'}', 'utf8');`,
    'let js;',
    `try { js = require('${SUCRASE_MOUNT}/sucrase').transform(src, { transforms: ${ts ? "['typescript', 'imports']" : "['imports']"}, filePath: 'main.${ts ? 'ts' : 'js'}', production: true }).code; }`,
    ts
      ? 'catch (e) { process.stderr.write(String(e && e.message)); process.exit(1); }'
      : // a JavaScript syntax error is reported by node when it runs (Runtime Error), so the text is kept
        'catch { js = src; }',
    `fs.writeFileSync('/box/main.js', js);`,
  ].join('\n');
}

export async function planFor(
  lang: Language,
  code: string,
  tc: Toolchain,
  caches: Caches,
  memoryMb: number,
): Promise<Plan> {
  const stackKb = Math.max(984, Math.min(65536, Math.floor((memoryMb * 1024) / 4)));
  switch (lang) {
    case 'javascript':
    case 'typescript': {
      const node = tc.bin.node as string;
      const ts = lang === 'typescript';
      // ES module syntax runs as CommonJS after sucrase's imports transform
      const transpile = ts || /^\s*(import|export)\b/m.test(code);
      const binds = transpile ? sucraseBinds() : [];
      if (!binds) return { ...UNPLANNED, internalError: 'the TypeScript transpiler (sucrase) is not installed' };
      return {
        files: ts ? { 'main.ts': code } : transpile ? { 'main.src.js': code } : { 'main.js': code },
        compile: transpile
          ? {
              argv: [node, '--max-old-space-size=512', '-e', transpileScript(lang)],
              binds: [...tc.binds, ...binds],
              env: { NODE_OPTIONS: '' },
            }
          : null,
        run: {
          argv: [node, `--max-old-space-size=${memoryMb}`, `--stack-size=${stackKb - 256}`, '/box/main.js'],
          binds: tc.binds,
          env: { NODE_OPTIONS: '' },
        },
        runtimeOverheadMb: 64,
      };
    }
    case 'python': {
      const py = tc.bin.python as string;
      const check =
        'import sys\ntry:\n  compile(open("/box/main.py","rb").read(),"main.py","exec")\nexcept SyntaxError as e:\n' +
        '  import traceback; traceback.print_exception(e, limit=0); sys.exit(1)\n';
      return {
        files: { 'main.py': code },
        compile: { argv: [py, '-B', '-s', '-c', check], binds: tc.binds },
        run: { argv: [py, '-B', '-s', '/box/main.py'], binds: tc.binds, env: { PYTHONIOENCODING: 'utf-8' } },
        runtimeOverheadMb: 0,
      };
    }
    case 'java': {
      const tooLong = javaNameProblem(code);
      if (tooLong) return { ...UNPLANNED, compileError: tooLong };
      const { file, mainClass } = javaNames(code);
      const binds = [...tc.binds];
      const cds: string[] = [];
      if (caches.javacArchive) {
        binds.push({ src: caches.javacArchive, dest: CDS_MOUNT });
        cds.push(`-J-XX:SharedArchiveFile=${CDS_MOUNT}`, '-J-Xshare:auto');
      }
      return {
        files: { [file]: code },
        compile: {
          argv: [
            tc.bin.javac as string,
            ...javacJvmFlags(),
            ...cds,
            '-encoding',
            'UTF-8',
            '-nowarn',
            '-d',
            '/box',
            `/box/${file}`,
          ],
          binds,
        },
        run: {
          argv: [
            tc.bin.java as string,
            '-XX:+UseSerialGC',
            '-XX:-UsePerfData',
            '-XX:ActiveProcessorCount=1',
            '-Xshare:auto',
            // deep recursion needs a big stack, but HotSpot's memory use during a stack overflow grows with
            // -Xss (about 8x); 1/16 of the limit keeps an overflow a Runtime Error rather than an OOM kill
            `-Xss${Math.max(8, Math.min(64, Math.floor(memoryMb / 16)))}m`,
            `-Xmx${memoryMb}m`,
            '-cp',
            '/box',
            mainClass,
          ],
          binds: tc.binds,
        },
        // the JVM sizes the main thread with -Xss; a huge RLIMIT_STACK only inflates its other reservations
        stackBytes: 8 << 20,
        runtimeOverheadMb: 64,
        // threads are not what candidates are limited by: the JVM's own ~16 threads plus a few hundred of the
        // program's fit; thread stacks are charged to the memory cgroup like any other memory
        pids: 512,
      };
    }
    case 'cpp': {
      const binds: Bind[] = [];
      const inc: string[] = [];
      if (caches.pchDir) {
        binds.push({ src: caches.pchDir, dest: PCH_MOUNT });
        inc.push('-I', PCH_MOUNT);
      }
      return {
        files: { 'main.cpp': code },
        compile: {
          argv: [tc.bin.gxx as string, ...CPP_FLAGS, ...inc, '-fmax-errors=20', '-o', '/box/main', '/box/main.cpp'],
          binds,
        },
        run: { argv: ['/box/main'] },
        runtimeOverheadMb: 0,
      };
    }
    default: {
      const def = languageDef(lang);
      if (!def) return { ...UNPLANNED, internalError: `unknown language ${lang}` };
      return def.plan(code, tc, memoryMb, caches.languageCache ?? null);
    }
  }
}

/** Compiler messages mention sandbox paths; candidates see file names only. */
export function hideSandboxPaths(text: string): string {
  return text.replaceAll('/box/', '').replaceAll(`${PCH_MOUNT}/`, '').replaceAll(CDS_MOUNT, 'javac.jsa');
}
