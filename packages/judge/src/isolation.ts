import { execFile, execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { IsolationInfo } from './types';

const execFileAsync = promisify(execFile);

/** Host uid/gid candidate code runs as when the judge runs as root ("nobody"). */
export const SANDBOX_UID = 65534;

export interface CgroupSetup {
  version: 1 | 2;
  /**
   * Whether run cgroups can be reused: always on v1 (counters can be reset); on v2 only when memory.peak is
   * resettable (kernel 6.12+), else every run gets a fresh cgroup so its peak memory is its own.
   */
  reuse: boolean;
  /** Per-instance parent dirs (v1: one per controller; v2: the same dir three times). */
  memory: string;
  pids: string;
  cpu: string;
  /**
   * v1 with the cpu controller mounted apart from cpuacct: a CPU group every sandboxed process joins, whose
   * parent carries the judge's CPU weight (null when the run cgroups are CPU groups already, or none exists).
   */
  sched: string | null;
}

export interface Isolation {
  info: IsolationInfo;
  bwrap: string | null;
  /** bwrap >= 0.7 can cap a tmpfs (--size); older ones rely on the memory cgroup alone. */
  bwrapTmpfsSize: boolean;
  /** bwrap >= 0.8 can forbid nested user namespaces (less kernel attack surface). */
  bwrapDisableUserns: boolean;
  cgroup: CgroupSetup | null;
  /** uid/gid to drop to, or null when not root (then the current uid is used). */
  dropTo: { uid: number; gid: number } | null;
}

export function findExecutable(name: string, extra: string[] = []): string | null {
  const dirs = [...extra, ...(process.env.PATH ?? '').split(':'), '/usr/local/bin', '/usr/bin', '/bin'];
  for (const dir of dirs) {
    if (!dir) continue;
    const p = path.join(dir, name);
    try {
      const st = statSync(p);
      if (st.isFile() && (st.mode & 0o111) !== 0) return p;
    } catch {
      // not here
    }
  }
  return null;
}

/** Refuses a cache/work dir that another user could have planted or could write into (we run it as root). */
export function ensurePrivateDir(dir: string, mode: number): void {
  mkdirSync(dir, { recursive: true, mode });
  const st = lstatSync(dir);
  const uid = process.getuid?.() ?? 0;
  if (!st.isDirectory() || st.uid !== uid || (st.mode & 0o022) !== 0) {
    throw new Error(`judge directory ${dir} must be a directory owned by uid ${uid} and not group/world writable`);
  }
  // the unprivileged sandbox must be able to traverse it (0711 work root, 0755 cache)
  if ((st.mode & 0o777) !== mode) chmodSync(dir, mode);
}

/** Compiles the C supervisor into the cache dir (once per source version). */
export async function buildHelper(cacheDir: string): Promise<string> {
  const src = readFileSync(new URL('./native/judge-run.c', import.meta.url), 'utf8');
  const hash = createHash('sha256').update(src).digest('hex').slice(0, 12);
  const out = path.join(cacheDir, `judge-run-${hash}`);
  if (existsSync(out)) return out;
  const cc = findExecutable('gcc') ?? findExecutable('cc');
  if (!cc) throw new Error('no C compiler (gcc) found to build the sandbox helper; install gcc');
  const srcPath = path.join(cacheDir, `judge-run-${hash}.c`);
  writeFileSync(srcPath, src, { mode: 0o644 });
  const tmp = `${out}.tmp${process.pid}`;
  await execFileAsync(cc, ['-O2', '-o', tmp, srcPath]);
  const { renameSync } = await import('node:fs');
  renameSync(tmp, out);
  return out;
}

function cgroupV1Mounts(): Map<string, string> {
  const found = new Map<string, string>();
  let mounts = '';
  try {
    mounts = readFileSync('/proc/self/mounts', 'utf8');
  } catch {
    return found;
  }
  for (const line of mounts.split('\n')) {
    const [, mnt, type, opts] = line.split(' ');
    if (type !== 'cgroup' || !mnt || !opts) continue;
    for (const o of opts.split(',')) if (!found.has(o)) found.set(o, mnt);
  }
  return found;
}

function tryWrite(file: string, value: string): boolean {
  try {
    writeFileSync(file, value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Creates this instance's parent cgroups (name includes our pid so several judge processes can share a host)
 * and removes the leftovers of dead instances. Returns null when the kernel or our privileges do not allow it.
 */
export function setupCgroups(warnings: string[], nice = 0): CgroupSetup | null {
  if ((process.getuid?.() ?? 1) !== 0) {
    warnings.push(
      'judge is not running as root: no cgroups (memory via RLIMIT_AS, processes via RLIMIT_NPROC) and code runs as the server user',
    );
    return null;
  }
  // unique per judge instance (several judges may live in one process): slots must never be shared
  const instance = `i${process.pid}-${instanceScope()}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  if (existsSync('/sys/fs/cgroup/cgroup.controllers')) {
    const root = '/sys/fs/cgroup';
    const base = path.join(root, 'assessly-judge');
    const available = readFileSync(path.join(root, 'cgroup.controllers'), 'utf8').split(/\s+/);
    if (!available.includes('memory') || !available.includes('pids')) {
      warnings.push('cgroup v2 without memory/pids controllers available');
      return null;
    }
    const want = ['memory', 'pids', 'cpu'].filter((c) => available.includes(c));
    // v2 needs the controllers enabled in every ancestor's subtree_control (one write per controller: a
    // multi-controller write fails as a whole if one is refused)
    const enable = (dir: string): boolean => {
      for (const c of want) tryWrite(path.join(dir, 'cgroup.subtree_control'), `+${c}`);
      try {
        const on = readFileSync(path.join(dir, 'cgroup.subtree_control'), 'utf8').split(/\s+/);
        return on.includes('memory') && on.includes('pids');
      } catch {
        return false;
      }
    };
    try {
      mkdirSync(base, { recursive: true });
    } catch {
      /* checked below */
    }
    if (!enable(root) || !existsSync(base) || !enable(base)) {
      warnings.push(
        'cgroup v2: cannot enable memory/pids controllers for the judge (is the server in the root cgroup of a namespace?)',
      );
      return null;
    }
    sweepStale([base]);
    // with the cpu controller the sandboxes are a CPU group of their own, where a nice value only counts among
    // themselves: give the whole judge group the weight of that nice value against the server
    if (nice > 0) tryWrite(path.join(base, 'cpu.weight.nice'), String(nice));
    const dir = path.join(base, instance);
    mkdirSync(dir);
    if (!enable(dir)) {
      warnings.push('cgroup v2: cannot enable memory/pids controllers in the judge cgroup');
      removeCgroupTree(dir);
      return null;
    }
    let reuse = false;
    try {
      reuse = (statSync(path.join(dir, 'memory.peak')).mode & 0o200) !== 0;
    } catch {
      // no memory.peak at all (kernel < 5.19): fresh cgroups, peak falls back to rusage
    }
    return { version: 2, reuse, memory: dir, pids: dir, cpu: dir, sched: null };
  }
  const mounts = cgroupV1Mounts();
  const mem = mounts.get('memory');
  const pids = mounts.get('pids');
  const cpu = mounts.get('cpuacct');
  if (!mem || !pids || !cpu) {
    warnings.push('cgroup v1 without memory, pids and cpuacct hierarchies');
    return null;
  }
  const bases = [mem, pids, cpu].map((m) => path.join(m, 'assessly-judge'));
  try {
    for (const b of bases) mkdirSync(b, { recursive: true });
    sweepStale(bases);
    const dirs = bases.map((b) => path.join(b, instance));
    for (const d of dirs) mkdirSync(d, { recursive: true });
    // The judge's CPU weight as a group: a nice value alone is void against the server where the kernel groups
    // tasks by session (autogroup), since bwrap starts a new session. 1024 = nice 0, each step ~1.25x.
    const shares = String(Math.max(2, Math.round(1024 / 1.25 ** nice)));
    const sched = mounts.get('cpu');
    let schedDir: string | null = null;
    if (nice > 0 && sched === cpu) tryWrite(path.join(cpu, 'assessly-judge', 'cpu.shares'), shares);
    else if (nice > 0 && sched) {
      try {
        const base = path.join(sched, 'assessly-judge');
        mkdirSync(base, { recursive: true });
        sweepStale([base]);
        if (tryWrite(path.join(base, 'cpu.shares'), shares)) {
          schedDir = path.join(base, instance);
          mkdirSync(schedDir, { recursive: true });
        }
      } catch {
        schedDir = null;
        warnings.push('cgroup v1: cannot create the judge CPU group; sandboxed work competes with the server');
      }
    }
    return {
      version: 1,
      reuse: true,
      memory: dirs[0] as string,
      pids: dirs[1] as string,
      cpu: dirs[2] as string,
      sched: schedDir,
    };
  } catch (err) {
    warnings.push(`cgroup v1 not writable: ${(err as Error).message}`);
    return null;
  }
}

/**
 * This instance's scope in its cgroup names: the PID namespace (inode of /proc/self/ns/pid) and the boot (first
 * 8 hex digits of the boot id). A pid in a name means something only to instances of the same namespace and boot.
 */
export function instanceScope(): string {
  let ns = '0';
  let boot = '0';
  try {
    ns = String(statSync('/proc/self/ns/pid').ino);
  } catch {
    // no /proc/self/ns: scope 0, whose folders are only ever swept when empty
  }
  try {
    boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').replace(/-/g, '').slice(0, 8);
  } catch {
    // as above
  }
  return `n${ns}-b${boot}`;
}

/**
 * Removes the cgroups that judge instances left behind. An instance of our PID namespace and boot is dead when
 * its pid is gone: its runs are killed and its dirs removed. One of an earlier boot is dead too. An instance of
 * another namespace (another container, a second server on the host; or an older judge whose names carry no
 * scope) may be alive although its pid is not ours to see: its dirs are removed only when no process is in them,
 * and never killed. If that instance is alive and idle, its supervisor recreates the dir at its next run.
 */
function sweepStale(bases: string[]): void {
  const [, ourNs, ourBoot] = /^n(\d+)-b(\w+)$/.exec(instanceScope()) ?? [];
  for (const base of bases) {
    let entries: string[] = [];
    try {
      entries = readdirSync(base);
    } catch {
      continue;
    }
    for (const name of entries) {
      const m = /^i(\d+)-(?:n(\d+)-b(\w+?)-)?/.exec(name);
      if (!m) continue;
      const [, pid, ns, boot] = m;
      const dir = path.join(base, name);
      if (ns !== undefined && boot !== ourBoot) removeCgroupTree(dir);
      else if (ns === ourNs && boot === ourBoot) {
        if (!existsSync(`/proc/${pid}`)) removeCgroupTree(dir);
      } else removeIdleCgroupTree(dir);
    }
  }
}

/** Removes a cgroup tree that holds no process; kills nothing (a busy dir is left for a later sweep). */
function removeIdleCgroupTree(dir: string): void {
  let entries: string[] = [];
  try {
    entries = readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
  } catch {
    return;
  }
  for (const child of entries) removeIdleCgroupTree(path.join(dir, child));
  try {
    if (readFileSync(path.join(dir, 'cgroup.procs'), 'utf8').trim() === '') rmdirSync(dir);
  } catch {
    // busy or gone
  }
}

export function removeCgroupTree(dir: string): void {
  let entries: string[] = [];
  try {
    entries = readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
  } catch {
    return;
  }
  for (const child of entries) removeCgroupTree(path.join(dir, child));
  try {
    for (const pid of readFileSync(path.join(dir, 'cgroup.procs'), 'utf8').split('\n')) {
      if (pid) {
        try {
          process.kill(Number(pid), 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    rmdirSync(dir);
  } catch {
    // busy or gone: a later sweep retries
  }
}

/** nice: the CPU priority of sandboxed work (CreateJudgeOptions.nice), applied to the judge's cgroup weight. */
export function detectIsolation(nice = 0): Isolation {
  const warnings: string[] = [];
  const bwrap = findExecutable('bwrap');
  const isRoot = (process.getuid?.() ?? 1) === 0;
  if (!bwrap) {
    // never run candidate code unsandboxed: judging answers Internal Error until bwrap is installed
    warnings.push('bubblewrap (bwrap) is not installed: judging is disabled (apt-get install bubblewrap)');
  }
  const cgroup = setupCgroups(warnings, nice);
  const dropTo = isRoot ? { uid: SANDBOX_UID, gid: SANDBOX_UID } : null;
  let help = '';
  if (bwrap) {
    try {
      help = execFileSync(bwrap, ['--help'], { encoding: 'utf8', timeout: 5000 });
    } catch {
      // judged by the start-up probe
    }
  }
  const bwrapTmpfsSize = help.includes('--size');
  const bwrapDisableUserns = help.includes('--disable-userns');
  if (bwrap && !bwrapDisableUserns) warnings.push('bubblewrap < 0.8: sandboxed code may create nested user namespaces');
  return {
    bwrap,
    bwrapTmpfsSize,
    bwrapDisableUserns,
    cgroup,
    dropTo,
    info: {
      sandbox: bwrap ? 'bubblewrap' : 'none',
      memory: cgroup ? (cgroup.version === 2 ? 'cgroup-v2' : 'cgroup-v1') : 'rlimit-as',
      pids: cgroup ? 'cgroup' : 'rlimit',
      uid: dropTo ? dropTo.uid : (process.getuid?.() ?? -1),
      warnings,
    },
  };
}
