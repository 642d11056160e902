import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompileKeyParts, compileKey, createCompileCache } from './compile-cache';
import { createJudge } from './judge';
import type { Judge, Language } from './types';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'compile-cache-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const parts = (over: Partial<CompileKeyParts> = {}): CompileKeyParts => ({
  language: 'cpp',
  toolchainVersion: '12.2.0',
  step: { argv: ['/usr/bin/g++', '-std=c++17', '-O2', '-o', '/box/main', '/box/main.cpp'] },
  files: { 'main.cpp': 'int main() {}' },
  ...over,
});

/** A work dir as a compile leaves it: the source plus what the compiler wrote. */
function compiledBox(files: Record<string, string>): string {
  const box = mkdtempSync(path.join(tmp, 'box-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(box, name)), { recursive: true });
    writeFileSync(path.join(box, name), content, { mode: name.endsWith('main') ? 0o755 : 0o644 });
  }
  return box;
}

const entryFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && !d.name.endsWith('manifest.json'))
    .map((d) => path.join(d.parentPath, d.name));

describe('compileKey', () => {
  it('changes with the flags, the toolchain version, the language, the mounts and any source byte', () => {
    const base = compileKey(parts());
    expect(compileKey(parts())).toBe(base);
    expect(compileKey(parts({ step: { argv: ['/usr/bin/g++', '-std=c++20', '-O2'] } }))).not.toBe(base);
    expect(compileKey(parts({ toolchainVersion: '13.1.0' }))).not.toBe(base);
    expect(compileKey(parts({ language: 'c' }))).not.toBe(base);
    expect(compileKey(parts({ files: { 'main.cpp': 'int main() { }' } }))).not.toBe(base);
    expect(compileKey(parts({ files: { 'other.cpp': 'int main() {}' } }))).not.toBe(base);
    const bound = parts();
    bound.step.binds = [{ src: '/var/cache/pch-12', dest: '/judge-pch' }];
    expect(compileKey(bound)).not.toBe(base);
  });
});

describe('createCompileCache', () => {
  it('restores what the compile added, with its mode, and leaves the sources to the caller', async () => {
    const cache = createCompileCache({ dir: path.join(tmp, 'store-a') });
    const key = compileKey(parts());
    await cache.save(key, compiledBox({ 'main.cpp': 'int main() {}', main: 'ELF…', 'pkg/A.class': 'cafe' }), {
      'main.cpp': 'int main() {}',
    });
    const box = mkdtempSync(path.join(tmp, 'fresh-'));
    expect(await cache.restore(key, box)).toBe(true);
    expect(readdirSync(box).sort()).toEqual(['main', 'pkg']);
    expect(readFileSync(path.join(box, 'main'), 'utf8')).toBe('ELF…');
    expect(statSync(path.join(box, 'main')).mode & 0o777).toBe(0o755);
    expect(readFileSync(path.join(box, 'pkg/A.class'), 'utf8')).toBe('cafe');
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 0, stores: 1 });
  });

  it('misses when the flags or the toolchain version differ from the stored compile', async () => {
    const cache = createCompileCache({ dir: path.join(tmp, 'store-b') });
    await cache.save(compileKey(parts()), compiledBox({ main: 'O2 build' }), {});
    const box = mkdtempSync(path.join(tmp, 'fresh-'));
    const flagged = parts({
      step: { argv: ['/usr/bin/g++', '-std=c++17', '-O0', '-o', '/box/main', '/box/main.cpp'] },
    });
    expect(await cache.restore(compileKey(flagged), box)).toBe(false);
    expect(await cache.restore(compileKey(parts({ toolchainVersion: '14.2.0' })), box)).toBe(false);
    expect(readdirSync(box)).toEqual([]);
    expect(await cache.restore(compileKey(parts()), box)).toBe(true);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 2 });
  });

  it('evicts the least recently used entries once the store passes its size', async () => {
    const dir = path.join(tmp, 'store-c');
    const cache = createCompileCache({ dir, maxBytes: 1 << 20 });
    const keyOf = (n: number) => compileKey(parts({ files: { 'main.cpp': `// ${n}` } }));
    const big = 'x'.repeat(300 << 10);
    for (const n of [1, 2, 3]) await cache.save(keyOf(n), compiledBox({ main: `${n}${big}` }), {});
    // entry 1 is used again, so entry 2 is now the least recently used (a use is stamped in whole ms)
    const t = Date.now();
    while (Date.now() <= t + 1) await new Promise((r) => setImmediate(r));
    expect(await cache.restore(keyOf(1), mkdtempSync(path.join(tmp, 'fresh-')))).toBe(true);
    await cache.save(keyOf(4), compiledBox({ main: `4${big}` }), {});
    const stored = (n: number) => cache.restore(keyOf(n), mkdtempSync(path.join(tmp, 'fresh-')));
    expect(await stored(2)).toBe(false);
    expect(await stored(1)).toBe(true);
    expect(await stored(4)).toBe(true);
    expect(cache.stats().evicted).toBeGreaterThanOrEqual(1);
    const total = entryFiles(dir).reduce((s, f) => s + statSync(f).size, 0);
    expect(total).toBeLessThanOrEqual(1 << 20);
  });

  it('never trusts an entry whose bytes no longer match their recorded hash, and removes it', async () => {
    const dir = path.join(tmp, 'store-d');
    const key = compileKey(parts());
    await createCompileCache({ dir }).save(key, compiledBox({ main: 'the real program' }), {});
    // as if an earlier process died mid-write, or someone swapped the binary on disk
    const [artefact] = entryFiles(dir);
    writeFileSync(artefact as string, 'a hostile program');
    const later = createCompileCache({ dir });
    const box = mkdtempSync(path.join(tmp, 'fresh-'));
    expect(await later.restore(key, box)).toBe(false);
    expect(readdirSync(box)).toEqual([]);
    expect(later.stats()).toMatchObject({ rejected: 1, hits: 0 });
    expect(entryFiles(dir)).toEqual([]);
  });

  it('refuses a manifest that points outside its entry', async () => {
    const dir = path.join(tmp, 'store-e');
    const key = compileKey(parts());
    await createCompileCache({ dir }).save(key, compiledBox({ main: 'x' }), {});
    const manifest = path.join(dir, key.slice(0, 2), key, 'manifest.json');
    const m = JSON.parse(readFileSync(manifest, 'utf8'));
    m.files[0].path = '../../../../etc/passwd';
    writeFileSync(manifest, JSON.stringify(m));
    expect(await createCompileCache({ dir }).restore(key, mkdtempSync(path.join(tmp, 'fresh-')))).toBe(false);
  });
});

