import { chmod, mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type CompareRule, compareOutput } from './compare';
import { hideSandboxPaths, type Plan } from './languages';
import { type Sandbox, type SandboxOutcome, sandboxFailed } from './sandbox';
import type { CaseResult, Language, Verdict } from './types';

// Steps of a judging (compile, probe) and the per-case verdict, kept apart from the pool/flow in judge.ts.

export const OUTPUT_LIMIT = 16 << 20; // stdout beyond this = Output Limit Exceeded
export const STDERR_LIMIT = 16 << 20;
export const SHOWN_OUTPUT = 64 << 10;
export const SHOWN_STDERR = 8 << 10;
export const COMPILE_MESSAGE = 8 << 10;
export const MAX_SOURCE = 512 << 10;

/** Limits of the sandboxed compile step (independent of the problem's limits); the wall-clock limit is twice the CPU. */
export const COMPILE_LIMITS = { cpuMs: 10000, memMb: 768, pids: 32, fileMb: 256 };
/** g++ reads an include completely before lexing it: a smaller cap ends `#include "/dev/random"` sooner. */
export const COMPILE_MEM_MB: Partial<Record<Language, number>> = { cpp: 512, c: 512 };

function trimText(buf: Buffer, max: number): string {
  if (buf.length <= max) return buf.toString('utf8');
  return `${buf.subarray(0, max).toString('utf8')}\n… (truncated, ${buf.length} bytes)`;
}

/**
 * The first `max` bytes of a file the supervisor wrote (it has exited: the file no longer grows). The buffer is
 * sized by the file, not by `max`: a zeroed 16 MiB buffer for every case's stdout cost the judge ~10 ms of CPU per
 * case (the allocation, its page faults and its garbage collection), more than the sandbox itself.
 */
