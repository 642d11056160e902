import { existsSync, readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { findExecutable } from './isolation';
import { MORE_LANGUAGES } from './langs';
import { bindsFor, firstExisting, NAMES, type Toolchain, unavailable, version } from './toolchain-kit';
import type { Language } from './types';

export { bindsFor, firstExisting, type Toolchain, unavailable, version } from './toolchain-kit';

async function detectNode(id: 'javascript' | 'typescript'): Promise<Toolchain> {
  // prefer the system node (visible in the sandbox as is), else the one running the server
  const node = firstExisting(['/usr/bin/node', '/usr/local/bin/node']) ?? findExecutable('node') ?? process.execPath;
  const real = realpathSync(node);
  const v = await version(real, ['--version'], (o) => o.trim().split('\n')[0]?.replace(/^v/, '') ?? null);
  if (!v) return unavailable(id, `node at ${real} does not run`);
  return {
    info: { id, name: NAMES[id], version: v, available: true, message: null },
    bin: { node: real },
    binds: bindsFor(real),
  };
}

async function detectPython(): Promise<Toolchain> {
  // /usr first: a pyenv/asdf shim on PATH is a shell script that cannot work inside the sandbox
  const py = firstExisting(['/usr/bin/python3', '/usr/local/bin/python3']) ?? findExecutable('python3');
  if (!py) return unavailable('python', 'python3 is not installed (apt-get install python3)');
  const real = realpathSync(py);
  const v = await version(real, ['-c', 'import sys;print(sys.version.split()[0])'], (o) => o.trim() || null);
  if (!v) return unavailable('python', `python3 at ${real} does not run`);
  return {
    info: { id: 'python', name: NAMES.python, version: v, available: true, message: null },
    bin: { python: real },
    binds: bindsFor(real),
  };
}

async function detectJava(): Promise<Toolchain> {
  const javacLink =
    (process.env.JAVA_HOME && firstExisting([path.join(process.env.JAVA_HOME, 'bin/javac')])) ||
    findExecutable('javac');
  if (!javacLink) return unavailable('java', 'javac is not installed (apt-get install openjdk-17-jdk-headless)');
  const javac = realpathSync(javacLink);
  const javaHome = path.dirname(path.dirname(javac));
  const java = path.join(javaHome, 'bin/java');
  if (!existsSync(java)) return unavailable('java', `no java launcher next to ${javac}`);
  const v = await version(java, ['-version'], (o) => /version "([^"]+)"/.exec(o)?.[1] ?? null);
  if (!v) return unavailable('java', `java at ${java} does not run`);
  const major = Number(v.split('.')[0]);
  if (!(major >= 17)) return unavailable('java', `Java 17 or newer is required, found ${v}`);
  // Debian keeps the JDK's conf/security files in /etc/java-NN-openjdk (symlinked from JAVA_HOME/conf)
  const etc = readdirSync('/etc')
    .filter((d) => /^java-\d+/.test(d))
    .map((d) => ({ src: `/etc/${d}`, dest: `/etc/${d}` }));
  return {
    info: { id: 'java', name: NAMES.java, version: v, available: true, message: null },
    bin: { javac, java },
    binds: [...bindsFor(javac), ...etc],
    javaHome,
  };
}

async function detectCpp(): Promise<Toolchain> {
  const gxx = findExecutable('g++');
  if (!gxx) return unavailable('cpp', 'g++ is not installed (apt-get install g++)');
  const real = realpathSync(gxx);
  const v = await version(real, ['-dumpfullversion'], (o) => o.trim().split('\n')[0] || null);
  if (!v) return unavailable('cpp', `g++ at ${real} does not run`);
  if (!real.startsWith('/usr/'))
    return unavailable('cpp', `g++ must be installed under /usr to run sandboxed (found ${real})`);
  return {
    info: { id: 'cpp', name: NAMES.cpp, version: v, available: true, message: null },
    bin: { gxx: real },
    binds: [],
  };
}

export async function detectToolchains(): Promise<Map<Language, Toolchain>> {
  const [js, py, java, cpp] = await Promise.all([detectNode('javascript'), detectPython(), detectJava(), detectCpp()]);
  const ts: Toolchain = { ...js, info: { ...js.info, id: 'typescript', name: NAMES.typescript } };
  try {
    await import('sucrase');
  } catch {
    ts.info = { ...ts.info, available: false, message: 'the sucrase package is missing (npm install)' };
  }
  const more = await Promise.all(MORE_LANGUAGES.map((def) => def.detect()));
  return new Map<Language, Toolchain>([
    ['javascript', js],
    ['typescript', ts],
    ['python', py],
    ['java', java],
    ['cpp', cpp],
    ...more.map((tc): [Language, Toolchain] => [tc.info.id, tc]),
  ]);
}
