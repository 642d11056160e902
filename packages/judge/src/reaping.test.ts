import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestJudge, type TestJudge } from '../test/test-support';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** PID 1 of a fresh pid namespace that waits for its one child and never reaps anything else. */
const NON_REAPING_INIT = `
import os, sys
pid = os.fork()
if pid == 0:
    os.execv(sys.argv[1], sys.argv[1:])
os.waitpid(pid, 0)
`;

describe('the supervisor reaps every process of the sandbox', { timeout: 240_000 }, () => {
  it('leaves no zombie after 30 sandboxed programs under a PID 1 that never reaps', () => {
    const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
    expect(existsSync(tsx)).toBe(true);
    const r = spawnSync(
      'unshare',
      [
        '--pid',
        '--fork',
        '--mount-proc',
        'python3',
        '-c',
        NON_REAPING_INIT,
        tsx,
        path.join(ROOT, 'packages/judge/test/zombie-driver.ts'),
      ],
      { encoding: 'utf8', cwd: ROOT },
    );
    expect(r.stderr).toBe('');
    const report = JSON.parse(r.stdout.trim().split('\n').pop() ?? '{}') as { verdicts: string[]; zombies: string[] };
    expect(report.verdicts).toEqual(Array(10).fill('Accepted'));
    // before the supervisor became a subreaper, every compile and case left bwrap's pid 1 here (31 in this run)
    expect(report.zombies).toEqual([]);
  });
});

describe('signals come from the supervisor, not from the exit status', { timeout: 120_000 }, () => {
  let t: TestJudge;
  beforeAll(() => {
    t = createTestJudge(2);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('reports exit codes 137 and 139 as exit codes, and a real signal by its name', async () => {
    const code = `
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n = 0;
  if (scanf("%d", &n) != 1) return 2;
  if (n == 9) raise(SIGKILL);
  if (n == 11) raise(SIGSEGV);
  if (n == 6) abort();
  return n;
}`;
    const r = await t.judge.judge({
      language: 'c',
      code,
      cases: ['137', '139', '134', '9', '11', '6'].map((input) => ({ input, expectedOutput: '' })),
    });
    expect(r.compileOutput).toBeNull();
    expect(r.cases.map((c) => [c.exitCode, c.signal])).toEqual([
      [137, null],
      [139, null],
      [134, null],
      [null, 'SIGKILL'],
      [null, 'SIGSEGV'],
      [null, 'SIGABRT'],
    ]);
    expect(r.cases.map((c) => c.message)).toEqual([
      'exit code 137',
      'exit code 139',
      'exit code 134',
      'killed by SIGKILL',
      'killed by SIGSEGV',
      'killed by SIGABRT',
    ]);
  });
});
