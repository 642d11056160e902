/**
 * A judge in its own process for shared-host.test.ts: judges once, says "ready", then on each line of stdin
 * sweeps (detectIsolation() removes the cgroups it takes for stale) and judges again, printing each verdict.
 */
import { createInterface } from 'node:readline';
import { detectIsolation, removeCgroupTree } from '../src/isolation';
import { createJudge } from '../src/judge';

const judge = createJudge({ concurrency: 1, nice: 5 });
const once = async () =>
  (await judge.judge({ language: 'python', code: 'print(1)\n', cases: [{ input: '', expectedOutput: '1\n' }] }))
    .verdict;
const extra: string[] = [];
console.log(`ready ${await once()}`);
for await (const _ of createInterface({ input: process.stdin })) {
  const iso = detectIsolation();
  if (iso.cgroup) extra.push(...new Set([iso.cgroup.memory, iso.cgroup.pids, iso.cgroup.cpu, iso.cgroup.sched ?? '']));
  console.log(`swept ${await once()}`);
}
for (const d of extra) if (d) removeCgroupTree(d);
await judge.close();
