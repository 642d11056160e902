import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { launch, launcherPid } from './launcher';

const LAUNCHER = fileURLToPath(new URL('./launcher.ts', import.meta.url));
const alive = (pid: number) =>
  existsSync(`/proc/${pid}`) && !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));

describe('the sandbox launcher', () => {
  it('runs a program from its own small process and answers its exit code, stdout and stderr', async () => {
    const r = await launch('/bin/sh', [
      '-c',
      'echo "parent $PPID"; echo "env [$(env | grep -v ^PWD= | grep -v ^SHLVL= | grep -v ^_=)]"; echo oops >&2; exit 3',
    ]);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('oops\n');
    const pid = launcherPid();
    expect(pid).not.toBeNull();
    expect(pid).not.toBe(process.pid);
    // started by the launcher, not by this process, with an empty environment
    expect(r.stdout).toContain(`parent ${pid}\n`);
    expect(r.stdout).toContain('env []');
    // the launcher is a plain Node.js without this process's heap: a fraction of this worker's memory
    const rss = (p: number | string) => Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1]);
    expect(rss(pid as number)).toBeLessThan(rss('self'));
  });

  it('keeps stderr to its limit, and rejects a program that cannot be started', async () => {
    const r = await launch('/bin/sh', ['-c', 'head -c 100000 /dev/zero | tr "\\0" x >&2'], { errLimit: 100 });
    expect(r.code).toBe(0);
    expect(r.stderr.length).toBeGreaterThanOrEqual(100);
    expect(r.stderr.length).toBeLessThan(100_000);
    await expect(launch('/nonexistent/judge-run', [])).rejects.toThrow(/ENOENT/);
  });

  it('passes the environment asked for, and kills a program past its time', async () => {
    const env = await launch('/bin/sh', ['-c', 'echo "$LANG"'], { env: { LANG: 'C.UTF-8' } });
    expect(env.stdout).toBe('C.UTF-8\n');
    const started = Date.now();
    const slow = await launch('/bin/sleep', ['30'], { timeoutMs: 300 });
    expect(slow).toMatchObject({ timedOut: true, signal: 'SIGKILL', code: null });
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('answers a lost launcher with an error, and starts a new one for the next program', async () => {
    const running = launch('/bin/sleep', ['30']);
    const first = launcherPid() as number;
    process.kill(first, 'SIGKILL');
    await expect(running).rejects.toThrow(/sandbox launcher ended/);
    const r = await launch('/bin/sh', ['-c', 'echo again']);
    expect(r.stdout).toBe('again\n');
    expect(launcherPid()).not.toBe(first);
  });

  it('ends when the process that started it ends', async () => {
    const parent = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import(${JSON.stringify(LAUNCHER)}).then((l) => { l.launch('/bin/sh', ['-c', 'sleep 0.2; echo $$']).then((r) => { console.log(l.launcherPid(), r.stdout.trim()); setInterval(() => {}, 1000); }); });`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    parent.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
    });
    await vi.waitFor(() => expect(out).toMatch(/^\d+ \d+\n/), { timeout: 60_000, interval: 50 });
    const launcher = Number(out.split(' ')[0]);
    expect(alive(launcher)).toBe(true);
    parent.kill('SIGKILL');
    await vi.waitFor(() => expect(alive(launcher)).toBe(false), { timeout: 20_000, interval: 50 });
  });
});
