import { chmod, chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type CompileCache, compileKey, createCompileCache } from './compile-cache';
import { judgeFunction } from './function/judge-function';
import { buildHelper, detectIsolation, ensurePrivateDir, removeCgroupTree } from './isolation';
import { languageDef } from './langs';
import { buildCppPch, buildJavacArchive, type Caches, planFor } from './languages';
import type { Plan } from './plan';
import { Pool } from './pool';
import { judgeProject, PROJECT_STACKS, STACKS, type StackDef, type StackInfo } from './project/index';
import { Sandbox, type SandboxOutcome, type SandboxSpec, sandboxFailed } from './sandbox';
import { judgeSql } from './sql/judge-sql';
import { SQL_SETUP_FILE, sqlPlan } from './sql/plan';
import { detectSqlite, type SqliteToolchain } from './sql/toolchain';
import {
  COMPILE_LIMITS,
  COMPILE_MEM_MB,
  classify,
  compile,
  MAX_SOURCE,
  OUTPUT_LIMIT,
  probeSandbox,
  readHead,
  SHOWN_STDERR,
  STDERR_LIMIT,
} from './steps';
import { detectToolchains, type Toolchain } from './toolchains';
import type { CaseResult, CreateJudgeOptions, Judge, JudgeRequest, JudgeResult, Language, LanguageInfo } from './types';
import { LANGUAGES } from './types';

function clamp(value: number | undefined, fallback: number, min: number, max: number): number {
  const v = typeof value === 'number' && Number.isFinite(value) ? value : fallback;
  return Math.round(Math.min(max, Math.max(min, v)));
}

function defaultCacheDir(): string {
  const uid = process.getuid?.() ?? 0;
  return uid === 0 ? '/var/cache/assessly-judge' : path.join(os.tmpdir(), `assessly-judge-cache-${uid}`);
}

/** The nice value of sandboxed work: CreateJudgeOptions.nice, default 0, clamped to 0..19. */
export function judgeNice(value: number | undefined): number {
  return clamp(value, 0, 0, 19);
}

function sqlWithoutSchema(req: JudgeRequest): JudgeResult {
  const message = "an SQL judging needs the problem's schema";
  return {
    verdict: 'Internal Error',
    compileOutput: message,
    cases: [],
    compileMs: null,
    passedCount: 0,
    totalCount: req.cases.length,
  };
}

