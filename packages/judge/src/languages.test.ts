import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDED_LANGUAGES, BROKEN_PROGRAMS, VERDICT_PROGRAMS } from '../test/language-programs';
import { createTestJudge, sandboxProcesses, type TestJudge } from '../test/test-support';
import type { JudgeResult } from './types';

// The seven languages added by issue 24, each with what the first five have: one compile, then Accepted,
// Runtime Error (with its stderr), TLE, MLE, a contained fork bomb, a stdout flood cut at the output limit,
// none of the host's files (shadow, ~/.cargo, the server's data folder, the repository, the judge's cache) and
// no network; a compile error with the compiler's message; nothing of the host in any result. Needs root, bwrap
// and the toolchains (scripts/deps.mjs installs them).

let t: TestJudge;
let secretDir: string;
const SECRET = `server-secret-${process.pid}-${Date.now()}`;
beforeAll(() => {
  t = createTestJudge(2);
  // world-readable on purpose: only the sandbox may keep it from candidate code
  secretDir = mkdtempSync(path.join(os.tmpdir(), 'judge-server-data-'));
  writeFileSync(path.join(secretDir, 'data.txt'), SECRET, { mode: 0o644 });
});
afterAll(async () => {
  await t.dispose();
  rmSync(secretDir, { recursive: true, force: true });
});

/** Nothing of the host in a result: no host path of the work root, the toolchains' homes or the repository. */
function expectNothingOfTheHost(r: JudgeResult): void {
  const text = JSON.stringify(r);
  for (const host of [t.workRoot, '/root/', '/work/', '/box/', '/var/cache/assessly-judge', process.cwd(), SECRET])
    expect(text).not.toContain(host);
}

/** Host paths a program must not see: each exists here (checked), none inside the sandbox. */
function hostPaths(): string[] {
  const paths = [
    '/etc/shadow',
    path.join(os.homedir(), '.cargo'),
    secretDir,
    path.join(secretDir, 'data.txt'),
    path.join(process.cwd(), 'package.json'),
    '/var/cache/assessly-judge',
    t.workRoot,
  ].filter(existsSync);
  expect(paths).toContain(path.join(secretDir, 'data.txt'));
  return paths;
}

describe.each(ADDED_LANGUAGES)('%s', { timeout: 180_000 }, (language) => {
  it('is Accepted, a Runtime Error with stderr, TLE, MLE, and contains a fork bomb, a flood and host probes, from one compile', async () => {
    const hidden = hostPaths();
    const r = await t.judge.judge({
      language,
      code: VERDICT_PROGRAMS[language],
      cases: [
        { input: 'sum 2 40\n', expectedOutput: '42\n' },
        { input: 'sum 1 1\n', expectedOutput: '3\n' },
        { input: 're\n', expectedOutput: '' },
        { input: 'tle\n', expectedOutput: '' },
        { input: 'mle\n', expectedOutput: '' },
        { input: 'fork\n', expectedOutput: '' },
      ],
      timeLimitMs: 1000,
      memoryLimitMb: 128,
    });
    expect(r.compileOutput).toBeNull();
    const [ac, wa, re, tle, mle, fork] = r.cases;
    expect(ac?.verdict).toBe('Accepted');
    expect(ac?.output.trim()).toBe('42');
    expect(wa?.verdict).toBe('Wrong Answer');
    expect(re?.verdict).toBe('Runtime Error');
    expect(re?.exitCode).toBe(3);
    expect(re?.stderr).toContain('boom: bad input');
    expect(tle?.verdict).toBe('Time Limit Exceeded');
    expect(mle?.verdict).toBe('Memory Limit Exceeded');
    // the pids cap holds it: it ends at the CPU or wall limit, or fails to start what it wanted
    expect(['Time Limit Exceeded', 'Runtime Error', 'Memory Limit Exceeded']).toContain(fork?.verdict);
    // and it ends within the supervisor's own wall rule: 3 × 1 s + 0.5 s, extended by at most 10 × that for time
    // the run spent waiting for a CPU (a fork bomb's threads wait a lot on a loaded host: 29 s seen at load 20)
    expect(fork?.wallMs).toBeLessThan((3 * 1000 + 500) * 11 + 1000);
    // The flood and the host and network probes with 5 s of CPU (a compile-cache hit): their subject is
    // containment, not speed, and on a loaded machine the copy of 16 MiB out of the sandbox, or a runtime's start
    // plus a refused connection (mono's, at load 10+), can take longer than the 3.5 s wall limit of a 1 s case.
    const flooded = await t.judge.judge({
      language,
      code: VERDICT_PROGRAMS[language],
      cases: [
        { input: 'flood\n', expectedOutput: '' },
        { input: `host ${hidden.join(' ')}\n`, expectedOutput: 'absent\n'.repeat(hidden.length) },
        { input: 'net\n', expectedOutput: 'net closed\n' },
      ],
      timeLimitMs: 5000,
    });
    const [flood, host, net] = flooded.cases;
    expect(flood?.verdict, flood?.message ?? '').toBe('Output Limit Exceeded');
    expect(flood?.output.length).toBeLessThan(70 * 1024);
    expectNothingOfTheHost(flooded);
    expect(host?.verdict, host?.output).toBe('Accepted');
    expect(net?.verdict, net?.output).toBe('Accepted');
    expectNothingOfTheHost(r);
    expect(t.leftovers()).toEqual([]);
    expect(sandboxProcesses()).toEqual([]);
  });

  it("reports a compile error with the compiler's message and no host path", async () => {
    const { code, message } = BROKEN_PROGRAMS[language];
    const r = await t.judge.judge({ language, code, cases: [{ input: '', expectedOutput: '' }] });
    expect(r.verdict).toBe('Compilation Error');
    expect(r.cases).toEqual([]);
    expect(r.compileOutput?.toLowerCase()).toContain(message.toLowerCase());
    expectNothingOfTheHost(r);
  });
});

