/**
 * CPU cgroups for the topology drive (issue 28): every process of the topology in a cgroup of its own, limited
 * to Q cores. cgroup v2 (the controllers at /sys/fs/cgroup): `cpu.max` = "<quota> <period>". cgroup v1 (or a
 * hybrid host whose v2 tree holds no controllers): the `cpu` hierarchy's cpu.cfs_quota_us / cpu.cfs_period_us.
 * A process joins its group before it runs anything (a shell writes its own pid into cgroup.procs, then execs
 * the program), so nothing it starts escapes the limit. Needs root.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const PERIOD_US = 100_000;

export interface CpuGroups {
  version: 1 | 2;
  /** The folder holding this run's groups. */
  base: string;
  /**
   * Creates the group `name` limited to `cores` and returns the cgroup.procs file a process joins by. `weight`
   * (cgroup v2 units: 100 is the default, v1 cpu.shares 1024) decides who gets the CPU when the host has less
   * free than the limits add up to.
   */
  create(name: string, cores: number, weight?: number): string;
  /** Throttling so far: periods, periods throttled, time throttled (ms). */
  throttling(name: string): { periods: number; throttled: number; throttledMs: number } | null;
  /** Kills what is left in the groups (children of a killed process), then removes them. */
  remove(): void;
}

/** The quota of `cores` per period, in microseconds (at least the kernel's minimum of 1 ms). */
export function quotaUs(cores: number, period = PERIOD_US): number {
  if (!(cores > 0)) throw new Error(`--cpu-per-process must be a positive number of cores, not ${cores}`);
  return Math.max(1000, Math.round(cores * period));
}

/**
 * Which hierarchy limits CPU on this host: v2 when the unified tree at `root` offers the cpu controller, else
 * the v1 mount whose options name the cpu controller (`cpu` or `cpu,cpuacct`). `mounts` is /proc/self/mounts.
 */
export function cpuHierarchy(
  mounts: string,
  v2Controllers: string | null,
  root = '/sys/fs/cgroup',
): { version: 1 | 2; dir: string } | null {
  if (v2Controllers?.split(/\s+/).includes('cpu')) return { version: 2, dir: root };
  for (const line of mounts.split('\n')) {
    const [, mnt, type, opts] = line.split(' ');
    if (type === 'cgroup' && mnt && opts?.split(',').includes('cpu')) return { version: 1, dir: mnt };
  }
  return null;
}

/** Parses cpu.stat (v1: nr_periods nr_throttled throttled_time in ns; v2: … throttled_usec). */
export function parseCpuStat(text: string): { periods: number; throttled: number; throttledMs: number } {
  const f = new Map(
    text
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .filter((p) => p.length === 2)
      .map(([k, v]) => [k!, Number(v)]),
  );
  const throttledMs = f.has('throttled_usec')
    ? (f.get('throttled_usec') ?? 0) / 1000
    : (f.get('throttled_time') ?? 0) / 1e6;
  return {
    periods: f.get('nr_periods') ?? 0,
    throttled: f.get('nr_throttled') ?? 0,
    throttledMs: Math.round(throttledMs),
  };
}

export function createCpuGroups(stamp: string): CpuGroups {
  const v2File = '/sys/fs/cgroup/cgroup.controllers';
  const found = cpuHierarchy(
    readFileSync('/proc/self/mounts', 'utf8'),
    existsSync(v2File) ? readFileSync(v2File, 'utf8') : null,
  );
  if (!found) throw new Error('no CPU cgroup hierarchy on this host (neither cgroup v2 with cpu nor a v1 cpu mount)');
  const base = path.join(found.dir, `assessly-bench-${stamp}`);
  const groups = new Map<string, string>();
  // Weights count among siblings: the run's folder weighs, against everything else on the host, what its groups
  // add up to (else the whole topology would weigh as much as one other process).
  let totalWeight = 0;
  const weighBase = () =>
    found.version === 2
      ? writeFileSync(path.join(base, 'cpu.weight'), String(Math.min(10_000, totalWeight)))
      : writeFileSync(path.join(base, 'cpu.shares'), String(Math.round((totalWeight * 1024) / 100)));
  try {
    mkdirSync(base);
  } catch (err) {
    throw new Error(`cannot create ${base} (the topology drive needs root): ${(err as Error).message}`);
  }
  if (found.version === 2) {
    // the cpu controller must be on in every ancestor's subtree_control
    for (const dir of [found.dir, base]) {
      try {
        writeFileSync(path.join(dir, 'cgroup.subtree_control'), '+cpu');
      } catch {
        // already on, or refused: checked by the cpu.max write below
      }
    }
  }
  return {
    version: found.version,
    base,
    create(name, cores, weight = 100) {
      const dir = path.join(base, name);
      mkdirSync(dir);
      groups.set(name, dir);
      const quota = quotaUs(cores);
      if (found.version === 2) {
        writeFileSync(path.join(dir, 'cpu.max'), `${quota} ${PERIOD_US}`);
        writeFileSync(path.join(dir, 'cpu.weight'), String(weight));
      } else {
        writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
        writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), String(quota));
        writeFileSync(path.join(dir, 'cpu.shares'), String(Math.max(2, Math.round((weight * 1024) / 100))));
      }
      totalWeight += weight;
      weighBase();
      return path.join(dir, 'cgroup.procs');
    },
    throttling(name) {
      const dir = groups.get(name);
      if (!dir) return null;
      try {
        return parseCpuStat(readFileSync(path.join(dir, 'cpu.stat'), 'utf8'));
      } catch {
        return null;
      }
    },
    remove() {
      for (const dir of groups.values()) {
        try {
          for (const pid of readFileSync(path.join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean))
            process.kill(Number(pid), 'SIGKILL');
        } catch {
          // gone already
        }
      }
      for (const dir of [...groups.values(), base]) removeTree(dir);
    },
  };
}

function removeTree(dir: string) {
  try {
    for (const e of readdirSync(dir, { withFileTypes: true })) if (e.isDirectory()) removeTree(path.join(dir, e.name));
    rmdirSync(dir);
  } catch {
    // gone already, or a process still inside (reported by the caller's leftover check)
  }
}
