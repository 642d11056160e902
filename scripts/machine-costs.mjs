// What this machine charges for the four things a test run does most, measured in about a second: plain
// computation, a system call, a page fault (a first write to fresh memory) and a process start. npm test prints
// them before its first phase, so that two runs' times can be told apart from two machines' speeds: a virtual
// machine can compute as fast as another and still take many times longer for each page fault and system call
// (docs/BENCHMARKS.md), and browsers, Node.js processes and sandboxed programs do a great many of both.
//
//   node scripts/machine-costs.mjs
import { spawnSync } from 'node:child_process';
import { closeSync, fstatSync, openSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Wall milliseconds of fn's best of `rounds` runs (the least disturbed by anything else on the machine). */
function best(rounds, fn) {
  let least = Number.POSITIVE_INFINITY;
  for (let i = 0; i < rounds; i++) {
    const start = process.hrtime.bigint();
    fn();
    least = Math.min(least, Number(process.hrtime.bigint() - start) / 1e6);
  }
  return least;
}

export function machineCosts() {
  const loop = 50_000_000;
  let sink = 0;
  const computeMs = best(3, () => {
    for (let i = 0; i < loop; i++) sink += i % 7;
  });

  const calls = 100_000;
  const fd = openSync(fileURLToPath(import.meta.url), 'r');
  const syscallsMs = best(3, () => {
    for (let i = 0; i < calls; i++) fstatSync(fd);
  });
  closeSync(fd);

  // A fresh buffer each round, larger than malloc keeps for reuse, so that each page is faulted in by its write.
  const bytes = 64 * 1024 * 1024;
  const pageFaultsMs = best(3, () => {
    const buffer = Buffer.allocUnsafeSlow(bytes);
    for (let i = 0; i < bytes; i += 4096) buffer[i] = 1;
  });

  const starts = 20;
  const processStartsMs = best(1, () => {
    for (let i = 0; i < starts; i++) spawnSync('/bin/true');
  });

  const syscallUs = (syscallsMs * 1000) / calls;
  const pageFaultUs = (pageFaultsMs * 1000) / (bytes / 4096);
  const processStartMs = processStartsMs / starts;
  return { computeMs, syscallUs, pageFaultUs, processStartMs, sink };
}

export function describeMachineCosts(c = machineCosts()) {
  return (
    `Machine: ${c.computeMs.toFixed(0)} ms for 50 M loop steps, ${c.syscallUs.toFixed(2)} µs a system call (fstat), ` +
    `${c.pageFaultUs.toFixed(2)} µs a page fault, ${c.processStartMs.toFixed(2)} ms a process start (/bin/true)`
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(describeMachineCosts());
