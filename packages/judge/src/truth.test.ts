import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ADDED_LANGUAGES, type AddedLanguage, VERDICT_PROGRAMS } from '../test/language-programs';
import { createTestJudge, sandboxProcesses, type TestJudge } from '../test/test-support';
import { buildHelper, detectIsolation } from './isolation';
import { createJudge } from './judge';
import { Sandbox } from './sandbox';
import type { JudgeResult, Language } from './types';

/**
 * The judge learns what happened from its supervisor, never from the program: a program that prints what
 * bwrap or a runtime would print gets the verdict of what it really did.
 */
let t: TestJudge;

/** The exit code each added language's program uses with its runtime's own out-of-memory message ("fake"). */
const FAKE_EXIT: Record<AddedLanguage, number> = { c: 1, csharp: 1, go: 2, rust: 134, kotlin: 1, ruby: 1, php: 255 };

beforeAll(() => {
  t = createTestJudge(2);
});

afterAll(async () => {
  await t.dispose();
});

async function run(language: Language, code: string, input = 'x', memoryLimitMb = 128): Promise<JudgeResult> {
  return t.judge.judge({
    language,
    code,
    cases: [{ input, expectedOutput: 'never' }],
    timeLimitMs: 2000,
    memoryLimitMb,
  });
}

describe('sandbox failures come from the supervisor', () => {
  it('a program writing "bwrap: " + its input to stderr and exiting 1 is a Runtime Error, not Internal Error', async () => {
    const r = await run(
      'python',
      'import sys\nsys.stderr.write("bwrap: " + sys.stdin.read())\nsys.exit(1)\n',
      'HIDDEN-INPUT-42',
    );
    expect(r.verdict).toBe('Runtime Error');
    expect(r.compileOutput).toBeNull();
    expect(r.cases[0]?.exitCode).toBe(1);
  });

  it('a C++ program faking the bwrap message is a Runtime Error too', async () => {
    const r = await run(
      'cpp',
      '#include <cstdio>\nint main(){ fprintf(stderr, "bwrap: Can\'t mount proc\\n"); return 1; }\n',
    );
    expect(r.verdict).toBe('Runtime Error');
    expect(r.compileOutput).toBeNull();
  });

  it('a real sandbox set-up failure is reported as not started, with bwrap’s reason', async () => {
    const iso = detectIsolation();
    const cache = mkdtempSync(path.join(os.tmpdir(), 'judge-truth-cache-'));
    chmodSync(cache, 0o755); // the unprivileged bwrap binds the helper from here
    const sb = new Sandbox(iso, await buildHelper(cache));
    const dir = mkdtempSync(path.join(os.tmpdir(), 'judge-truth-'));
    chmodSync(dir, 0o711);
    try {
      mkdirSync(path.join(dir, 'box'), { mode: 0o755 });
      const spec = {
        argv: ['/usr/bin/true'],
        boxDir: path.join(dir, 'box'),
        boxWritable: false,
        stdoutPath: path.join(dir, 'out'),
        stderrPath: path.join(dir, 'err'),
        cpuMs: 2000,
        wallMs: 5000,
        memBytes: 64 << 20,
        pids: 8,
        nofile: 64,
        fileSizeBytes: 1 << 20,
        stdoutLimit: 1 << 20,
        stderrLimit: 1 << 20,
        stackBytes: 8 << 20,
        tmpBytes: 1 << 20,
      };
      const ok = await sb.run(spec);
      expect(ok.started).toBe(true);
      expect(ok.code).toBe(0);
      const broken = await sb.run({ ...spec, binds: [{ src: path.join(dir, 'does-not-exist'), dest: '/x' }] });
      expect(broken.started).toBe(false);
      const missing = await sb.run({ ...spec, argv: ['/usr/bin/no-such-program'] });
      expect(missing.started).toBe(false);
      expect(missing.setup).toContain('no-such-program');
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(cache, { recursive: true, force: true });
    }
  });
});

describe('memory verdicts come from the supervisor', () => {
  it.each([
    ['python', 'import sys\nsys.stderr.write("MemoryError\\n")\nsys.exit(1)\n'],
    [
      'java',
      'public class Main { public static void main(String[] a) { System.err.println("java.lang.OutOfMemoryError: Java heap space"); System.exit(1); } }',
    ],
    [
      'javascript',
      'process.stderr.write("FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory\\n"); process.exit(134);',
    ],
    [
      'cpp',
      '#include <cstdio>\nint main(){ fputs("terminate called after throwing an instance of \'std::bad_alloc\'\\n", stderr); return 134; }',
    ],
  ] as [Language, string][])('%s printing an out-of-memory message is a Runtime Error', async (language, code) => {
    const r = await run(language, code);
    expect(r.cases[0]?.verdict, JSON.stringify(r)).toBe('Runtime Error');
  });

  it.each([
    ['python', 'keep = []\nwhile True: keep.append("x" * (8 << 20))\n'],
    [
      'java',
      'import java.util.*;\npublic class Main { public static void main(String[] a) { List<long[]> k = new ArrayList<>(); while (true) k.add(new long[1 << 20]); } }',
    ],
    ['javascript', 'const keep = []; for (;;) keep.push(new Array(1e6).fill(7));'],
  ] as [Language, string][])('%s really running out of memory is Memory Limit Exceeded', async (language, code) => {
    const r = await run(language, code);
    expect(r.cases[0]?.verdict, JSON.stringify(r).slice(0, 2000)).toBe('Memory Limit Exceeded');
  });
});