export async function readHead(file: string, max: number): Promise<Buffer> {
  const fh = await open(file, 'r').catch(() => null);
  if (!fh) return Buffer.alloc(0);
  try {
    const size = Math.min(max, (await fh.stat()).size);
    const buf = Buffer.alloc(size);
    let got = 0;
    while (got < size) {
      const { bytesRead } = await fh.read(buf, got, size - got, got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    return buf.subarray(0, got);
  } finally {
    await fh.close();
  }
}

function signalName(n: number): string {
  const entry = Object.entries(os.constants.signals).find(([, v]) => v === n);
  return entry ? entry[0] : `signal ${n}`;
}

/**
 * How the program ended, from the supervisor's knowledge only: the launcher's wait status of the program
 * (`exact`). Without it (the program killed its launcher) the code is bwrap's, and a status such as 137 stays an
 * exit code: a program may exit with 137 itself, so it is never read as a signal.
 */
export function exitOf(o: SandboxOutcome): { exitCode: number | null; signal: string | null } {
  if (o.signal) return { exitCode: null, signal: signalName(o.signal) };
  return { exitCode: o.code, signal: null };
}

/**
 * Runs /bin/true once: some hosts forbid the unprivileged user namespaces bwrap needs (Ubuntu's AppArmor
 * restriction, container seccomp profiles). Better a clear warning in isolation() and one Internal Error
 * message than a confusing verdict on every submission.
 */
export async function probeSandbox(sb: Sandbox, workRoot: string, warnings: string[]): Promise<void> {
  const dir = await mkdtemp(path.join(workRoot, 'probe-'));
  try {
    await chmod(dir, 0o711);
    const box = path.join(dir, 'box');
    await mkdir(box, { mode: 0o755 });
    const io = { stdoutPath: path.join(dir, 'out'), stderrPath: path.join(dir, 'err') };
    const o = await sb.run({
      ...io,
      argv: ['/usr/bin/true'],
      boxDir: box,
      boxWritable: false,
      cpuMs: 2000,
      wallMs: 10000,
      memBytes: 64 << 20,
      pids: 8,
      nofile: 64,
      fileSizeBytes: 1 << 20,
      stdoutLimit: 1 << 20,
      stderrLimit: 1 << 20,
      stackBytes: 8 << 20,
      tmpBytes: 1 << 20,
    });
    const err = (await readHead(io.stderrPath, 2048)).toString('utf8').trim();
    if (sandboxFailed(o) || o.code !== 0) {
      const msg = `bubblewrap cannot start a sandbox on this host (${err || o.setup || `exit ${o.code}`}); are unprivileged user namespaces allowed?`;
      if (!warnings.includes(msg)) warnings.push(msg);
      throw new Error(msg);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function compile(
  sb: Sandbox,
  plan: Plan,
  box: string,
  io: { stdoutPath: string; stderrPath: string },
  memMb: number,
  cpuMs: number = COMPILE_LIMITS.cpuMs,
): Promise<{ ms: number; error: string | null; internal: boolean }> {
  const step = plan.compile as NonNullable<Plan['compile']>;
  const started = Date.now();
  let o: SandboxOutcome;
  try {
    o = await sb.run({
      ...io,
      argv: step.argv,
      binds: step.binds,
      env: step.env,
      boxDir: box,
      boxWritable: true,
      cpuMs,
      wallMs: 2 * cpuMs,
      memBytes: memMb << 20,
      pids: plan.compilePids ?? COMPILE_LIMITS.pids,
      nofile: 256,
      fileSizeBytes: COMPILE_LIMITS.fileMb << 20,
      stdoutLimit: 1 << 20,
      stderrLimit: 1 << 20,
      stackBytes: 64 << 20,
      tmpBytes: 256 << 20,
    });
  } catch (err) {
    return { ms: Date.now() - started, error: `sandbox failure: ${(err as Error).message}`, internal: true };
  }
  const ms = Date.now() - started;
  const text = hideSandboxPaths(
    `${(await readHead(io.stdoutPath, COMPILE_MESSAGE)).toString('utf8')}${(await readHead(io.stderrPath, COMPILE_MESSAGE)).toString('utf8')}`,
  ).trim();
  // the compiler never ran, so this text is bwrap's or the supervisor's own
  if (sandboxFailed(o)) return { ms, error: `sandbox failed to start: ${o.setup}\n${text}`.trim(), internal: true };
  if (o.limit === 'cpu' || o.limit === 'wall')
    return {
      ms,
      error: `compilation time limit exceeded (${cpuMs / 1000} s)\n${text}`.trim(),
      internal: false,
    };
  if (o.oom > 0)
    return {
      ms,
      error: `compilation memory limit exceeded (${memMb} MB)\n${text}`.trim(),
      internal: false,
    };
  if (o.limit === 'output')
    return { ms, error: `compiler output too long\n${text.slice(0, COMPILE_MESSAGE)}`, internal: false };
  if (o.code !== 0 || o.signal !== 0)
    return { ms, error: text.slice(0, COMPILE_MESSAGE) || `compiler exited with status ${o.code}`, internal: false };
  return { ms, error: null, internal: false };
}

/** A heap-capped runtime (-Xmx, --max-old-space-size) that failed had used at least 90% of the problem's limit. */
function heapFull(o: SandboxOutcome, memoryMb: number, plan: Plan): boolean {
  return plan.runtimeOverheadMb > 0 && o.peakBytes >= memoryMb * 0.9 * 1024 * 1024;
}

export function classify(
  index: number,
  o: SandboxOutcome,
  out: Buffer,
  err: Buffer,
  expected: string | null,
  rule: CompareRule | number | null | undefined,
  timeLimitMs: number,
  memoryMb: number,
  plan: Plan,
): CaseResult {
  const { exitCode, signal } = exitOf(o);
  const stderr = trimText(err, SHOWN_STDERR);
  const failed = exitCode !== 0;
  const timeMs = Math.round(o.cpuUs / 1000);
  let verdict: Verdict;
  let message: string | null = null;
  if (o.limit === 'output') {
    verdict = 'Output Limit Exceeded';
    message = `output over ${OUTPUT_LIMIT >> 20} MiB`;
  } else if (
    o.oom > 0 ||
    (failed && o.limit === '' && (o.oom < 0 || heapFull(o, memoryMb, plan))) ||
    (o.limit === 'cpu' && heapFull(o, memoryMb, plan))
  ) {
    // only the supervisor's figures decide: an OOM kill, an allocation refused at the cgroup limit, or a
    // runtime with a heap cap (JVM, V8) failing with its peak at the cap — or stopped by the CPU limit with its
    // peak at the cap: a full heap spends the time collecting garbage (how soon it gets there depends on the
    // machine's page-fault cost, not on the program). What the program prints never counts.
    verdict = 'Memory Limit Exceeded';
  } else if (o.limit === 'cpu' || o.limit === 'wall' || timeMs > timeLimitMs) {
    verdict = 'Time Limit Exceeded';
    message = o.limit === 'wall' ? 'wall-clock limit (sleeping or blocked)' : 'CPU time limit';
  } else if (failed) {
    verdict = 'Runtime Error';
    message = signal ? `killed by ${signal}` : `exit code ${exitCode}`;
    // from the pids cgroup: the program tried to start more processes or threads than a run may have
    if (o.pidsHit > 0) message += `; the limit of ${plan.pids ?? 64} processes and threads was reached`;
  } else if (expected === null || compareOutput(out.toString('utf8'), expected, rule)) {
    verdict = 'Accepted';
  } else {
    verdict = 'Wrong Answer';
  }
  const peakKb = o.peakBytes > 0 ? Math.round(o.peakBytes / 1024) : o.maxRssKb;
  return {
    index,
    passed: verdict === 'Accepted',
    verdict,
    timeMs,
    wallMs: o.wallMs,
    memoryKb: peakKb,
    exitCode,
    signal,
    output: trimText(out, SHOWN_OUTPUT),
    stderr,
    message,
  };
}
