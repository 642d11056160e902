import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createJudge } from './judge';
import { launcherPid } from './launcher';
import type { Judge } from './types';

/** Prints the nice value of the sandboxed program itself (field 19 of /proc/self/stat). */
const READ_NICE = "stat = open('/proc/self/stat').read()\nprint(stat[stat.rindex(')') + 2:].split()[16])\n";

const judges: { judge: Judge; dir: string }[] = [];
function judgeWith(nice?: number): Judge {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'judge-prio-work-'));
  const judge = createJudge({ workRoot: dir, concurrency: 1, nice });
  judges.push({ judge, dir });
  return judge;
}
afterAll(async () => {
  for (const { judge, dir } of judges) {
    await judge.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('CPU priority of sandboxed work (JUDGE_NICE)', () => {
  it('runs candidate programs at the configured nice value (the server passes 10)', async () => {
    const r = await judgeWith(10).judge({
      language: 'python',
      code: READ_NICE,
      cases: [{ input: '', expectedOutput: '10' }],
    });
    expect(r.cases[0]?.output.trim()).toBe('10');
    expect(r.verdict).toBe('Accepted');
  });

  it('uses another value, and leaves the priority alone by default', async () => {
    const five = await judgeWith(5).judge({
      language: 'python',
      code: READ_NICE,
      cases: [{ input: '', expectedOutput: null }],
    });
    expect(five.cases[0]?.output.trim()).toBe('5');
    const zero = await judgeWith().judge({
      language: 'python',
      code: READ_NICE,
      cases: [{ input: '', expectedOutput: null }],
    });
    expect(zero.cases[0]?.output.trim()).toBe(String(os.getPriority()));
  });

  it('does not count the wait for a CPU against the wall-clock limit', { timeout: 60_000 }, async () => {
    // One CPU shared with a busy loop at the server's priority: the niced program gets ~10% of it, so its
    // 0.6 s of CPU take several seconds, past the plain wall limit (3 × 1 s + 0.5 s). It must be Accepted.
    const judge = judgeWith(10);
    await judge.warmup(['python']);
    // this process and the launcher that starts the sandboxed programs (warmup started it) on CPU 0 only
    const pinned = [process.pid, launcherPid()!];
    const masks = pinned.map(
      (pid) =>
        execFileSync('taskset', ['-p', String(pid)], { encoding: 'utf8' })
          .trim()
          .split(' ')
          .pop()!,
    );
    let hog: ChildProcess | null = null;
    try {
      for (const pid of pinned) execFileSync('taskset', ['-a', '-p', '-c', '0', String(pid)]);
      hog = spawn('sh', ['-c', 'while :; do :; done'], { stdio: 'ignore' });
      // at nice 0 even when the tests themselves run niced (root may lower it)
      os.setPriority(hog.pid!, 0);
      const r = await judge.judge({
        language: 'python',
        code: 'import time\nwhile time.process_time() < 0.6:\n    pass\nprint("done")\n',
        cases: [{ input: '', expectedOutput: 'done' }],
        timeLimitMs: 1000,
      });
      // what the supervisor measured, in the message of any assertion below that fails
      const seen = JSON.stringify({ verdict: r.verdict, ...r.cases[0], output: undefined });
      expect(r.cases[0]?.message ?? null, seen).toBeNull();
      expect(r.verdict, seen).toBe('Accepted');
      // the scenario really happened: it ran past the plain wall limit without being stopped
      expect(r.cases[0]!.wallMs, seen).toBeGreaterThan(3500);
    } finally {
      hog?.kill('SIGKILL');
      for (const [k, pid] of pinned.entries()) execFileSync('taskset', ['-a', '-p', masks[k]!, String(pid)]);
    }
  });

  it('still stops a sleeping program at the plain wall-clock limit', async () => {
    const r = await judgeWith().judge({
      language: 'python',
      code: 'import time\ntime.sleep(30)\n',
      cases: [{ input: '', expectedOutput: '' }],
      timeLimitMs: 500,
    });
    expect(r.verdict).toBe('Time Limit Exceeded');
    expect(r.cases[0]?.message).toContain('wall-clock');
  });
});
