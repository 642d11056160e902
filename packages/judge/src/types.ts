import type { CompareRule } from './compare';
import type { CompileCacheStats } from './compile-cache';
import type { FunctionSpec } from './function/types';
import type { Language } from './language-ids';
import type { ProjectRequest, ProjectResult, StackInfo } from './project/types';
import type { SqlSpec } from './sql/types';

export { LANGUAGES, type Language } from './language-ids';

/** What a judging may be written in: a code language, or `sql` for an SQL problem (issue 25). */
export type JudgeLanguage = Language | 'sql';

export type Verdict =
  | 'Accepted'
  | 'Wrong Answer'
  | 'Time Limit Exceeded'
  | 'Memory Limit Exceeded'
  | 'Runtime Error'
  | 'Output Limit Exceeded'
  | 'Compilation Error'
  | 'Internal Error';

export interface JudgeCase {
  input: string;
  /** null = custom stdin: the program runs but its output is not compared (passed = ran cleanly). */
  expectedOutput: string | null;
  /**
   * A hidden case: no text of its run (stderr, output, error message) may become the submission-level message,
   * which the candidate sees; a failure there is reported with a generic text instead.
   */
  hidden?: boolean;
}

export interface JudgeRequest {
  /** `sql` only with `sql` set (an SQL problem). */
  language: JudgeLanguage;
  code: string;
  cases: JudgeCase[];
  /** CPU time per case in ms, default 2000 (clamped to 100..20000). Wall limit 3x + 0.5 s (+ time spent waiting for a CPU). */
  timeLimitMs?: number;
  /** Memory per case in MiB, default 256 (clamped to 16..2048). */
  memoryLimitMb?: number;
  /** Older form of `compare`: a positive number = float mode with this absolute and relative tolerance. */
  floatTolerance?: number | null;
  /** How output is compared (see compare.ts); default token by token. Takes precedence over floatTolerance. */
  compare?: CompareRule | null;
  /** A function problem (issue 25): `code` is the candidate's function, wrapped in a generated harness. */
  function?: FunctionSpec | null;
  /** An SQL problem (issue 25): `code` is the candidate's SQL, run on a fresh database per case. */
  sql?: SqlSpec | null;
  /** Keep each case's whole stdout (up to the output limit) in CaseResult.rawOutput. */
  keepRawOutput?: boolean;
}

export interface CaseResult {
  index: number;
  passed: boolean;
  verdict: Verdict;
  /** CPU time in ms (user + system, all processes of the run). */
  timeMs: number;
  wallMs: number;
  /** Peak memory in KiB (cgroup peak where available, else max RSS). */
  memoryKb: number;
  exitCode: number | null;
  /** Signal name such as SIGSEGV when the program was killed by a signal. */
  signal: string | null;
  /** Program stdout, trimmed to 64 KiB. */
  output: string;
  /** Program stderr, trimmed to 8 KiB. */
  stderr: string;
  /** Human-readable detail for non-Accepted verdicts (e.g. "exit code 1", "CPU time limit"). */
  message: string | null;
  /** The whole stdout, only when the request set keepRawOutput. */
  rawOutput?: string;
}

export interface JudgeResult {
  /** First non-Accepted case verdict, or Compilation Error / Internal Error, else Accepted. */
  verdict: Verdict;
  /** Compiler diagnostics (trimmed to 8 KiB, sandbox paths hidden) or the Internal Error message. */
  compileOutput: string | null;
  cases: CaseResult[];
  compileMs: number | null;
  /** True when the compiled program came from the compile cache (compileMs is then 0). */
  compileCached?: boolean;
  passedCount: number;
  totalCount: number;
}

export interface LanguageInfo {
  id: Language;
  name: string;
  version: string | null;
  available: boolean;
  message: string | null;
}

export interface IsolationInfo {
  sandbox: 'bubblewrap' | 'none';
  memory: 'cgroup-v2' | 'cgroup-v1' | 'rlimit-as';
  pids: 'cgroup' | 'rlimit';
  /** Host uid the candidate code runs as. */
  uid: number;
  /** Every weaker-than-intended setting in force, in plain words. Empty = full isolation. */
  warnings: string[];
}

export interface Judge {
  judge(req: JudgeRequest): Promise<JudgeResult>;
  languages(): Promise<LanguageInfo[]>;
  isolation(): IsolationInfo;
  /** Builds caches (helper, C++ precompiled header, Java CDS archive) ahead of the first request. */
  warmup(languages?: readonly Language[]): Promise<void>;
  /** Current pool load, for health endpoints. */
  stats(): { running: number; queued: number; concurrency: number; maxQueue: number };
  /** Hits, misses, stores, refused (poisoned) and evicted entries of the compile cache; null when it is off. */
  compileCacheStats?(): CompileCacheStats | null;
  /** Runs a project's test command over its files in one sandbox (issue 43); never throws for a bad project. */
  project?(req: ProjectRequest): Promise<ProjectResult>;
  /** The project stacks and whether this host has them. */
  stacks?(): Promise<StackInfo[]>;
  close(): Promise<void>;
}

export interface CreateJudgeOptions {
  /** Where per-submission work dirs are created (default <os.tmpdir()>/assessly-judge-work). */
  workRoot?: string;
  /** Where the helper binary, precompiled header and CDS archive live (default /var/cache/assessly-judge as root). */
  cacheDir?: string;
  /** Judgings running at once, default os.availableParallelism(). */
  concurrency?: number;
  /** Judgings waiting for a slot, default 64; beyond that judge() rejects with JudgeQueueFullError. */
  maxQueue?: number;
  /**
   * CPU priority of compiles and runs: the nice value (0..19, default 0 = unchanged) set on every sandboxed
   * process (and the judge's CPU cgroup weight), so the server in front of the judge stays responsive while
   * the judge is saturated. The server passes JUDGE_NICE (default 10).
   */
  nice?: number;
  /**
   * CPU time one compile may use, default COMPILE_LIMITS.cpuMs (10 s); its wall-clock limit is twice that.
   * A slow host may need more; a test that proves the limit stops a transpiler bomb needs less.
   */
  compileCpuMs?: number;
  /** Reuse compiled programs across judgings (and processes sharing cacheDir); default on. */
  compileCache?: boolean;
  /** Where compiled programs are kept (default <cacheDir>/compiled); judges sharing it share their compiles. */
  compileCacheDir?: string;
  /** Size of the compile cache before least recently used entries are evicted, default 256 MiB. */
  compileCacheBytes?: number;
}

export class JudgeQueueFullError extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(`judge queue is full, retry in ${retryAfterSeconds}s`);
    this.name = 'JudgeQueueFullError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