// The real judge: compiles in the sandbox, so these need root and bubblewrap like the other judge suites.
describe('the judge with a compile cache', { timeout: 120_000 }, () => {
  // the helper, C++ header and javac archive stay in the default cache dir; only compiled programs are private
  const compileCacheDir = path.join(tmp, 'compiled');
  let workRoot: string;
  let judge: Judge;
  beforeAll(() => {
    workRoot = mkdtempSync(path.join(os.tmpdir(), 'compile-cache-work-'));
    judge = createJudge({ compileCacheDir, workRoot, concurrency: 2 });
  });
  afterAll(async () => {
    await judge.close();
    rmSync(workRoot, { recursive: true, force: true });
  });

  const SUM: Partial<Record<Language, string>> = {
    cpp: '#include <iostream>\nint main(){ long long a, b; std::cin >> a >> b; std::cout << a + b << "\\n"; }\n',
    java: 'import java.util.*;\npublic class Main { public static void main(String[] x) { Scanner s = new Scanner(System.in); System.out.println(s.nextLong() + s.nextLong()); } }\n',
    typescript:
      "import { readFileSync } from 'fs';\nconst [a, b]: number[] = readFileSync(0, 'utf8').split(' ').map(Number);\nconsole.log(a + b);\n",
  };
  const run = { cases: [{ input: '2 40\n', expectedOutput: null }] };
  const submit = {
    cases: [
      { input: '2 40\n', expectedOutput: '42\n' },
      { input: '1 1\n', expectedOutput: '2\n' },
    ],
  };

  it.each(Object.keys(SUM) as Language[])(
    '%s: a Run and then a Submit of the same code compile once',
    async (language) => {
      const code = SUM[language] as string;
      const before = judge.compileCacheStats?.();
      const first = await judge.judge({ language, code, ...run });
      expect(first.cases[0]?.output.trim()).toBe('42');
      expect(first.compileCached).toBeUndefined();
      const second = await judge.judge({ language, code, ...submit });
      expect(second.verdict).toBe('Accepted');
      expect(second.compileCached).toBe(true);
      expect(second.compileMs).toBe(0);
      const after = judge.compileCacheStats?.();
      expect((after?.stores ?? 0) - (before?.stores ?? 0)).toBe(1);
      expect((after?.hits ?? 0) - (before?.hits ?? 0)).toBe(1);
      // changed code is compiled anew, never served the old program
      const changed = await judge.judge({ language, code: `${code}\n// v2\n`, ...submit });
      expect(changed.compileCached).toBeUndefined();
      expect(changed.verdict).toBe('Accepted');
    },
  );

  it('does not store a failed compile: the error is reported every time', async () => {
    const code = 'int main() { return undefined_name; }';
    for (let i = 0; i < 2; i++) {
      const r = await judge.judge({ language: 'cpp', code, ...run });
      expect(r.verdict).toBe('Compilation Error');
      expect(r.compileOutput).toContain('undefined_name');
    }
  });

  it('a poisoned entry left by a previous process is refused and the program compiled again', async () => {
    const code = '#include <cstdio>\nint main(){ puts("honest"); }\n';
    expect((await judge.judge({ language: 'cpp', code, ...run })).cases[0]?.output).toBe('honest\n');
    const stored = compileCacheDir;
    const entry = entryFiles(stored).find((f) => f.endsWith('/main')) as string;
    // replace the stored binary by another valid program: only the recorded hash can tell
    const evil = await judge.judge({
      language: 'cpp',
      code: '#include <cstdio>\nint main(){ puts("evil"); }\n',
      ...run,
    });
    expect(evil.cases[0]?.output).toBe('evil\n');
    const evilBinary = entryFiles(stored).find((f) => f.endsWith('/main') && f !== entry) as string;
    writeFileSync(entry, readFileSync(evilBinary), { mode: 0o600 });

    const next = createJudge({ compileCacheDir, workRoot, concurrency: 1 });
    try {
      const r = await next.judge({ language: 'cpp', code, ...run });
      expect(r.cases[0]?.output).toBe('honest\n');
      expect(r.compileCached).toBeUndefined();
      expect(next.compileCacheStats?.()).toMatchObject({ rejected: 1, hits: 0, stores: 1 });
      // the fresh compile replaced the refused entry
      expect((await next.judge({ language: 'cpp', code, ...run })).compileCached).toBe(true);
    } finally {
      await next.close();
    }
  });
});