describe('hostile programs in the added languages', { timeout: 180_000 }, () => {
  it('stops compile-time bombs: C includes of devices and host files, Rust macro recursion, Go huge constants and generic blow-ups', async () => {
    const one = [{ input: 'never read\n', expectedOutput: '' }];
    const [cDevice, cStdin, cHost, rustMacro, goConst, goGenerics] = await Promise.all([
      t.judge.judge({ language: 'c', code: '#include "/dev/zero"\nint main(void) { return 0; }\n', cases: one }),
      t.judge.judge({ language: 'c', code: '#include "/dev/stdin"\nint main(void) { return 0; }\n', cases: one }),
      t.judge.judge({
        language: 'c',
        code: `#include "/etc/shadow"\n#include "${path.join(secretDir, 'data.txt')}"\nint main(void) { return 0; }\n`,
        cases: one,
      }),
      t.judge.judge({
        language: 'rust',
        code: 'macro_rules! boom { () => { boom!(); boom!(); }; }\nfn main() { boom!(); }\n',
        cases: one,
      }),
      t.judge.judge({
        language: 'go',
        code: 'package main\n\nconst huge = 1 << 100000000\n\nfunc main() { println(huge > 0) }\n',
        cases: one,
      }),
      t.judge.judge({ language: 'go', code: goGenericBlowUp(26), cases: one }),
    ]);
    for (const r of [cDevice, rustMacro, goConst, goGenerics]) {
      expect(r.verdict, r.compileOutput ?? '').toBe('Compilation Error');
      expectNothingOfTheHost(r);
    }
    expect(rustMacro.compileOutput).toContain('recursion limit');
    // 2^26 instantiations from 1.3 KB: the compiler runs into the compile limits, whichever comes first
    expect(goGenerics.compileOutput).toMatch(/compilation (memory|time) limit exceeded/);
    // the compiler's stdin is empty, never the server's: the include adds nothing and the program runs
    expect(cStdin.verdict, cStdin.compileOutput ?? '').toBe('Accepted');
    expect(cStdin.compileOutput).toBeNull();
    // the paths are the candidate's own text; the files are not in the sandbox
    expect(cHost.verdict).toBe('Compilation Error');
    expect(cHost.compileOutput).toContain('No such file or directory');
    expect(cHost.compileOutput).not.toContain(SECRET);
    expect(cHost.compileOutput).not.toMatch(/root:[^:]*:\d+:/);
    expect(t.leftovers()).toEqual([]);
    expect(sandboxProcesses()).toEqual([]);
  });
});

describe('entry points', { timeout: 120_000 }, () => {
  it('C#: the outermost class declaring Main runs, though a nested helper declares one too', async () => {
    const code =
      'using System;\nclass Solution {\n  class Helper { static void Main() { Console.WriteLine("helper"); } }\n' +
      '  static void Main() { Console.WriteLine("solution"); }\n}\n';
    const r = await t.judge.judge({ language: 'csharp', code, cases: [{ input: '', expectedOutput: 'solution\n' }] });
    expect(r.verdict, JSON.stringify(r)).toBe('Accepted');
  });
});

/** Each level instantiates the next with two new types: 2^levels instantiations (Go 1.19 finds no cycle). */
function goGenericBlowUp(levels: number): string {
  let code =
    'package main\n\ntype A[T any] struct{ x T }\ntype B[T any] struct{ y T }\n\nfunc f0[T any]() { var v T; _ = v }\n';
  for (let i = 1; i <= levels; i++) code += `func f${i}[T any]() { f${i - 1}[A[T]](); f${i - 1}[B[T]]() }\n`;
  return `${code}\nfunc main() { f${levels}[int]() }\n`;
}
