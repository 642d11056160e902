/**
 * Where a test case's CPU goes, per language, and the judge of this tree against the judge of a git revision:
 * `npm run bench:cases -w @assessly/judge` (root alias: `npm run bench:judge-cases`). Needs root, bwrap and
 * cgroup v1 or v2.
 *
 * CPU, not wall time (the machine is shared): every figure is user + system time from the kernel's accounting.
 * - judge: this Node process (process.cpuUsage): spawning the supervisor, writing the input, reading the output,
 *   comparing it;
 * - supervisor: the C supervisor and what its child does before it joins the run's cgroup (cgroup set-up, limits,
 *   dropping privileges, polling, reaping), read from a cgroup this bench moves itself into first, minus the judge;
 * - sandbox: the run's cgroups (bwrap's namespaces and mounts, the launcher, the program);
 * - machine: busy time of all CPUs (/proc/stat), which also holds kernel work done on no one's behalf (a network
 *   namespace is torn down by a kernel worker); only meaningful when the machine is otherwise quiet.
 * A case's cost is the marginal one: (a submission of 11 cases − the same submission with 1 case) / 10, with the
 * compile cache on, so the compile (once per submission) cancels out.
 * "empty" is the whole chain (judge spawn + supervisor + sandbox) around /usr/bin/true with the language's binds:
 * the set-up a case pays whatever the program; "program" = a case − empty.
 *
 * Before/after: BENCH_BASE (a git revision, default the merge-base with main) is extracted to
 * packages/judge/.tmp/ and its createJudge loaded next to this tree's; each round runs base and this tree
 * alternately (which goes first alternates too), so both meet the same machine load.
 * BENCH_ROUNDS (default 5), BENCH_LANGS=python,cpp (default all available, and sql).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildHelper, detectIsolation, removeCgroupTree } from '../src/isolation';
import type { createJudge as CreateJudge } from '../src/judge';
import { type Caches, planFor } from '../src/languages';
import { Sandbox, type SandboxSpec } from '../src/sandbox';
import { sqlPlan } from '../src/sql/plan';
import { detectSqlite } from '../src/sql/toolchain';
import { detectToolchains } from '../src/toolchains';
import { type JudgeCase, type JudgeRequest, LANGUAGES, type Language } from '../src/types';
import { ADDED_LANGUAGES, type AddedLanguage, VERDICT_PROGRAMS } from '../test/language-programs';
import { benchSpec } from './bench-spec';

const ROUNDS = Math.max(2, Number(process.env.BENCH_ROUNDS) || 5);
const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = path.resolve(here, '..');
const repo = path.resolve(pkg, '../..');

const SUM: Record<Exclude<Language, AddedLanguage>, string> = {
  javascript: `const [a, b] = require('fs').readFileSync(0, 'utf8').split(' ').map(Number); console.log(a + b);`,
  typescript: `import { readFileSync } from 'fs';\nconst [a, b]: number[] = readFileSync(0, 'utf8').split(' ').map(Number);\nconsole.log(a + b);`,
  python: `a, b = map(int, input().split())\nprint(a + b)`,
  java: `import java.util.*;\npublic class Main { public static void main(String[] x) { Scanner s = new Scanner(System.in); System.out.println(s.nextLong() + s.nextLong()); } }`,
  cpp: `#include <bits/stdc++.h>\nusing namespace std;\nint main(){ long long a, b; cin >> a >> b; cout << a + b << "\\n"; }`,
};
const SQL_SCHEMA = 'CREATE TABLE t (a INTEGER, b INTEGER);';

type Lang = Language | 'sql';

function request(lang: Lang, n: number): JudgeRequest {
  const cases: JudgeCase[] = Array.from({ length: n }, (_, i) => ({
    input:
      lang === 'sql'
        ? `INSERT INTO t VALUES (${i}, ${i});`
        : ADDED_LANGUAGES.includes(lang as AddedLanguage)
          ? `sum ${i} ${i}\n`
          : `${i} ${i}\n`,
    expectedOutput: `${2 * i}\n`,
  }));
  if (lang === 'sql') return { language: 'sql', code: 'SELECT a + b FROM t', cases, sql: { schema: SQL_SCHEMA } };
  const code = ADDED_LANGUAGES.includes(lang as AddedLanguage)
    ? VERDICT_PROGRAMS[lang as AddedLanguage]
    : SUM[lang as keyof typeof SUM];
  return { language: lang, code, cases };
}

/** A cpuacct (v1) or plain (v2) cgroup holding this process and, until they join a run's cgroup, its children. */
function ownCgroup(): { usageUs: () => number; leave: () => void } {
  const v2 = existsSync('/sys/fs/cgroup/cgroup.controllers');
  const root = v2 ? '/sys/fs/cgroup' : '/sys/fs/cgroup/cpuacct';
  const dir = path.join(root, `assessly-case-bench-${process.pid}`);
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'cgroup.procs'), String(process.pid));
  return {
    usageUs: () =>
      v2
        ? Number(/usage_usec (\d+)/.exec(readFileSync(path.join(dir, 'cpu.stat'), 'utf8'))?.[1])
        : Number(readFileSync(path.join(dir, 'cpuacct.usage'), 'utf8')) / 1000,
    leave: () => {
      writeFileSync(path.join(root, 'cgroup.procs'), String(process.pid));
      rmdirSync(dir);
    },
  };
}

