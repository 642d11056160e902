import { existsSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestJudge, sandboxProcesses, type TestJudge } from '../test/test-support';
import { type JudgeCase, JudgeQueueFullError, LANGUAGES, type Language, type Verdict } from './types';

/**
 * One program per language whose behaviour is picked by its input, so a single compile covers every
 * verdict: "sum a b" prints a+b, "re" exits with code 3, "tle" spins, "mle" allocates ~1 GB.
 */
/** The first five languages (the others have their own test file, languages.test.ts). */
type Core = Extract<Language, 'javascript' | 'typescript' | 'python' | 'java' | 'cpp'>;

const PROGRAMS: Record<Core, string> = {
  javascript: `
const [cmd, a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/);
if (cmd === 'sum') console.log(Number(a) + Number(b));
else if (cmd === 're') process.exit(3);
else if (cmd === 'tle') { let x = 0; for (;;) x++; }
else if (cmd === 'mle') { const keep = []; for (;;) keep.push(new Array(1e6).fill(7)); }
`,
  typescript: `
import { readFileSync } from 'fs';
const [cmd, a, b]: string[] = readFileSync(0, 'utf8').trim().split(/\\s+/);
const add = (x: number, y: number): number => x + y;
if (cmd === 'sum') console.log(add(Number(a), Number(b)));
else if (cmd === 're') process.exit(3);
else if (cmd === 'tle') { let x: number = 0; for (;;) x++; }
else if (cmd === 'mle') { const keep: number[][] = []; for (;;) keep.push(new Array(1e6).fill(7)); }
`,
  python: `
import sys
cmd, *args = sys.stdin.read().split()
if cmd == 'sum': print(int(args[0]) + int(args[1]))
elif cmd == 're': sys.exit(3)
elif cmd == 'tle':
    x = 0
    while True: x += 1
elif cmd == 'mle':
    keep = []
    while True: keep.append('x' * (50 << 20))
`,
  java: `
import java.util.*;
public class Solution {
  public static void main(String[] args) {
    Scanner in = new Scanner(System.in);
    String cmd = in.next();
    if (cmd.equals("sum")) System.out.println(in.nextLong() + in.nextLong());
    else if (cmd.equals("re")) System.exit(3);
    else if (cmd.equals("tle")) { long x = 0; while (true) { x++; if (x == -1) break; } }
    else if (cmd.equals("mle")) { List<long[]> keep = new ArrayList<>(); while (true) keep.add(new long[1 << 20]); }
  }
}
`,
  cpp: `
#include <bits/stdc++.h>
using namespace std;
int main() {
  string cmd; cin >> cmd;
  if (cmd == "sum") { long long a, b; cin >> a >> b; cout << a + b << "\\n"; }
  else if (cmd == "re") return 3;
  else if (cmd == "seg") { volatile int *p = nullptr; *p = 1; }
  else if (cmd == "tle") { volatile unsigned long x = 0; for (;;) x++; }
  else if (cmd == "mle") { vector<char*> keep; for (;;) { char *b = (char*)malloc(1 << 24); memset(b, 1, 1 << 24); keep.push_back(b); } }
}
`,
};

const BROKEN: Record<Core, string | null> = {
  javascript: null, // no compile step: a syntax error is a Runtime Error
  typescript: 'const x: number = ;',
  python: 'def f(:\n  pass\n',
  java: 'public class Main { public static void main(String[] a) { int x = "s"; } }',
  cpp: 'int main() { return undefined_name; }',
};

const CASES: Array<{ input: string; expectedOutput: string | null; verdict: Verdict }> = [
  { input: 'sum 2 40\n', expectedOutput: '42\n', verdict: 'Accepted' },
  { input: 'sum 1 1\n', expectedOutput: '3\n', verdict: 'Wrong Answer' },
  { input: 'sum 5 6', expectedOutput: null, verdict: 'Accepted' },
  { input: 're', expectedOutput: '', verdict: 'Runtime Error' },
  { input: 'tle', expectedOutput: '', verdict: 'Time Limit Exceeded' },
  { input: 'mle', expectedOutput: '', verdict: 'Memory Limit Exceeded' },
];

let t: TestJudge;
beforeAll(() => {
  t = createTestJudge(2);
});
afterAll(async () => {
  await t.dispose();
  // close() removes this process's cgroups
  for (const base of ['/sys/fs/cgroup/memory', '/sys/fs/cgroup/pids', '/sys/fs/cgroup/cpuacct', '/sys/fs/cgroup']) {
    const dir = `${base}/assessly-judge`;
    if (existsSync(dir)) expect(readdirSync(dir).filter((n) => n.startsWith(`i${process.pid}-`))).toEqual([]);
  }
});