export function createJudge(opts: CreateJudgeOptions = {}): Judge {
  const concurrency = Math.max(1, opts.concurrency ?? os.availableParallelism());
  const pool = new Pool(concurrency, Math.max(0, opts.maxQueue ?? 64));
  const workRoot = opts.workRoot ?? path.join(os.tmpdir(), 'assessly-judge-work');
  const cacheDir = opts.cacheDir ?? defaultCacheDir();
  const nice = judgeNice(opts.nice);
  const compileCpuMs = Math.max(1000, opts.compileCpuMs ?? COMPILE_LIMITS.cpuMs);
  const iso = detectIsolation(nice);
  let sandbox: Promise<Sandbox> | null = null;
  let toolchains: Promise<Map<Language, Toolchain>> | null = null;
  const caches = new Map<Language, Promise<Caches>>();
  const compiled: CompileCache | null =
    opts.compileCache === false
      ? null
      : createCompileCache({
          dir: opts.compileCacheDir ?? path.join(cacheDir, 'compiled'),
          maxBytes: opts.compileCacheBytes,
        });

  const getSandbox = () => {
    sandbox ??= (async () => {
      ensurePrivateDir(cacheDir, 0o755);
      ensurePrivateDir(workRoot, 0o711);
      const sb = new Sandbox(iso, await buildHelper(cacheDir), nice);
      await probeSandbox(sb, workRoot, iso.info.warnings);
      return sb;
    })();
    // a failed build is retried on the next request instead of being cached forever
    sandbox.catch(() => {
      sandbox = null;
    });
    return sandbox;
  };
  let sqlite: Promise<SqliteToolchain> | null = null;
  const getSqlite = () => {
    sqlite ??= detectSqlite();
    return sqlite;
  };
  let detectedAt = 0;
  const getToolchains = () => {
    if (!toolchains) {
      detectedAt = Date.now();
      toolchains = detectToolchains();
    }
    return toolchains;
  };
  /** An installed toolchain that did not answer its probe is probed again (at most every 30 s), not lost for good. */
  const retryProbe = async (tc: Toolchain): Promise<Toolchain> => {
    if (tc.info.available || !tc.info.message?.endsWith('does not run') || Date.now() - detectedAt < 30_000) return tc;
    toolchains = null;
    return (await getToolchains()).get(tc.info.id as Language) as Toolchain;
  };
  const getCaches = (lang: Language, tc: Toolchain): Promise<Caches> => {
    let c = caches.get(lang);
    if (!c) {
      c = (async () => ({
        pchDir: lang === 'cpp' ? await buildCppPch(cacheDir, tc) : null,
        javacArchive: lang === 'java' ? await buildJavacArchive(cacheDir, tc) : null,
        languageCache: (await languageDef(lang)?.buildCache?.(cacheDir, tc)) ?? null,
      }))();
      caches.set(lang, c);
    }
    return c;
  };

  const stackInfos = new Map<string, Promise<StackInfo>>();
  const stackInfo = (stack: StackDef): Promise<StackInfo> => {
    let p = stackInfos.get(stack.id);
    if (!p) {
      p = stack.detect();
      stackInfos.set(stack.id, p);
      // a stack missing now may be installed later: asked again on the next run
      p.then((i) => (i.available ? null : stackInfos.delete(stack.id))).catch(() => stackInfos.delete(stack.id));
    }
    return p;
  };
  const projectContext = { sandbox: getSandbox, workRoot, dropTo: iso.dropTo, stackInfo };

  async function languages(): Promise<LanguageInfo[]> {
    const tcs = await getToolchains();
    let sandboxProblem: string | null = iso.bwrap ? null : 'bubblewrap is not installed: judging is disabled';
    if (!sandboxProblem) {
      try {
        await getSandbox();
      } catch (err) {
        sandboxProblem = `sandbox unavailable: ${(err as Error).message}`;
      }
    }
    return LANGUAGES.map((l) => {
      const info = (tcs.get(l) as Toolchain).info;
      return info.available && sandboxProblem ? { ...info, available: false, message: sandboxProblem } : info;
    });
  }

  async function judgeNow(req: JudgeRequest): Promise<JudgeResult> {
    const fail = (message: string): JudgeResult => ({
      verdict: 'Internal Error',
      compileOutput: message,
      cases: [],
      compileMs: null,
      passedCount: 0,
      totalCount: req.cases.length,
    });
    const isSql = req.language === 'sql';
    if (!isSql && !LANGUAGES.includes(req.language as Language))
      return fail(`unknown language ${String(req.language)}`);
    if (!iso.bwrap) return fail('bubblewrap is not installed: judging is disabled');
    const lite = isSql ? await getSqlite() : null;
    if (lite && !lite.available) return fail(`SQL is not available: ${lite.message}`);
    const tc = lite ? null : await retryProbe((await getToolchains()).get(req.language as Language) as Toolchain);
    if (tc && !tc.info.available) return fail(`${tc.info.name} is not available: ${tc.info.message}`);
    const timeLimitMs = clamp(req.timeLimitMs, 2000, 100, 20000);
    const memoryMb = clamp(req.memoryLimitMb, 256, 16, 2048);
    if (typeof req.code !== 'string' || req.code.length > MAX_SOURCE) {
      return {
        ...fail(''),
        verdict: 'Compilation Error',
        compileOutput: `source code missing or over ${MAX_SOURCE >> 10} KiB`,
      };
    }
    let sb: Sandbox;
    try {
      sb = await getSandbox();
    } catch (err) {
      return fail(`sandbox unavailable: ${(err as Error).message}`);
    }
    const plan: Plan = lite
      ? sqlPlan(req.code, lite)
      : await planFor(
          req.language as Language,
          req.code,
          tc as Toolchain,
          await getCaches(req.language as Language, tc as Toolchain),
          memoryMb,
        );
    if (plan.internalError !== undefined) return fail(plan.internalError);
    if (plan.compileError !== undefined)
      return { ...fail(''), verdict: 'Compilation Error', compileOutput: plan.compileError, compileMs: 0 };
    const runDir = await mkdtemp(path.join(workRoot, 's-'));
    try {
      // the unprivileged bwrap must traverse it to bind box/; in/out/err stay root-only (0600)
      await chmod(runDir, 0o711);
      const box = path.join(runDir, 'box');
      await mkdir(box, { mode: 0o755 });
      for (const [name, content] of Object.entries(plan.files))
        await writeFile(path.join(box, name), content, { mode: 0o644 });
      if (iso.dropTo) await chown(box, iso.dropTo.uid, iso.dropTo.gid);
      const io = { stdoutPath: path.join(runDir, 'out'), stderrPath: path.join(runDir, 'err') };
      let compileMs: number | null = null;
      let compileCached = false;
      const key =
        plan.compile && compiled && tc
          ? compileKey({
              language: tc.info.id,
              toolchainVersion: tc.info.version,
              step: plan.compile,
              files: plan.files,
            })
          : null;
      if (key && compiled && (await compiled.restore(key, box))) {
        compileMs = 0;
        compileCached = true;
      } else if (plan.compile) {
        const c = await compile(
          sb,
          plan,
          box,
          io,
          COMPILE_MEM_MB[req.language as Language] ?? COMPILE_LIMITS.memMb,
          compileCpuMs,
        );
        compileMs = c.ms;
        if (c.error !== null) {
          return {
            ...fail(''),
            verdict: c.internal ? 'Internal Error' : 'Compilation Error',
            compileOutput: c.error,
            compileMs,
          };
        }
        if (key && compiled) await compiled.save(key, box, plan.files);
      }
      const cases: CaseResult[] = [];
      for (const [index, tcase] of req.cases.entries()) {
        const inPath = path.join(runDir, 'in');
        // an SQL case's input is the SQL that sets its database up, read by the shell as its init file (the
        // sandboxed uid cannot reopen the root-only stdin file)
        await writeFile(inPath, isSql ? '' : tcase.input, { mode: 0o600 });
        if (isSql) await writeFile(path.join(box, SQL_SETUP_FILE), tcase.input, { mode: 0o644 });
        const spec: SandboxSpec = {
          ...io,
          argv: plan.run.argv,
          binds: plan.run.binds,
          env: plan.run.env,
          boxDir: box,
          boxWritable: false,
          stdinPath: inPath,
          cpuMs: timeLimitMs,
          wallMs: timeLimitMs * 3 + 500,
          memBytes: (memoryMb + plan.runtimeOverheadMb) * 1024 * 1024,
          pids: plan.pids ?? 64,
          nofile: 256,
          fileSizeBytes: 32 << 20,
          stdoutLimit: OUTPUT_LIMIT,
          stderrLimit: STDERR_LIMIT,
          stackBytes: plan.stackBytes ?? memoryMb * 1024 * 1024,
          tmpBytes: 64 << 20,
        };
        let outcome: SandboxOutcome;
        try {
          outcome = await sb.run(spec);
        } catch (err) {
          return { ...fail(`sandbox failure: ${(err as Error).message}`), cases, compileMs };
        }
        const out = await readHead(io.stdoutPath, OUTPUT_LIMIT);
        const err = await readHead(io.stderrPath, SHOWN_STDERR);
        // the program never ran, so stderr holds bwrap's or the supervisor's own message
        if (sandboxFailed(outcome))
          return {
            ...fail(`sandbox failed to start: ${outcome.setup}\n${err.toString('utf8').trim()}`.trim()),
            cases,
            compileMs,
          };
        const judged = classify(
          index,
          outcome,
          out,
          err,
          tcase.expectedOutput,
          req.compare ?? req.floatTolerance,
          timeLimitMs,
          memoryMb,
          plan,
        );
        cases.push(req.keepRawOutput ? { ...judged, rawOutput: out.toString('utf8') } : judged);
      }
      const firstBad = cases.find((c) => c.verdict !== 'Accepted');
      const passedCount = cases.filter((c) => c.passed).length;
      return {
        verdict: firstBad ? firstBad.verdict : 'Accepted',
        compileOutput: null,
        cases,
        compileMs,
        ...(compileCached ? { compileCached } : {}),
        passedCount,
        totalCount: cases.length,
      };
    } finally {
      await rm(runDir, { recursive: true, force: true });
    }
  }

  return {
    async judge(req) {
      return pool.run(() =>
        (req.sql
          ? judgeSql(req, req.sql, judgeNow)
          : req.function
            ? judgeFunction(req, req.function, judgeNow)
            : req.language === 'sql'
              ? Promise.resolve(sqlWithoutSchema(req))
              : judgeNow(req)
        ).catch(
          (err: unknown): JudgeResult => ({
            verdict: 'Internal Error',
            compileOutput: `judge failure: ${(err as Error).message}`,
            cases: [],
            compileMs: null,
            passedCount: 0,
            totalCount: req.cases?.length ?? 0,
          }),
        ),
      );
    },
    languages,
    project: (req) =>
      pool.run(() =>
        iso.bwrap
          ? judgeProject(projectContext, req).catch((err: unknown) => ({
              verdict: 'Internal Error' as const,
              message: `judge failure: ${(err as Error).message}`,
              log: '',
              exitCode: null,
              wallMs: 0,
              cases: [],
            }))
          : Promise.resolve({
              verdict: 'Internal Error' as const,
              message: 'bubblewrap is not installed: judging is disabled',
              log: '',
              exitCode: null,
              wallMs: 0,
              cases: [],
            }),
      ),
    stacks: () => Promise.all(PROJECT_STACKS.map((id) => stackInfo(STACKS[id]))),
    isolation: () => ({ ...iso.info, warnings: [...iso.info.warnings] }),
    async warmup(langs = LANGUAGES) {
      await getSandbox();
      const tcs = await getToolchains();
      await Promise.all(langs.map((l) => (tcs.get(l)?.info.available ? getCaches(l, tcs.get(l) as Toolchain) : null)));
    },
    stats: () => pool.stats(),
    compileCacheStats: () => compiled?.stats() ?? null,
    async close() {
      await pool.drain();
      if (iso.cgroup)
        for (const d of new Set([iso.cgroup.memory, iso.cgroup.pids, iso.cgroup.cpu, iso.cgroup.sched]))
          if (d) removeCgroupTree(d);
    },
  };
}
