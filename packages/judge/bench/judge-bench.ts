/**
 * Judge benchmark: `npm run bench -w @assessly/judge` (root alias: npm run bench:judge). Needs root + bwrap.
 * Per language prints: median/p95 of a hello-world submission and of a 10-case submission (end to end:
 * work dir, compile, runs, cleanup), compile time, the sandbox's overhead over running the same program
 * bare, and throughput (submissions/second) with every core busy. The judge's compile cache is off here: every
 * submission compiles, as a new program does. BENCH_QUICK=1 halves the sample sizes; BENCH_N=3 sets them (3
 * hello-world submissions per language, the rest in proportion: all twelve in about two minutes on a quiet
 * 2-core machine); BENCH_LANGS=go,rust measures only those languages.
 * CPU per test case (judge process, supervisor, sandbox, against a git revision): bench/case-cpu.ts (`npm run bench:cases`).
 */
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildHelper, detectIsolation } from '../src/isolation';
import { createJudge } from '../src/judge';
import { buildKotlincArchive } from '../src/langs/kotlin';
import { type Caches, planFor } from '../src/languages';
import { Sandbox, type SandboxSpec } from '../src/sandbox';
import { detectToolchains, type Toolchain } from '../src/toolchains';
import { LANGUAGES, type Language } from '../src/types';
import { benchSpec } from './bench-spec';

const QUICK = process.env.BENCH_QUICK === '1';
const N_HELLO = Math.max(2, Number(process.env.BENCH_N) || (QUICK ? 8 : 15));
const N_TEN = Math.max(2, Math.round(N_HELLO / 2));
const N_BARE = Math.max(4, Math.round((N_HELLO * 4) / 3));
/** Compiles per variant when measuring what a compiler cache buys (C++ PCH, javac and kotlinc CDS archives). */
const N_CACHE = N_HELLO < 8 ? 2 : 3;
const cores = os.availableParallelism();

/** BENCH_LANGS=go,rust limits the run to some languages (all twelve by default). */
const ONLY = process.env.BENCH_LANGS?.split(',').filter(Boolean) ?? null;

const HELLO: Record<Language, string> = {
  javascript: `const s = require('fs').readFileSync(0, 'utf8'); console.log('hello ' + s.trim());`,
  typescript: `import { readFileSync } from 'fs';\nconst s: string = readFileSync(0, 'utf8'); console.log('hello ' + s.trim());`,
  python: `print('hello ' + input().strip())`,
  java: `import java.io.*;\npublic class Main { public static void main(String[] a) throws IOException { BufferedReader r = new BufferedReader(new InputStreamReader(System.in)); System.out.println("hello " + r.readLine().trim()); } }`,
  cpp: `#include <bits/stdc++.h>\nusing namespace std;\nint main(){ string s; cin >> s; cout << "hello " << s << "\\n"; }`,
  c: `#include <stdio.h>\nint main(void){ char s[64]; if (scanf("%63s", s) == 1) printf("hello %s\\n", s); return 0; }`,
  csharp: `using System;\nclass P { static void Main() { Console.WriteLine("hello " + Console.ReadLine().Trim()); } }`,
  go: `package main\n\nimport "fmt"\n\nfunc main() {\n\tvar s string\n\tfmt.Scan(&s)\n\tfmt.Println("hello " + s)\n}\n`,
  rust: `use std::io::Read;\nfn main() { let mut s = String::new(); std::io::stdin().read_to_string(&mut s).unwrap(); println!("hello {}", s.trim()); }`,
  kotlin: `fun main() { println("hello " + readLine()!!.trim()) }`,
  ruby: `puts "hello " + STDIN.read.strip`,
  php: `<?php echo "hello ", trim(stream_get_contents(STDIN)), "\\n";`,
};

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? Number.NaN;
};
const med = (xs: number[]) => pct(xs, 50);
const f = (n: number) => (Number.isFinite(n) ? n.toFixed(n < 10 ? 1 : 0) : '-');

function spawnTimed(argv: string[], cwd: string, stdinFile: string, stdoutFile: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const inFd = openSync(stdinFile, 'r');
    const outFd = openSync(stdoutFile, 'w');
    const t = performance.now();
    const c = spawn(argv[0] as string, argv.slice(1), {
      cwd,
      stdio: [inFd, outFd, 'ignore'],
      env: { PATH: '/usr/bin:/bin' },
    });
    c.on('error', reject);
    c.on('close', () => {
      closeSync(inFd);
      closeSync(outFd);
      resolve(performance.now() - t);
    });
  });
}

