// Run by reaping.test.ts as the only child of a PID 1 that never reaps: judges 10 Python submissions of two
// cases each (10 sandboxed syntax checks + 20 sandboxed runs = 30 sandboxed programs) and prints the verdicts.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createJudge } from '../src/judge';

/** Zombies in this pid namespace, as `pid (name) ppid`. */
function zombies(): string[] {
  const found: string[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const end = stat.lastIndexOf(')');
      const [state, ppid] = stat.slice(end + 2).split(' ');
      if (state === 'Z') found.push(`${stat.slice(0, end + 1)} ${ppid}`);
    } catch {
      // exited while we looked
    }
  }
  return found;
}

const workRoot = mkdtempSync(path.join(os.tmpdir(), 'judge-zombie-work-'));
const judge = createJudge({ workRoot, concurrency: 2 });
const verdicts: string[] = [];
try {
  const runs = Array.from({ length: 10 }, (_, i) =>
    judge.judge({
      language: 'python',
      // a child process that outlives nothing, and a grandchild left behind: both must be reaped
      code: 'import os, sys\nif os.fork() == 0:\n    os._exit(0)\nos.wait()\nprint(sum(map(int, sys.stdin.read().split())))\n',
      cases: [
        { input: `${i} 1\n`, expectedOutput: `${i + 1}\n` },
        { input: `${i} 2\n`, expectedOutput: `${i + 2}\n` },
      ],
    }),
  );
  for (const r of await Promise.all(runs)) verdicts.push(r.verdict);
} finally {
  await judge.close();
  rmSync(workRoot, { recursive: true, force: true });
}
// counted here, while this process lives: the TypeScript loader's own helper process ends with it
process.stdout.write(`${JSON.stringify({ verdicts, zombies: zombies() })}\n`);
