/**
 * What the compile cache buys: `npx tsx packages/judge/bench/compile-cache-bench.ts` (root + bwrap).
 * Per language, a candidate's Run (1 case) and then Submit (10 cases), interleaved in the same run so both
 * meet the same machine load: "before" compiles twice (the Submit's code differs by a comment, so its key
 * differs: what every Submit cost without the cache), "after" submits the Run's code and finds its compile.
 * Every pair has code no other pair has (a comment with a counter), so a hit can only come from its own Run.
 * Reports per pair: median wall ms, and CPU ms of this process plus its sandboxes (the judge's cgroups).
 * BENCH_PAIRS=n (default 6).
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createJudge } from '../src/judge';
import type { Judge, Language } from '../src/types';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 6);

const SUM: Partial<Record<Language, string>> = {
  javascript: `const [a, b] = require('fs').readFileSync(0, 'utf8').split(' ').map(Number); console.log(a + b);`,
  typescript: `import { readFileSync } from 'fs';\nconst [a, b]: number[] = readFileSync(0, 'utf8').split(' ').map(Number);\nconsole.log(a + b);`,
  python: `a, b = map(int, input().split())\nprint(a + b)`,
  java: `import java.util.*;\npublic class Main { public static void main(String[] x) { Scanner s = new Scanner(System.in); System.out.println(s.nextLong() + s.nextLong()); } }`,
  cpp: `#include <bits/stdc++.h>\nusing namespace std;\nint main(){ long long a, b; cin >> a >> b; cout << a + b << "\\n"; }`,
};
const COMMENT: Partial<Record<Language, string>> = {
  javascript: '//',
  typescript: '//',
  python: '#',
  java: '//',
  cpp: '//',
};

/**
 * CPU ms of this process plus everything sandboxed by its judge: the judge's cgroups (named after our pid)
 * count every compile and run, whichever process inside the sandbox spent it.
 */
function cpuMs(): number {
  const own = process.cpuUsage();
  let sandboxed = 0;
  for (const [base, file] of [
    ['/sys/fs/cgroup/cpuacct/assessly-judge', 'cpuacct.usage'],
    ['/sys/fs/cgroup/assessly-judge', 'cpu.stat'],
  ] as const) {
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base).filter((n) => n.startsWith(`i${process.pid}-`))) {
      const text = readFileSync(path.join(base, name, file), 'utf8');
      sandboxed += file === 'cpu.stat' ? Number(/usage_usec (\d+)/.exec(text)?.[1] ?? 0) / 1000 : Number(text) / 1e6;
    }
    break;
  }
  return (own.user + own.system) / 1000 + sandboxed;
}

const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

let serial = 0;
const unique = (language: Language) => `${SUM[language]}\n${COMMENT[language]} ${process.pid}-${serial++}\n`;

/**
 * One Run and one Submit. `cached`: the same code twice (the Submit finds the Run's compile); otherwise the
 * Submit's code differs by a comment, which is what every Submit cost before the cache: a second compile.
 */
async function pair(
  judge: Judge,
  language: Language,
  cached: boolean,
): Promise<{ wall: number; cpu: number; hit: boolean }> {
  const code = unique(language);
  const cases = Array.from({ length: 10 }, (_, i) => ({ input: `${i} ${i}\n`, expectedOutput: `${2 * i}\n` }));
  const c0 = cpuMs();
  const t0 = performance.now();
  const run = await judge.judge({ language, code, cases: [{ input: '2 40\n', expectedOutput: null }] });
  const submit = await judge.judge({ language, code: cached ? code : unique(language), cases });
  const wall = performance.now() - t0;
  if (run.cases[0]?.output.trim() !== '42' || submit.verdict !== 'Accepted')
    throw new Error(`${language}: ${run.verdict} / ${submit.verdict} ${submit.compileOutput ?? ''}`);
  return { wall, cpu: cpuMs() - c0, hit: submit.compileCached === true };
}

async function main() {
  const compileCacheDir = path.join(os.tmpdir(), `compile-cache-bench-${process.pid}`);
  process.on('exit', () => rmSync(compileCacheDir, { recursive: true, force: true }));
  // one judge: two judges in one process would share its cgroup parents (and it is how the server runs)
  const judge = createJudge({ concurrency: 1, compileCacheDir });
  await judge.warmup();
  console.log(`loadavg before: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
  console.log('language    before wall/cpu ms  after wall/cpu ms  cpu saved  hits');
  for (const language of ['cpp', 'java', 'typescript', 'python', 'javascript'] as Language[]) {
    const r = { off: [] as { wall: number; cpu: number }[], on: [] as { wall: number; cpu: number }[] };
    let hits = 0;
    for (let i = 0; i < PAIRS; i++) {
      r.off.push(await pair(judge, language, false));
      const p = await pair(judge, language, true);
      r.on.push(p);
      if (p.hit) hits += 1;
    }
    const offCpu = med(r.off.map((x) => x.cpu));
    const onCpu = med(r.on.map((x) => x.cpu));
    console.log(
      `${language.padEnd(11)} ${`${med(r.off.map((x) => x.wall)).toFixed(0)}/${offCpu.toFixed(0)}`.padStart(16)} ` +
        `${`${med(r.on.map((x) => x.wall)).toFixed(0)}/${onCpu.toFixed(0)}`.padStart(16)} ` +
        `${offCpu > 0 ? `${(100 * (1 - onCpu / offCpu)).toFixed(0)}%` : '-'}`.padStart(10) +
        `  ${hits}/${PAIRS}`,
    );
  }
  console.log(`loadavg after: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
  await judge.close();
}

await main();
