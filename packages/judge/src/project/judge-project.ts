/**
 * One project run (issue 43): the request's files are written into a fresh work dir, the stack's runner runs the
 * test command there in one sandbox (no network, the work dir the only writable place besides a small /tmp,
 * limits on time, memory, processes, file size and output), and the runner's JUnit report gives the cases.
 * Which files the request holds is the caller's choice: hidden tests are in it only when grading.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { chmod, chown, lstat, mkdir, mkdtemp, open, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Sandbox, SandboxOutcome } from '../sandbox';
import { readHead } from '../steps';
import { parseJunit } from './junit';
import { parseTestCommand, STACKS, type StackDef, type StackInfo } from './stacks';
import type { ProjectRequest, ProjectResult } from './types';

export const PROJECT_LIMITS = {
  maxFiles: 400,
  maxFileBytes: 512 << 10,
  maxTotalBytes: 8 << 20,
  /** Runner output kept per stream; more and the run is stopped (Output Limit Exceeded). */
  outputBytes: 1 << 20,
  shownLog: 64 << 10,
  reportBytes: 4 << 20,
};

export interface ProjectContext {
  sandbox(): Promise<Sandbox>;
  workRoot: string;
  dropTo: { uid: number; gid: number } | null;
  stackInfo(stack: StackDef): Promise<StackInfo>;
}

/** A relative path without "..", ".", empty parts, backslashes, NUL or a leading slash; null when refused. */
export function safeProjectPath(p: string): string | null {
  if (typeof p !== 'string' || p.length === 0 || p.length > 240) return null;
  if (p.includes('\0') || p.includes('\\') || p.startsWith('/')) return null;
  const parts = p.split('/');
  if (parts.some((s) => s === '' || s === '.' || s === '..')) return null;
  return p;
}

const clamp = (v: number | undefined, d: number, lo: number, hi: number) =>
  Math.round(Math.min(hi, Math.max(lo, typeof v === 'number' && Number.isFinite(v) ? v : d)));

function failed(verdict: ProjectResult['verdict'], message: string, log = ''): ProjectResult {
  return { verdict, message, log, exitCode: null, wallMs: 0, cases: [] };
}

async function writeTree(box: string, req: ProjectRequest): Promise<string | null> {
  if (req.files.length > PROJECT_LIMITS.maxFiles) return `more than ${PROJECT_LIMITS.maxFiles} files`;
  let total = 0;
  for (const f of req.files) {
    const rel = safeProjectPath(f.path);
    if (!rel) return `unsafe file name ${JSON.stringify(String(f.path).slice(0, 80))}`;
    const bytes = Buffer.byteLength(f.content);
    if (bytes > PROJECT_LIMITS.maxFileBytes) return `${rel} is larger than ${PROJECT_LIMITS.maxFileBytes} bytes`;
    total += bytes;
    if (total > PROJECT_LIMITS.maxTotalBytes)
      return `the files come to more than ${PROJECT_LIMITS.maxTotalBytes} bytes`;
    // a later file of the same path wins (the caller lists authoritative files last)
    const dest = path.join(box, rel);
    await mkdir(path.dirname(dest), { recursive: true, mode: 0o755 });
    await writeFile(dest, f.content, { mode: 0o644 });
  }
  return null;
}

async function chownTree(dir: string, uid: number, gid: number): Promise<void> {
  await chown(dir, uid, gid);
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) await chownTree(p, uid, gid);
    else await chown(p, uid, gid);
  }
}

/** The report the runner wrote, read without following a link the sandboxed code may have put in its place. */
async function readReport(file: string): Promise<string | null> {
  const st = await lstat(file).catch(() => null);
  if (!st?.isFile() || st.size > PROJECT_LIMITS.reportBytes) return null;
  const fh = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW).catch(() => null);
  if (!fh) return null;
  try {
    return (await fh.readFile()).toString('utf8');
  } finally {
    await fh.close();
  }
}

function verdictOf(o: SandboxOutcome, seconds: number, memoryMb: number): Pick<ProjectResult, 'verdict' | 'message'> {
  if (o.limit === 'output')
    return {
      verdict: 'Output Limit Exceeded',
      message: `The test run printed more than ${PROJECT_LIMITS.outputBytes >> 20} MiB and was stopped`,
    };
  if (o.oom > 0)
    return { verdict: 'Memory Limit Exceeded', message: `The test run used more than ${memoryMb} MB and was stopped` };
  if (o.limit === 'cpu' || o.limit === 'wall')
    return {
      verdict: 'Time Limit Exceeded',
      message: `The test run did not finish within ${seconds} s and was stopped`,
    };
  return { verdict: 'Completed', message: null };
}

