import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDED_LANGUAGES, BROKEN_PROGRAMS, VERDICT_PROGRAMS } from '../test/language-programs';
import { createTestJudge, sandboxProcesses, type TestJudge } from '../test/test-support';
import type { JudgeResult } from './types';

// The seven languages added by issue 24, each with what the first five have: one compile, then Accepted,
// Runtime Error (with its stderr), TLE, MLE and a contained fork bomb; a compile error with the compiler's
// message and nothing of the host. Needs root, bwrap and the toolchains (scripts/deps.mjs installs them).

let t: TestJudge;
beforeAll(() => {
  t = createTestJudge(2);
});
afterAll(async () => {
  await t.dispose();
});

/** Nothing of the host in a result: no host path of the work root, the toolchains' homes or the repository. */
function expectNothingOfTheHost(r: JudgeResult): void {
  const text = JSON.stringify(r);
  for (const host of [t.workRoot, '/root/', '/work/', '/box/', '/var/cache/assessly-judge', process.cwd()])
    expect(text).not.toContain(host);
}

describe.each(ADDED_LANGUAGES)('%s', { timeout: 180_000 }, (language) => {
  it('is Accepted, a Runtime Error with stderr, TLE, MLE, and contains a fork bomb, from one compile', async () => {
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
    expect(fork?.wallMs).toBeLessThan(15_000);
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
  it('stops compile-time bombs: C includes of devices, Rust macro recursion, Go huge constants', async () => {
    const [cDevice, rustMacro, goConst] = await Promise.all([
      t.judge.judge({
        language: 'c',
        code: '#include "/dev/zero"\nint main(void) { return 0; }\n',
        cases: [{ input: '', expectedOutput: '' }],
      }),
      t.judge.judge({
        language: 'rust',
        code: 'macro_rules! boom { () => { boom!(); boom!(); }; }\nfn main() { boom!(); }\n',
        cases: [{ input: '', expectedOutput: '' }],
      }),
      t.judge.judge({
        language: 'go',
        code: 'package main\n\nconst huge = 1 << 100000000\n\nfunc main() { println(huge > 0) }\n',
        cases: [{ input: '', expectedOutput: '' }],
      }),
    ]);
    for (const r of [cDevice, rustMacro, goConst]) {
      expect(r.verdict, r.compileOutput ?? '').toBe('Compilation Error');
      expectNothingOfTheHost(r);
    }
    expect(rustMacro.compileOutput).toContain('recursion limit');
    expect(t.leftovers()).toEqual([]);
  });

  it('sees no host files and no network (Ruby, PHP, Go)', async () => {
    const [ruby, php, go] = await Promise.all([
      t.judge.judge({
        language: 'ruby',
        code: "%w[/etc/shadow /etc/passwd /root /home].each { |f| puts(File.exist?(f) ? \"#{f} seen\" : \"#{f} absent\") }\nrequire 'socket'\nbegin\n  TCPSocket.new('1.1.1.1', 80)\n  puts 'net open'\nrescue StandardError\n  puts 'net closed'\nend\n",
        cases: [
          {
            input: '',
            expectedOutput: '/etc/shadow absent\n/etc/passwd absent\n/root absent\n/home absent\nnet closed\n',
          },
        ],
      }),
      t.judge.judge({
        language: 'php',
        code: "<?php\nforeach (['/etc/shadow', '/etc/passwd', '/root', '/home'] as $f) echo $f, file_exists($f) ? ' seen' : ' absent', \"\\n\";\necho @fsockopen('1.1.1.1', 80, $errno, $errstr, 2) ? \"net open\\n\" : \"net closed\\n\";\n",
        cases: [
          {
            input: '',
            expectedOutput: '/etc/shadow absent\n/etc/passwd absent\n/root absent\n/home absent\nnet closed\n',
          },
        ],
      }),
      t.judge.judge({
        language: 'go',
        code: 'package main\n\nimport (\n\t"fmt"\n\t"net"\n\t"os"\n)\n\nfunc main() {\n\tfor _, f := range []string{"/etc/shadow", "/root", "/home"} {\n\t\tif _, err := os.Stat(f); err == nil {\n\t\t\tfmt.Println(f, "seen")\n\t\t} else {\n\t\t\tfmt.Println(f, "absent")\n\t\t}\n\t}\n\tif _, err := net.Dial("tcp", "1.1.1.1:80"); err == nil {\n\t\tfmt.Println("net open")\n\t} else {\n\t\tfmt.Println("net closed")\n\t}\n}\n',
        cases: [{ input: '', expectedOutput: '/etc/shadow absent\n/root absent\n/home absent\nnet closed\n' }],
      }),
    ]);
    for (const r of [ruby, php, go]) expect(r.verdict, JSON.stringify(r)).toBe('Accepted');
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
