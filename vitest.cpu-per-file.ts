import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';

/**
 * The CPU each test file costs (issue 22: find where the time goes), for `npm test`'s summary: with
 * TEST_CPU_LOG set, the worker's own CPU, that of the children it waited for (servers, judge and face children,
 * compilers), and that of its descendants still running (the Chromium and the face service an e2e worker keeps
 * for all its files, with their renderers), from the file's first hook to its last, one JSON line per file. A
 * worker runs one file at a time, so the difference belongs to that file. The PostgreSQL server's work is
 * nobody's child and is not in it; sandboxed programs are (their bwrap is a child of the judge).
 */
const log = process.env.TEST_CPU_LOG;

/** A process's parent and its utime + stime + cutime + cstime in seconds, from /proc/<pid>/stat. */
function procStat(pid: string): { ppid: string; cpu: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // proc(5) fields 4 and 14–17; the slice above starts at field 3. Clock ticks are 1/100 s on Linux.
  const cpu = fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) / 100;
  return { ppid: fields[1] as string, cpu };
}

/**
 * The CPU seconds of this process, of the children it waited for, and of every live descendant with the
 * children they waited for (null where there is no /proc). A descendant that ends is counted by whoever waits
 * for it: its parent, a descendant or this process.
 */
function cpuSeconds(): number | null {
  try {
    const self = String(process.pid);
    const stats = new Map<string, { ppid: string; cpu: number }>();
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        stats.set(pid, procStat(pid));
      } catch {} // it ended meanwhile
    }
    const children = new Map<string, string[]>();
    for (const [pid, s] of stats) {
      const siblings = children.get(s.ppid);
      if (siblings) siblings.push(pid);
      else children.set(s.ppid, [pid]);
    }
    let total = procStat(self).cpu;
    const todo = [...(children.get(self) ?? [])];
    while (todo.length) {
      const pid = todo.pop() as string;
      total += stats.get(pid)?.cpu ?? 0;
      todo.push(...(children.get(pid) ?? []));
    }
    return total;
  } catch {
    return null;
  }
}

if (log) {
  let start: number | null = null;
  let file: string | undefined;
  beforeAll(() => {
    start = cpuSeconds();
    file = expect.getState().testPath;
  });
  // Registered before the file's own hooks, so it runs after them (hooks after a file run in reverse order):
  // what the file's afterAll closes (a browser, a server) is counted.
  afterAll(() => {
    const end = cpuSeconds();
    if (start !== null && end !== null && file) appendFileSync(log, `${JSON.stringify({ file, cpu: end - start })}\n`);
  });
}
