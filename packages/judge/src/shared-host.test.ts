import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';

// Two judges on one host in separate PID namespaces (two containers sharing the cgroup tree): neither sees the
// other's pid, and each one's sweep must leave the other's live cgroups alone.
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

/** A judge in a new PID namespace, started after `spare` short processes so its pid differs from the other's. */
function start(spare: number) {
  const child = spawn(
    'unshare',
    [
      '--pid',
      '--fork',
      '--mount-proc',
      'sh',
      '-c',
      `i=0; while [ $i -lt ${spare} ]; do /bin/true; i=$((i+1)); done; node --import tsx packages/judge/test/ns-judge.ts; exit $?`,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  children.push(child);
  const lines = createInterface({ input: child.stdout as NonNullable<typeof child.stdout> })[Symbol.asyncIterator]();
  const next = async () => (await lines.next()).value as string;
  return { child, next, poke: () => child.stdin?.write('\n') };
}

describe('judges sharing a host', () => {
  it('two judges in separate PID namespaces keep judging while each sweeps', async () => {
    const a = start(5);
    const b = start(40);
    expect(await a.next()).toBe('ready Accepted');
    expect(await b.next()).toBe('ready Accepted');
    for (let round = 0; round < 2; round++) {
      a.poke();
      expect(await a.next()).toBe('swept Accepted');
      b.poke();
      expect(await b.next()).toBe('swept Accepted');
    }
    for (const c of [a.child, b.child]) c.stdin?.end();
    await Promise.all(
      [a.child, b.child].map((c) => new Promise((r) => (c.exitCode !== null ? r(0) : c.on('exit', r)))),
    );
    expect([a.child.exitCode, b.child.exitCode]).toEqual([0, 0]);
  }, 120_000);
});
