import path from 'node:path';
import type { SandboxSpec } from '../src/sandbox';

/**
 * The sandbox spec both judge benches run programs with: `argv` over the read-only `box`, stdin from
 * `scratch`/in and output to `scratch`, the judge's usual limits (2 s of CPU, 6.5 s of wall) and `memMb` of memory.
 */
export function benchSpec(argv: string[], box: string, scratch: string, memMb: number): SandboxSpec {
  return {
    argv,
    boxDir: box,
    boxWritable: false,
    stdinPath: path.join(scratch, 'in'),
    stdoutPath: path.join(scratch, 'sb-out'),
    stderrPath: path.join(scratch, 'sb-err'),
    cpuMs: 2000,
    wallMs: 6500,
    memBytes: memMb << 20,
    pids: 64,
    nofile: 256,
    fileSizeBytes: 32 << 20,
    stdoutLimit: 16 << 20,
    stderrLimit: 16 << 20,
    stackBytes: 256 << 20,
    tmpBytes: 64 << 20,
  };
}