describe.each(['javascript', 'typescript', 'python', 'java', 'cpp'] as Core[])(
  '%s',
  { timeout: 90_000 },
  (language) => {
    it('gives Accepted, Wrong Answer, Runtime Error, TLE and MLE from one compile', async () => {
      const cases: JudgeCase[] = CASES.map(({ input, expectedOutput }) => ({ input, expectedOutput }));
      const r = await t.judge.judge({
        language,
        code: PROGRAMS[language],
        cases,
        timeLimitMs: 1000,
        memoryLimitMb: 128,
      });
      expect(r.compileOutput).toBeNull();
      expect(r.cases.map((c) => c.verdict)).toEqual(CASES.map((c) => c.verdict));
      expect(r.verdict).toBe('Wrong Answer');
      expect(r.passedCount).toBe(2);
      const [ac, , custom, re, tle] = r.cases;
      expect(ac?.output.trim()).toBe('42');
      expect(ac?.passed).toBe(true);
      expect(ac?.memoryKb).toBeGreaterThan(0);
      expect(custom?.output.trim()).toBe('11');
      expect(re?.exitCode).toBe(3);
      // stopped at 1 s of CPU, or by the wall clock (3x + 0.5 s) when a loaded host starves it of CPU
      expect((tle?.timeMs ?? 0) >= 1000 || tle?.message?.includes('wall')).toBe(true);
      expect(tle?.wallMs).toBeLessThan(5000);
      expect(t.leftovers()).toEqual([]);
      expect(sandboxProcesses()).toEqual([]);
    });

    it('reports a compile error (or a runtime error for plain JavaScript)', async () => {
      const code = BROKEN[language] ?? 'const x = ;';
      const r = await t.judge.judge({ language, code, cases: [{ input: '', expectedOutput: '' }] });
      if (language === 'javascript') {
        expect(r.verdict).toBe('Runtime Error');
        expect(r.cases[0]?.stderr).toContain('SyntaxError');
      } else {
        expect(r.verdict).toBe('Compilation Error');
        expect(r.cases).toEqual([]);
        expect(r.compileOutput?.length).toBeGreaterThan(0);
        expect(r.compileOutput).not.toContain('/box/');
      }
    });
  },
);

describe('judge details', { timeout: 60_000 }, () => {
  it('reports the signal of a crashed program', async () => {
    const r = await t.judge.judge({
      language: 'cpp',
      code: PROGRAMS.cpp,
      cases: [{ input: 'seg', expectedOutput: '' }],
    });
    expect(r.verdict).toBe('Runtime Error');
    expect(r.cases[0]?.signal).toBe('SIGSEGV');
    expect(r.cases[0]?.exitCode).toBeNull();
  });

  it('applies the float tolerance', async () => {
    const code = 'print(1/3)';
    const exact = await t.judge.judge({ language: 'python', code, cases: [{ input: '', expectedOutput: '0.333' }] });
    const tol = await t.judge.judge({
      language: 'python',
      code,
      cases: [{ input: '', expectedOutput: '0.333' }],
      floatTolerance: 1e-3,
    });
    expect(exact.verdict).toBe('Wrong Answer');
    expect(tol.verdict).toBe('Accepted');
  });

  it('runs a Java program whose class is not public and not named Main', async () => {
    const code =
      'class Helper { static int two() { return 2; } }\nclass Prog { public static void main(String[] a) { System.out.println(Helper.two()); } }';
    const r = await t.judge.judge({ language: 'java', code, cases: [{ input: '', expectedOutput: '2' }] });
    expect(r.verdict).toBe('Accepted');
  });

  it('rejects with JudgeQueueFullError when the pool and its queue are full, before the running job ends', async () => {
    const small = createTestJudge(1, 0);
    const busy = small.judge.judge({
      language: 'python',
      code: 'print(1)',
      cases: [{ input: '', expectedOutput: '1' }],
    });
    let busyDone = false;
    void busy.then(() => {
      busyDone = true;
    });
    const rejected = small.judge.judge({ language: 'python', code: 'print(1)', cases: [] });
    await expect(rejected).rejects.toBeInstanceOf(JudgeQueueFullError);
    expect(busyDone).toBe(false);
    expect((await busy).verdict).toBe('Accepted');
    await small.dispose();
  });

  it('runs JavaScript written with ES module imports', async () => {
    const code = "import { readFileSync } from 'fs';\nconsole.log(readFileSync(0, 'utf8').trim().toUpperCase());";
    const r = await t.judge.judge({ language: 'javascript', code, cases: [{ input: 'abc', expectedOutput: 'ABC' }] });
    expect(r.verdict).toBe('Accepted');
  });

  it('returns Internal Error for an unknown language', async () => {
    const r = await t.judge.judge({
      language: 'cobol' as Language,
      code: '',
      cases: [{ input: '', expectedOutput: '' }],
    });
    expect(r.verdict).toBe('Internal Error');
  });

  it('lists every language as available with a version, and reports full isolation', async () => {
    const langs = await t.judge.languages();
    expect(langs.map((l) => l.id)).toEqual([...LANGUAGES]);
    for (const l of langs) {
      expect(l.available, `${l.id}: ${l.message}`).toBe(true);
      expect(l.version).toMatch(/\d/);
    }
    const iso = t.judge.isolation();
    expect(iso.sandbox).toBe('bubblewrap');
    expect(iso.memory).toMatch(/^cgroup-v[12]$/);
    expect(iso.uid).toBe(65534);
    expect(iso.warnings).toEqual([]);
  });
});