async function main() {
  console.log(`load average at the start: ${loadavg()}; samples: ${N_HELLO} hello, ${N_TEN} 10-case, ${N_BARE} bare`);
  const judge = createJudge({ concurrency: cores, maxQueue: 1000, compileCache: false });
  const iso = detectIsolation();
  const helper = await buildHelper('/var/cache/assessly-judge');
  const sb = new Sandbox(iso, helper);
  /** CPU (user+sys, from the cgroup) of one run through the supervisor, with bwrap or with the bare command. */
  const cpuOf = (s: SandboxSpec, bareArgv?: string[]): number => {
    const args = sb.helperArgs(s, 'bench');
    const cut = args.indexOf('--');
    const full = bareArgv ? [...args.slice(0, cut + 1), ...bareArgv] : args;
    const out = execFileSync(helper, full, { encoding: 'utf8', env: {} });
    return (JSON.parse(out.trim().split('\n').pop() as string) as { cpuUs: number }).cpuUs / 1000;
  };
  const tcs = await detectToolchains();
  const t0 = performance.now();
  await judge.warmup(LANGUAGES.filter((l) => !ONLY || ONLY.includes(l)));
  console.log(`isolation: ${JSON.stringify(judge.isolation())}`);
  console.log(`cores: ${cores}, warm-up (helper, PCH, CDS) ${f(performance.now() - t0)} ms\n`);

  const scratch = mkdtempSync(path.join(os.tmpdir(), 'judge-bench-'));
  process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
  // the unprivileged sandbox must be able to traverse to the box dir
  execFileSync('chmod', ['711', scratch]);
  const rows: string[] = [];
  const notes: string[] = [];
  const cases10 = Array.from({ length: 10 }, (_, i) => ({ input: `w${i}\n`, expectedOutput: `hello w${i}\n` }));

  // bare sandbox cost: /bin/true inside vs outside
  {
    const box = path.join(scratch, 'true');
    mkdirSync(box);
    writeFileSync(path.join(scratch, 'in'), 'x\n');
    const bare: number[] = [];
    const boxed: number[] = [];
    for (let i = 0; i < N_BARE; i++) {
      bare.push(await spawnTimed(['/bin/true'], box, path.join(scratch, 'in'), path.join(scratch, 'out')));
      const t = performance.now();
      await sb.run(benchSpec(['/bin/true'], box, scratch, 256));
      boxed.push(performance.now() - t);
    }
    const cpuBare: number[] = [];
    const cpuBoxed: number[] = [];
    for (let i = 0; i < N_BARE; i++) {
      cpuBare.push(cpuOf(benchSpec(['/bin/true'], box, scratch, 256), ['/bin/true']));
      cpuBoxed.push(cpuOf(benchSpec(['/bin/true'], box, scratch, 256)));
    }
    console.log(
      `/bin/true: wall bare ${f(med(bare))} ms, sandboxed ${f(med(boxed))} ms -> sandbox overhead ${f(med(boxed) - med(bare))} ms wall; ` +
        `CPU ${f(med(cpuBare))} ms bare vs ${f(med(cpuBoxed))} ms sandboxed -> ${f(med(cpuBoxed) - med(cpuBare))} ms CPU\n`,
    );
  }

  for (const lang of LANGUAGES.filter((l) => !ONLY || ONLY.includes(l))) {
    const tc = tcs.get(lang);
    if (!tc?.info.available) {
      rows.push(`${lang}: unavailable (${tc?.info.message})`);
      continue;
    }
    const one = [{ input: 'w\n', expectedOutput: 'hello w\n' }];
    const hello: number[] = [];
    const compile: number[] = [];
    const runCpu: number[] = [];
    for (let i = 0; i < N_HELLO; i++) {
      const t = performance.now();
      const r = await judge.judge({ language: lang, code: HELLO[lang], cases: one });
      hello.push(performance.now() - t);
      if (r.verdict !== 'Accepted')
        throw new Error(`${lang}: ${r.verdict} ${r.compileOutput ?? ''} ${r.cases[0]?.stderr ?? ''}`);
      if (r.compileMs !== null) compile.push(r.compileMs);
      runCpu.push(r.cases[0]?.timeMs ?? 0);
    }
    const ten: number[] = [];
    for (let i = 0; i < N_TEN; i++) {
      const t = performance.now();
      const r = await judge.judge({ language: lang, code: HELLO[lang], cases: cases10 });
      ten.push(performance.now() - t);
      if (r.verdict !== 'Accepted') throw new Error(`${lang} 10-case: ${r.verdict} ${r.compileOutput ?? ''}`);
    }

    // overhead: the same program, run bare and sandboxed
    const box = path.join(scratch, lang);
    mkdirSync(box);
    const { bare: bareArgv, boxed: boxedArgv, binds } = await prepareBare(lang, box, tc, sb, scratch);
    chownSync(box, 65534, 65534);
    writeFileSync(path.join(scratch, 'in'), 'w\n');
    const bare: number[] = [];
    const boxed: number[] = [];
    for (let i = 0; i < N_BARE; i++) {
      bare.push(await spawnTimed(bareArgv, box, path.join(scratch, 'in'), path.join(scratch, 'out')));
      const t = performance.now();
      await sb.run({
        ...benchSpec(boxedArgv, box, scratch, lang === 'java' || lang.endsWith('script') ? 320 : 256),
        binds,
      });
      boxed.push(performance.now() - t);
    }
    const boxedSpec = {
      ...benchSpec(boxedArgv, box, scratch, lang === 'java' || lang.endsWith('script') ? 320 : 256),
      binds,
    };
    const cpuBare: number[] = [];
    const cpuBoxed: number[] = [];
    for (let i = 0; i < N_BARE / 2; i++) {
      cpuBare.push(cpuOf(boxedSpec, bareArgv));
      cpuBoxed.push(cpuOf(boxedSpec));
    }

    // throughput: enough hello-world submissions in flight to keep every core busy
    const k =
      lang === 'kotlin'
        ? cores * (N_HELLO < 8 ? 1 : 2)
        : ['java', 'cpp', 'c', 'csharp', 'go', 'rust'].includes(lang)
          ? cores * Math.min(6, N_HELLO)
          : cores * Math.min(12, 2 * N_HELLO);
    const t = performance.now();
    await Promise.all(Array.from({ length: k }, () => judge.judge({ language: lang, code: HELLO[lang], cases: one })));
    const tput = k / ((performance.now() - t) / 1000);

    rows.push(
      [
        lang.padEnd(10),
        `${f(med(hello))}/${f(pct(hello, 95))}`.padStart(12),
        `${f(med(ten))}/${f(pct(ten, 95))}`.padStart(12),
        (compile.length ? f(med(compile)) : '-').padStart(8),
        f(med(runCpu)).padStart(8),
        f(med(bare)).padStart(8),
        f(med(boxed)).padStart(8),
        f(med(boxed) - med(bare)).padStart(9),
        f(med(cpuBoxed) - med(cpuBare)).padStart(8),
        f(tput).padStart(8),
        f(tput / cores).padStart(9),
      ].join(' '),
    );
    rmSync(box, { recursive: true, force: true });

    if (lang === 'cpp' || lang === 'java' || lang === 'kotlin') {
      // what the precompiled header / CDS archives buy: the same sandboxed compile with and without them,
      // interleaved so both meet the same load; wall and CPU (the compile's cgroup) medians
      const cacheDir = '/var/cache/assessly-judge';
      const cached: Caches = {
        pchDir: lang === 'cpp' ? `${cacheDir}/pch-${tc.info.version}` : null,
        javacArchive: lang === 'java' ? `${cacheDir}/javac-${tc.info.version}.jsa` : null,
        languageCache: lang === 'kotlin' ? await buildKotlincArchive(cacheDir, tc) : null,
      };
      const bare: Caches = { pchDir: null, javacArchive: null, languageCache: null };
      const wall: Record<'with' | 'without', number[]> = { with: [], without: [] };
      const cpu: Record<'with' | 'without', number[]> = { with: [], without: [] };
      for (let i = 0; i < N_CACHE; i++) {
        for (const variant of ['with', 'without'] as const) {
          const cbox = path.join(scratch, `c-${lang}-${i}-${variant}`);
          mkdirSync(cbox);
          // Kotlin "without" is the compile as it was before its archive: through the compiler's preloader
          const { classPath: _direct, ...preloaded } = tc.bin;
          const tcFor = variant === 'without' && lang === 'kotlin' ? { ...tc, bin: preloaded } : tc;
          const plan = await planFor(lang, HELLO[lang], tcFor, variant === 'with' ? cached : bare, 256);
          for (const [name, content] of Object.entries(plan.files)) writeFileSync(path.join(cbox, name), content);
          chownSync(cbox, 65534, 65534);
          const step = plan.compile as NonNullable<typeof plan.compile>;
          const t1 = performance.now();
          const o = await sb.run({
            ...benchSpec(step.argv, cbox, scratch, 768),
            binds: step.binds,
            boxWritable: true,
            cpuMs: 60000,
            wallMs: 180000,
            pids: plan.compilePids ?? 32,
            fileSizeBytes: 256 << 20,
          });
          wall[variant].push(performance.now() - t1);
          cpu[variant].push(o.cpuUs / 1000);
          if (o.code !== 0) throw new Error(`${lang} compile failed in bench`);
        }
      }
      const what = {
        cpp: 'precompiled bits/stdc++.h',
        java: 'javac CDS archive',
        kotlin: 'kotlinc CDS archive (direct class path)',
      }[lang];
      notes.push(
        `${lang} compile of hello world: ${f(med(wall.with))} ms wall / ${f(med(cpu.with))} ms CPU with ${what}, ` +
          `${f(med(wall.without))} ms wall / ${f(med(cpu.without))} ms CPU without${lang === 'kotlin' ? ' (preloader, as before)' : ''}`,
      );
    }
  }
  console.log('all times in ms; hello/10-case = median/p95 of a whole submission (compile + runs + cleanup);');
  console.log('overhead = sandboxed minus bare wall time of the same program; cpu-ovh = the same in CPU time (cgroup)');
  console.log(
    'language   hello med/p95  10case m/p95  compile  run-cpu  bare-run boxed-run overhead cpu-ovh  subs/s  subs/s/core',
  );
  for (const r of rows) console.log(r);
  for (const n of notes) console.log(n);
  console.log(`load average at the end: ${loadavg()}`);
  await judge.close();
  rmSync(scratch, { recursive: true, force: true });
}

