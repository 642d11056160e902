// What the judge runs for one submission in one language (types only, shared by languages.ts and langs/).
import type { Bind } from './sandbox';

export interface Step {
  argv: string[];
  env?: Record<string, string>;
  binds?: Bind[];
}

export interface Plan {
  /** Files written into the fresh work dir before compiling. */
  files: Record<string, string>;
  /** Sandboxed compile step (work dir writable), or null. */
  compile: Step | null;
  /** Set when the judge cannot plan this language here (a missing tool): an Internal Error. */
  internalError?: string;
  run: Step;
  /** RLIMIT_STACK override in bytes (default: the memory limit, so deep recursion works like on contest judges). */
  stackBytes?: number;
  /** Extra cgroup memory for the runtime itself (JVM, V8) on top of the problem's limit. */
  runtimeOverheadMb: number;
  /** Processes + threads of one run (default 64). The JVM starts ~16 threads of its own. */
  pids?: number;
  /** Set when the source cannot be compiled for a reason the compiler would explain badly. */
  compileError?: string;
  /** Processes + threads of the compile step (default 32): go build, mcs and kotlinc start many of their own. */
  compilePids?: number;
}