export async function judgeProject(ctx: ProjectContext, req: ProjectRequest): Promise<ProjectResult> {
  const stack = STACKS[req.stack];
  if (!stack) return failed('Internal Error', `unknown project stack ${String(req.stack)}`);
  const info = await ctx.stackInfo(stack);
  if (!info.available) return failed('Internal Error', `${stack.name} is not available: ${info.message}`);
  const cmd = parseTestCommand(stack, req.testCommand);
  if ('error' in cmd) return failed('Internal Error', cmd.error);
  const wallMs = clamp(req.timeLimitMs, 20_000, 1000, 60_000);
  const memoryMb = clamp(req.memoryLimitMb, 512, 64, 2048);
  let sb: Sandbox;
  try {
    sb = await ctx.sandbox();
  } catch (err) {
    return failed('Internal Error', `sandbox unavailable: ${(err as Error).message}`);
  }
  const runDir = await mkdtemp(path.join(ctx.workRoot, 'p-'));
  try {
    await chmod(runDir, 0o711);
    const box = path.join(runDir, 'box');
    await mkdir(box, { mode: 0o755 });
    const refused = await writeTree(box, req);
    if (refused) return failed('Internal Error', `the project cannot be run: ${refused}`);
    // a name the workspace cannot hold already (its files are the caller's), so nothing the code wrote before
    // the run can be taken for it; the code can still read it from the runner's argv (DECISIONS §24)
    const tag = randomBytes(12).toString('hex');
    const reportName = `.assessly-report-${tag}.xml`;
    const configName = `.assessly-runner-${tag}${stack.configExt}`;
    await writeFile(path.join(box, configName), stack.config, { mode: 0o444 });
    if (ctx.dropTo) await chownTree(box, ctx.dropTo.uid, ctx.dropTo.gid);
    const io = { stdoutPath: path.join(runDir, 'out'), stderrPath: path.join(runDir, 'err') };
    let o: SandboxOutcome;
    try {
      o = await sb.run({
        ...io,
        argv: stack.argv(cmd.args, `/box/${reportName}`, `/box/${configName}`),
        env: { ...stack.env, ASSESSLY_REPORT: `/box/${reportName}` },
        boxDir: box,
        boxWritable: true,
        cpuMs: wallMs,
        wallMs,
        memBytes: memoryMb << 20,
        pids: 64,
        nofile: 256,
        fileSizeBytes: 32 << 20,
        stdoutLimit: PROJECT_LIMITS.outputBytes,
        stderrLimit: PROJECT_LIMITS.outputBytes,
        stackBytes: 64 << 20,
        tmpBytes: 64 << 20,
      });
    } catch (err) {
      return failed('Internal Error', `sandbox failure: ${(err as Error).message}`);
    }
    const out = (await readHead(io.stdoutPath, PROJECT_LIMITS.shownLog)).toString('utf8');
    const err = (await readHead(io.stderrPath, PROJECT_LIMITS.shownLog / 4)).toString('utf8');
    // the runner's line naming the report file is the judge's, not the project's
    const log = `${out}${err ? `\n${err}` : ''}`
      .replace(/^-* generated xml file: .*\n/m, '')
      .slice(0, PROJECT_LIMITS.shownLog);
    if (!o.started) return failed('Internal Error', `sandbox failed to start: ${o.setup}`, err);
    const limit = verdictOf(o, Math.round(wallMs / 1000), memoryMb);
    const xml = await readReport(path.join(box, reportName));
    const cases = xml ? parseJunit(xml) : [];
    const exitCode = o.signal ? null : o.code;
    let { verdict, message } = limit;
    // the runner's own capture of a flood (pytest keeps a test's output in a /tmp file) met the file-size or
    // /tmp limit: the same fault as printing too much
    if (verdict === 'Completed' && !xml && /\[Errno (27|28)\]/.test(err))
      ({ verdict, message } = {
        verdict: 'Output Limit Exceeded',
        message: 'The test run wrote more output than a file may hold (32 MB) and could not finish',
      });
    else if (verdict === 'Completed' && !xml)
      ({ verdict, message } = {
        verdict: 'Runner Error',
        message: `The test runner ended without a report (${o.signal ? `signal ${o.signal}` : `exit code ${o.code}`})`,
      });
    return { verdict, message, log, exitCode, wallMs: o.wallMs, cases };
  } finally {
    await rm(runDir, { recursive: true, force: true });
  }
}