function loadavg(): string {
  return os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
}

/** Writes and compiles the hello program in `box` outside the sandbox; returns bare and sandboxed command lines. */
async function prepareBare(lang: Language, box: string, tc: Toolchain, sb: Sandbox, scratch: string) {
  const bin = tc.bin;
  const none: { src: string; dest: string }[] = [];
  switch (lang) {
    case 'cpp':
      writeFileSync(path.join(box, 'main.cpp'), HELLO.cpp);
      execFileSync(bin.gxx as string, ['-std=c++17', '-O2', '-o', path.join(box, 'main'), path.join(box, 'main.cpp')]);
      return { bare: [path.join(box, 'main')], boxed: ['/box/main'], binds: none };
    case 'python':
      writeFileSync(path.join(box, 'main.py'), HELLO.python);
      return {
        bare: [bin.python as string, '-B', '-s', path.join(box, 'main.py')],
        boxed: [bin.python as string, '-B', '-s', '/box/main.py'],
        binds: none,
      };
    case 'javascript':
    case 'typescript': {
      const { transform } = await import('sucrase');
      const js =
        lang === 'typescript'
          ? transform(HELLO.typescript, { transforms: ['typescript', 'imports'] }).code
          : HELLO.javascript;
      writeFileSync(path.join(box, 'main.js'), js);
      const flags = ['--max-old-space-size=256', '--stack-size=65280'];
      return {
        bare: [bin.node as string, ...flags, path.join(box, 'main.js')],
        boxed: [bin.node as string, ...flags, '/box/main.js'],
        binds: none,
      };
    }
    case 'java': {
      writeFileSync(path.join(box, 'Main.java'), HELLO.java);
      execFileSync(bin.javac as string, ['-d', box, path.join(box, 'Main.java')]);
      const flags = [
        '-XX:+UseSerialGC',
        '-XX:-UsePerfData',
        '-XX:ActiveProcessorCount=1',
        '-Xshare:auto',
        '-Xss16m',
        '-Xmx256m',
      ];
      const etc = ['/etc/java-17-openjdk'].map((d) => ({ src: d, dest: d }));
      return {
        bare: [bin.java as string, ...flags, '-cp', box, 'Main'],
        boxed: [bin.java as string, ...flags, '-cp', '/box', 'Main'],
        binds: etc,
      };
    }
    default: {
      // the added languages: compiled by the judge's own plan in the sandbox, then run bare and sandboxed
      const plan = await planFor(lang, HELLO[lang], tc, { pchDir: null, javacArchive: null, languageCache: null }, 256);
      for (const [name, content] of Object.entries(plan.files)) writeFileSync(path.join(box, name), content);
      chownSync(box, 65534, 65534);
      if (plan.compile) {
        const o = await sb.run({
          ...benchSpec(plan.compile.argv, box, scratch, 768),
          binds: plan.compile.binds,
          env: plan.compile.env,
          boxWritable: true,
          cpuMs: 30000,
          wallMs: 120000,
          pids: plan.compilePids ?? 32,
          fileSizeBytes: 256 << 20,
        });
        if (o.code !== 0) throw new Error(`${lang} compile failed in bench`);
      }
      const onHost = (a: string) => a.replaceAll('/box/', `${box}/`);
      return { bare: plan.run.argv.map(onHost), boxed: plan.run.argv, binds: plan.run.binds ?? none };
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
