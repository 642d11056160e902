/** Project tasks (issue 43): a file tree whose tests a stack's runner executes in one sandboxed run. */

/** The stacks a project may use; each is a row of STACKS in stacks.ts. */
export const PROJECT_STACKS = ['python-pytest', 'javascript-node'] as const;
export type ProjectStack = (typeof PROJECT_STACKS)[number];

export interface ProjectFile {
  /** Relative path inside the workspace ("src/cart.py"); checked again by the judge. */
  path: string;
  content: string;
}

export interface ProjectRequest {
  stack: ProjectStack;
  /** Every file the run sees: the workspace and the tests it runs (hidden ones only when grading). */
  files: ProjectFile[];
  /** The runner and its arguments, e.g. "pytest -q tests"; no shell. */
  testCommand: string;
  /** Wall-clock limit of the whole run in ms (default 20000, 1000..60000); CPU time has the same cap. */
  timeLimitMs?: number;
  /** Memory of the whole run in MiB (default 512, 64..2048). */
  memoryLimitMb?: number;
}

export type ProjectOutcome = 'passed' | 'failed' | 'error' | 'skipped';

export interface ProjectCase {
  /** The runner's own id of the test: "tests/test_cart.py::test_total". */
  name: string;
  file: string | null;
  outcome: ProjectOutcome;
  passed: boolean;
  timeMs: number;
  /** The failure text and the test's captured output, trimmed to 8 KiB. */
  output: string;
}

export type ProjectVerdict =
  | 'Completed'
  | 'Time Limit Exceeded'
  | 'Output Limit Exceeded'
  | 'Memory Limit Exceeded'
  | 'Runner Error'
  | 'Internal Error';

export interface ProjectResult {
  /** Completed: the runner finished and wrote its report (tests may still have failed). */
  verdict: ProjectVerdict;
  /** Why the run is not Completed, in plain words; null when it is. */
  message: string | null;
  /** The runner's stdout and stderr, trimmed to 64 KiB (a terminal-style log of the run). */
  log: string;
  exitCode: number | null;
  wallMs: number;
  cases: ProjectCase[];
}

/** A stack and whether this host has it. */
export interface StackInfo {
  id: ProjectStack;
  name: string;
  version: string | null;
  available: boolean;
  message: string | null;
}