/** CPU µs of every run cgroup of this process's judges and sandboxes (their instance dirs carry our pid). */
function sandboxUs(): number {
  const v2 = existsSync('/sys/fs/cgroup/cgroup.controllers');
  const base = v2 ? '/sys/fs/cgroup/assessly-judge' : '/sys/fs/cgroup/cpuacct/assessly-judge';
  let us = 0;
  for (const inst of readdirSync(base).filter((n) => n.startsWith(`i${process.pid}-`))) {
    const file = path.join(base, inst, v2 ? 'cpu.stat' : 'cpuacct.usage');
    const text = readFileSync(file, 'utf8');
    us += v2 ? Number(/usage_usec (\d+)/.exec(text)?.[1]) : Number(text) / 1000;
  }
  return us;
}

/** Busy ms of all CPUs since boot. */
function machineMs(): number {
  const f = (readFileSync('/proc/stat', 'utf8').split('\n')[0] as string).trim().split(/\s+/).slice(1).map(Number);
  const tick = 1000 / 100; // USER_HZ
  return ((f[0] ?? 0) + (f[1] ?? 0) + (f[2] ?? 0) + (f[5] ?? 0) + (f[6] ?? 0) + (f[7] ?? 0)) * tick;
}

interface Split {
  judge: number;
  supervisor: number;
  sandbox: number;
  machine: number;
}
const total = (s: Split) => s.judge + s.supervisor + s.sandbox;

function meter(cg: ReturnType<typeof ownCgroup>) {
  const take = () => {
    const u = process.cpuUsage();
    return { node: (u.user + u.system) / 1000, own: cg.usageUs() / 1000, sb: sandboxUs() / 1000, m: machineMs() };
  };
  return async (fn: () => Promise<unknown>): Promise<Split> => {
    const a = take();
    await fn();
    const b = take();
    return {
      judge: b.node - a.node,
      supervisor: b.own - a.own - (b.node - a.node),
      sandbox: b.sb - a.sb,
      machine: b.m - a.m,
    };
  };
}

const med = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const medSplit = (xs: Split[]): Split => ({
  judge: med(xs.map((x) => x.judge)),
  supervisor: med(xs.map((x) => x.supervisor)),
  sandbox: med(xs.map((x) => x.sandbox)),
  machine: med(xs.map((x) => x.machine)),
});
const f1 = (n: number) => n.toFixed(1);
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** This package at `rev`, extracted under packages/judge/.tmp (node_modules resolve from the repository). */
async function baseJudge(rev: string): Promise<typeof CreateJudge> {
  const sha = execFileSync('git', ['-C', repo, 'rev-parse', '--short', rev], { encoding: 'utf8' }).trim();
  const dir = path.join(pkg, '.tmp', `bench-base-${sha}`);
  if (!existsSync(path.join(dir, 'src', 'judge.ts'))) {
    mkdirSync(dir, { recursive: true });
    const tar = execFileSync('git', ['-C', repo, 'archive', sha, 'packages/judge/src']);
    execFileSync('tar', ['-x', '--strip-components=2', '-C', dir], { input: tar });
  }
  const mod = (await import(path.join(dir, 'src', 'judge.ts'))) as { createJudge: typeof CreateJudge };
  return mod.createJudge;
}

