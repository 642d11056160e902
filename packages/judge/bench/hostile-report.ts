/**
 * Hostile and corpus programs with their verdicts: `npx tsx packages/judge/bench/hostile-report.ts`
 * (needs root + bwrap + the toolchains; ~1-2 min). Prints one Markdown table row per program, the table
 * reported in README.md ("What we ran"). Every row says what the program does and the verdict it got.
 */
import { createJudge } from '../src/judge';
import type { JudgeCase, Language } from '../src/types';

interface Entry {
  what: string;
  language: Language;
  code: string;
  cases?: JudgeCase[];
  memoryLimitMb?: number;
  compare?: { mode: 'token' | 'case-insensitive' | 'exact' | 'float'; absTolerance?: number };
}

const ONE: JudgeCase[] = [{ input: 'SECRET-INPUT\n', expectedOutput: 'never' }];
let arrows = '0';
for (let i = 0; i < 24; i++) arrows = `(a = ${arrows}) => a`;

const CORPUS: Entry[] = [
  {
    what: 'writes "bwrap: " + its input to stderr, exit 1',
    language: 'python',
    code: 'import sys\nsys.stderr.write("bwrap: " + sys.stdin.read())\nsys.exit(1)',
  },
  {
    what: 'prints "MemoryError" / OutOfMemoryError, exit 1',
    language: 'python',
    code: 'import sys\nsys.stderr.write("MemoryError\\njava.lang.OutOfMemoryError\\n")\nsys.exit(1)',
  },
  {
    what: 'allocates memory in proportion to an input byte',
    language: 'python',
    code: 'import sys\nx = bytearray(ord(sys.stdin.read()[0]) << 16)\nprint(len(x))',
  },
  {
    what: 'nested default-parameter arrows, 24 levels (276 bytes)',
    language: 'typescript',
    code: `const f = ${arrows};`,
  },
  {
    what: 'fork bomb',
    language: 'python',
    code: 'import os\nwhile True:\n    try: os.fork()\n    except OSError: pass',
  },
  {
    what: 'memory bomb',
    language: 'cpp',
    code: '#include <bits/stdc++.h>\nint main(){ std::vector<char*> v; for(;;){ char*p=new char[1<<20]; memset(p,1,1<<20); v.push_back(p);} }',
  },
  { what: 'infinite loop', language: 'javascript', code: 'for(;;){}' },
  { what: 'sleeps forever', language: 'python', code: 'import time\ntime.sleep(1000)' },
  {
    what: 'floods stdout',
    language: 'cpp',
    code: '#include <cstdio>\nint main(){ for(;;) puts("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"); }',
  },
  { what: 'reads /etc/shadow', language: 'python', code: 'print(open("/etc/shadow").read())' },
  {
    what: 'Java, 48 threads alive at once',
    language: 'java',
    code: 'import java.util.concurrent.*;\npublic class Main { public static void main(String[] a) throws Exception { CountDownLatch l = new CountDownLatch(48); Thread[] t = new Thread[48]; for (int i=0;i<48;i++){ t[i]=new Thread(() -> { l.countDown(); try { l.await(); } catch (Exception e) {} }); t[i].start(); } for (Thread x: t) x.join(); System.out.println("ok"); } }',
    cases: [{ input: '', expectedOutput: 'ok' }],
  },
  {
    what: 'Java, 5000 threads',
    language: 'java',
    code: 'public class Main { public static void main(String[] a) { for (int i=0;i<5000;i++){ Thread t = new Thread(() -> { try { Thread.sleep(60000); } catch (Exception e) {} }); t.setDaemon(true); t.start(); } } }',
  },
  {
    what: 'Java, public class name of 301 characters',
    language: 'java',
    code: `public class C${'x'.repeat(300)} { public static void main(String[] a) {} }`,
  },
  {
    what: 'Java, class Решение (non-ASCII)',
    language: 'java',
    code: 'public class Решение { public static void main(String[] a) { System.out.println("ok"); } }',
    cases: [{ input: '', expectedOutput: 'ok' }],
  },
  {
    what: 'honest: answer with doubled spaces, tabs, a token split over lines',
    language: 'python',
    code: 'print("1  2\\t3\\n\\n4")',
    cases: [{ input: '', expectedOutput: '1 2 3 4\n' }],
  },
  {
    what: 'honest: prints nan and inf, answer NaN and Infinity (float mode)',
    language: 'cpp',
    code: '#include <cstdio>\n#include <cmath>\nint main(){ printf("%f %f\\n", NAN, INFINITY); }',
    cases: [{ input: '', expectedOutput: 'NaN Infinity\n' }],
    compare: { mode: 'float', absTolerance: 1e-6 },
  },
  {
    what: 'honest: "yes" against "YES" (case-insensitive mode)',
    language: 'javascript',
    code: 'console.log("yes")',
    cases: [{ input: '', expectedOutput: 'YES' }],
    compare: { mode: 'case-insensitive' },
  },
  {
    what: 'honest: trailing space on a line (exact mode)',
    language: 'javascript',
    code: 'console.log("1 2 ")',
    cases: [{ input: '', expectedOutput: '1 2\n' }],
    compare: { mode: 'exact' },
  },
  {
    what: 'honest: JavaScript with import syntax',
    language: 'javascript',
    code: "import { readFileSync } from 'fs';\nconsole.log(readFileSync(0, 'utf8').length);",
    cases: [{ input: 'abc', expectedOutput: '3' }],
  },
];

const judge = createJudge({ concurrency: 1 });
console.log('| program | language | verdict | detail |');
console.log('| --- | --- | --- | --- |');
for (const e of CORPUS) {
  const r = await judge.judge({
    language: e.language,
    code: e.code,
    cases: e.cases ?? ONE,
    timeLimitMs: 1000,
    memoryLimitMb: e.memoryLimitMb ?? 128,
    compare: e.compare ?? null,
  });
  const c = r.cases[0];
  const detail = c
    ? [c.message, `${c.timeMs} ms CPU`, `${Math.round(c.memoryKb / 1024)} MB`].filter(Boolean).join(', ')
    : (r.compileOutput ?? '').split('\n')[0]?.slice(0, 80);
  const leaked = JSON.stringify(r.cases.map((x) => x.message)).includes('SECRET-INPUT') ? ' (LEAK)' : '';
  console.log(`| ${e.what} | ${e.language} | ${c?.verdict ?? r.verdict}${leaked} | ${detail} |`);
}
await judge.close();
