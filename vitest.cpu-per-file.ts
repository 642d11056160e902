import { appendFileSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';

/**
 * The CPU each test file costs (issue 22: find where the time goes), for `npm test`'s summary: with
 * TEST_CPU_LOG set, the worker's own CPU and that of the children it waited for (browsers, servers, judge and
 * face children, compilers) from the file's first hook to its last, one JSON line per file. A worker runs one
 * file at a time, so the difference belongs to that file. The PostgreSQL server's work is nobody's child and
 * is not in it; sandboxed programs are (their bwrap is a child of the judge).
 */
const log = process.env.TEST_CPU_LOG;

/** utime + stime + cutime + cstime of this process in seconds, from /proc/self/stat (null elsewhere). */
function cpuSeconds(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // proc(5) fields 14–17; the slice above starts at field 3. Clock ticks are 1/100 s on Linux.
    return fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) / 100;
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