async function main() {
  const rev =
    process.env.BENCH_BASE ??
    execFileSync('git', ['-C', repo, 'merge-base', 'HEAD', 'main'], { encoding: 'utf8' }).trim();
  const cg = ownCgroup();
  process.on('exit', () => cg.leave());
  const measure = meter(cg);
  const { createJudge } = await import('../src/judge');
  const createBase = await baseJudge(rev);
  const tmp = path.join(os.tmpdir(), `case-cpu-bench-${process.pid}`);
  process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
  const judges = {
    base: createBase({ concurrency: 1, compileCacheDir: path.join(tmp, 'base') }),
    now: createJudge({ concurrency: 1, compileCacheDir: path.join(tmp, 'now') }),
  };
  const tcs = await detectToolchains();
  const lite = await detectSqlite();
  const wanted = process.env.BENCH_LANGS?.split(',').filter(Boolean) ?? [...LANGUAGES, 'sql'];
  const langs = wanted.filter((l): l is Lang =>
    l === 'sql'
      ? lite.available
      : (LANGUAGES as readonly string[]).includes(l) && !!tcs.get(l as Language)?.info.available,
  );
  await judges.base.warmup(langs.filter((l): l is Language => l !== 'sql'));
  await judges.now.warmup(langs.filter((l): l is Language => l !== 'sql'));
  const iso = detectIsolation();
  const sb = new Sandbox(iso, await buildHelper('/var/cache/assessly-judge'));
  const box = path.join(tmp, 'box');
  mkdirSync(box, { recursive: true });
  execFileSync('chmod', ['711', tmp]);
  writeFileSync(path.join(tmp, 'in'), '1 2\n');
  const empty = (binds: SandboxSpec['binds'], env: SandboxSpec['env']): SandboxSpec => ({
    ...benchSpec(['/usr/bin/true'], box, tmp, 320),
    binds,
    env,
  });

  console.log(
    `base: ${rev.slice(0, 12)} (BENCH_BASE) vs this tree; ${ROUNDS} rounds; load average at the start: ${load()}`,
  );
  console.log(`isolation: ${JSON.stringify(judges.now.isolation())}`);
  const rows: string[] = [];
  const splits: string[] = [];
  for (const lang of langs) {
    const per: Record<'base' | 'now', Split[]> = { base: [], now: [] };
    for (const which of ['base', 'now'] as const) {
      const r = await judges[which].judge(request(lang, 1)); // compiles once into this judge's cache
      if (r.verdict !== 'Accepted')
        throw new Error(`${lang} (${which}): ${r.verdict} ${r.compileOutput ?? ''} ${r.cases[0]?.stderr ?? ''}`);
    }
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? (['now', 'base'] as const) : (['base', 'now'] as const);
      for (const which of order) {
        const one = await measure(() => judges[which].judge(request(lang, 1)));
        let verdict = '';
        const eleven = await measure(async () => {
          verdict = (await judges[which].judge(request(lang, 11))).verdict;
        });
        if (verdict !== 'Accepted') throw new Error(`${lang} (${which}): ${verdict}`);
        per[which].push({
          judge: (eleven.judge - one.judge) / 10,
          supervisor: (eleven.supervisor - one.supervisor) / 10,
          sandbox: (eleven.sandbox - one.sandbox) / 10,
          machine: (eleven.machine - one.machine) / 10,
        });
      }
    }
    // the set-up alone: /usr/bin/true through the same chain, with the language's binds and environment
    const plan =
      lang === 'sql'
        ? sqlPlan('SELECT 1', lite)
        : await planFor(
            lang,
            request(lang, 1).code,
            tcs.get(lang) as NonNullable<ReturnType<typeof tcs.get>>,
            { pchDir: null, javacArchive: null, languageCache: null } satisfies Caches,
            256,
          );
    const emptySpec = empty(plan.run.binds, plan.run.env);
    const emp: Split[] = [];
    for (let i = 0; i < 2 * ROUNDS; i++) emp.push(await measure(() => sb.run(emptySpec)));
    const b = medSplit(per.base);
    const n = medSplit(per.now);
    const e = medSplit(emp);
    const program = Math.max(0, total(n) - total(e));
    rows.push(
      [
        lang.padEnd(10),
        f1(total(b)).padStart(7),
        f1(total(n)).padStart(7),
        `${f1(100 * (1 - total(n) / total(b)))}%`.padStart(7),
        `${f1(b.machine)}/${f1(n.machine)}`.padStart(11),
        f1(total(e)).padStart(7),
        f1(program).padStart(8),
        `${f1(Math.min(100, (100 * total(e)) / total(n)))}%`.padStart(7),
      ].join(' '),
    );
    const show = (s: Split) => `${f1(s.judge)} + ${f1(s.supervisor)} + ${f1(s.sandbox)} = ${f1(total(s))}`;
    splits.push(`${lang.padEnd(10)} base ${show(b)} | now ${show(n)} | empty ${show(e)}`);
  }
  console.log(
    '\nCPU ms per test case (median of rounds); saved = 1 - now/base; machine = all CPUs (noisy unless quiet)',
  );
  console.log('language      base     now   saved  machine b/n   empty  program  set-up');
  for (const r of rows) console.log(r);
  console.log('\nsplit, ms: judge process + supervisor + sandbox cgroup = total');
  for (const s of splits) console.log(s);
  console.log(`\nload average at the end: ${load()}`);
  await judges.base.close();
  await judges.now.close();
  if (iso.cgroup) for (const d of new Set([iso.cgroup.memory, iso.cgroup.pids, iso.cgroup.cpu])) removeCgroupTree(d);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
