import { appendFileSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import { processTreeCpu } from './apps/server/test/process-cpu';

/**
 * The CPU each test file costs (issue 22: find where the time goes), for `npm test`'s summary: with
 * TEST_CPU_LOG set, the worker's own CPU, that of the children it waited for (servers, judge and face children,
 * compilers), and that of its descendants still running (the Chromium and the face service an e2e worker keeps
 * for all its files, with their renderers), from the file's first hook to its last, one JSON line per file. A
 * worker runs one file at a time, so the difference belongs to that file. The PostgreSQL server's work is
 * nobody's child and is not in it; sandboxed programs are (their bwrap is a child of the judge).
 */
const log = process.env.TEST_CPU_LOG;

/** This worker's tree's CPU seconds (processTreeCpu), or null where there is no /proc. */
function cpuSeconds(): number | null {
  try {
    return processTreeCpu(process.pid).seconds;
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
