/**
 * Project runs (issue 43): `npm run bench:projects`. Needs root + bwrap + each stack's packages. Per stack, the
 * median and p95 of a Run (the starter with its visible tests: what the candidate's Run button costs) and of a
 * Submit (the reference solution with visible and hidden tests), end to end through createJudge(): work dir,
 * files, one sandbox, the runner, its JUnit report, cleanup. BENCH_N sets the runs per figure (default 10).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createJudge } from '../src/judge';
import { PROJECT_STACKS } from '../src/project/types';
import {
  CART_HIDDEN,
  CART_SOLUTION,
  CART_STARTER,
  CART_VISIBLE,
  JS_HIDDEN,
  JS_SOLUTION,
  JS_STARTER,
  JS_VISIBLE,
} from '../test/fixtures/projects';

/** Per stack: the task's files, its test command and how many tests pass on a Run of the starter / a Submit. */
const TASKS = {
  'python-pytest': {
    command: 'pytest -q',
    run: [...CART_STARTER, ...CART_VISIBLE],
    submit: [...CART_STARTER, ...CART_SOLUTION, ...CART_VISIBLE, ...CART_HIDDEN],
    passed: [1, 3],
  },
  'javascript-node': {
    command: 'node --test',
    run: [...JS_STARTER, ...JS_VISIBLE],
    submit: [...JS_STARTER, ...JS_SOLUTION, ...JS_VISIBLE, ...JS_HIDDEN],
    passed: [1, 3],
  },
} as const;

const N = Math.max(3, Number(process.env.BENCH_N) || 10);

function figures(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] as number;
  return `median ${Math.round(at(0.5))} ms, p95 ${Math.round(at(0.95))} ms (n=${s.length})`;
}

const workRoot = mkdtempSync(path.join(os.tmpdir(), 'project-bench-'));
const judge = createJudge({ workRoot, concurrency: 1 });
try {
  const stacks = await judge.stacks!();
  console.log(`Project runs on ${os.availableParallelism()} cores, one at a time (${N} per figure)`);
  for (const id of PROJECT_STACKS) {
    const info = stacks.find((s) => s.id === id);
    if (!info?.available) {
      console.log(`${id}: unavailable (${info?.message})`);
      continue;
    }
    const task = TASKS[id];
    const request = (files: readonly { path: string; content: string }[]) => ({
      stack: id,
      files: [...files],
      testCommand: task.command,
    });
    const time = async (files: readonly { path: string; content: string }[], expectPassed: number) => {
      const ms: number[] = [];
      await judge.project!(request(files)); // warm the page cache and the sandbox
      for (let i = 0; i < N; i++) {
        const t0 = performance.now();
        const r = await judge.project!(request(files));
        ms.push(performance.now() - t0);
        const passed = r.cases.filter((c) => c.passed).length;
        if (r.verdict !== 'Completed' || passed !== expectPassed)
          throw new Error(`${id}: expected ${expectPassed} passed, got ${r.verdict} ${passed}`);
      }
      return ms;
    };
    const run = await time(task.run, task.passed[0]);
    const submit = await time(task.submit, task.passed[1]);
    console.log(`${id} (${info.name} ${info.version}): Run ${figures(run)}; Submit ${figures(submit)}`);
  }
} finally {
  await judge.close();
  rmSync(workRoot, { recursive: true, force: true });
}
