// Helpers shared by the judge's integration tests (not part of the public API).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SANDBOX_UID } from '../src/isolation';
import { createJudge } from '../src/judge';
import type { Judge } from '../src/types';

/**
 * Pids of live processes of the sandbox uid that belong to this test process's judges (their cgroups are
 * named after our pid). Other suites may be judging at the same time on the same host, so processes of uid
 * 65534 in their cgroups are not ours to count; a sandboxed process cannot leave its cgroup (no cgroupfs
 * inside, no privilege), so an escaped daemon would still be found here.
 */
export function sandboxProcesses(): number[] {
  const pids: number[] = [];
  const mine = `/assessly-judge/i${process.pid}-`;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = readFileSync(`/proc/${name}/status`, 'utf8');
      const uid = /^Uid:\s+(\d+)/m.exec(status)?.[1];
      const state = /^State:\s+(\S)/m.exec(status)?.[1];
      if (Number(uid) !== SANDBOX_UID || state === 'Z') continue;
      const cgroups = readFileSync(`/proc/${name}/cgroup`, 'utf8');
      if (cgroups.includes(mine)) pids.push(Number(name));
    } catch {
      // exited while we looked
    }
  }
  return pids;
}

export interface TestJudge {
  judge: Judge;
  workRoot: string;
  /** Entries left in the work root (must be empty after every judging). */
  leftovers(): string[];
  dispose(): Promise<void>;
}

export function createTestJudge(concurrency = 1, maxQueue = 64): TestJudge {
  const workRoot = mkdtempSync(path.join(os.tmpdir(), 'judge-test-work-'));
  const judge = createJudge({ workRoot, concurrency, maxQueue });
  return {
    judge,
    workRoot,
    leftovers: () => readdirSync(workRoot),
    async dispose() {
      await judge.close();
      rmSync(workRoot, { recursive: true, force: true });
    },
  };
}