describe.each(ADDED_LANGUAGES)(
  '%s: the verdict is what the program did, not what it printed',
  { timeout: 180_000 },
  (language) => {
    it('a faked sandbox or out-of-memory message and exit code 137 are Runtime Errors; real exhaustion is MLE', async () => {
      // the same program as languages.test.ts: one compile (a compile-cache hit when that file ran first)
      const r = await t.judge.judge({
        language,
        code: VERDICT_PROGRAMS[language],
        cases: [
          { input: 'fake\n', expectedOutput: '' },
          { input: 'e137\n', expectedOutput: '' },
          { input: 'mle\n', expectedOutput: '' },
        ],
        timeLimitMs: 2000,
        memoryLimitMb: 128,
      });
      expect(r.compileOutput).toBeNull();
      const [fake, e137, mle] = r.cases;
      expect(fake?.verdict, JSON.stringify(fake)).toBe('Runtime Error');
      expect(fake?.exitCode).toBe(FAKE_EXIT[language]);
      expect(fake?.signal).toBeNull();
      expect(fake?.stderr).toContain('bwrap: ');
      expect(e137?.verdict).toBe('Runtime Error');
      expect(e137?.exitCode).toBe(137);
      expect(e137?.signal).toBeNull();
      expect(e137?.message ?? '').not.toMatch(/SIGKILL|killed/i);
      expect(mle?.verdict).toBe('Memory Limit Exceeded');
    });
  },
);

describe('TypeScript and JavaScript modules are transpiled in the sandbox', () => {
  it('runs TypeScript and reports type-syntax errors as Compilation Error', async () => {
    const ok = await t.judge.judge({
      language: 'typescript',
      code: 'const n: number = 41;\nconst f = <T,>(x: T): T => x;\nconsole.log(f(n) + 1);\n',
      cases: [{ input: '', expectedOutput: '42\n' }],
    });
    expect(ok.verdict).toBe('Accepted');
    expect(ok.compileMs).not.toBeNull();
    const bad = await t.judge.judge({
      language: 'typescript',
      code: 'const x: number = ;',
      cases: [{ input: '', expectedOutput: '' }],
    });
    expect(bad.verdict).toBe('Compilation Error');
    expect(bad.compileOutput).not.toContain('/judge-sucrase');
  });

  it('runs JavaScript with import syntax, and keeps a syntax error a Runtime Error', async () => {
    const ok = await t.judge.judge({
      language: 'javascript',
      code: "import { readFileSync } from 'fs';\nconsole.log(readFileSync(0, 'utf8').trim().length);\n",
      cases: [{ input: 'abcd\n', expectedOutput: '4\n' }],
    });
    expect(ok.verdict).toBe('Accepted');
    const bad = await t.judge.judge({
      language: 'javascript',
      code: "import fs from 'fs';\nconst = 1;\n",
      cases: [{ input: '', expectedOutput: '' }],
    });
    expect(bad.verdict).toBe('Runtime Error');
  });

  it('stops a transpiler bomb with the compile time limit', async () => {
    // A 2 s limit instead of the default 10 s: the rule is the same, and the bomb burns a fifth of the CPU.
    const short = createJudge({ workRoot: t.workRoot, concurrency: 1, compileCpuMs: 2000 });
    onTestFinished(() => short.close());
    const r = await short.judge({
      language: 'typescript',
      code: nestedArrowBomb(28),
      cases: [{ input: '', expectedOutput: '' }],
    });
    expect(r.verdict).toBe('Compilation Error');
    expect(r.compileOutput).toMatch(/compilation time limit exceeded \(2 s\)/);
    expect(sandboxProcesses()).toEqual([]);
  });
});

/** Nested default-parameter arrows (28 levels: 320 bytes): the transpiler's work doubles with each level, so at 28 it
 * needs minutes on any machine (24 levels already took 12 s here), far past the 10 s compile limit. */
function nestedArrowBomb(levels: number): string {
  let expr = '0';
  for (let i = 0; i < levels; i++) expr = `(a = ${expr}) => a`;
  return `const f = ${expr};`;
}
