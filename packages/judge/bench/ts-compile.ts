/**
 * TypeScript transpile cost now that it runs in the sandbox: `npx tsx packages/judge/bench/ts-compile.ts`.
 * Prints the median compile step (ms, wall) and whole-submission time of a TypeScript hello world over 7 runs.
 */
import { createJudge } from '../src/judge';

const judge = createJudge({ concurrency: 1 });
await judge.warmup(['typescript']);
const compile: number[] = [];
const total: number[] = [];
for (let i = 0; i < 7; i++) {
  const t0 = performance.now();
  const r = await judge.judge({
    language: 'typescript',
    code: "import { readFileSync } from 'fs';\nconst s: string = readFileSync(0, 'utf8');\nconsole.log('hello ' + s.trim());",
    cases: [{ input: 'x', expectedOutput: 'hello x' }],
  });
  total.push(performance.now() - t0);
  compile.push(r.compileMs ?? 0);
  if (r.verdict !== 'Accepted') throw new Error(JSON.stringify(r));
}
const median = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1]!.toFixed(0);
console.log(`typescript hello: compile step median ${median(compile)} ms, whole submission median ${median(total)} ms`);
await judge.close();
