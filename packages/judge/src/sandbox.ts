import { existsSync, lstatSync, mkdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import type { Isolation } from './isolation';
import { launch } from './launcher';

export interface Bind {
  src: string;
  dest: string;
  /**
   * For a toolchain folder whose parents (e.g. /root, mode 0700) the sandbox's user may not cross: the
   * supervisor, still root, bind-mounts it read-only on an empty dir of the cache in a mount namespace of its
   * own, and bwrap binds that. Only the folder itself becomes visible; the host's mounts do not change.
   */
  viaMount?: boolean;
}

export interface SandboxSpec {
  /** Command line inside the sandbox (absolute program path). */
  argv: string[];
  /** Host dir bound at /box (the submission's work dir). */
  boxDir: string;
  boxWritable: boolean;
  /** Extra read-only binds (toolchains outside /usr, caches). */
  binds?: Bind[];
  env?: Record<string, string>;
  stdinPath?: string;
  stdoutPath: string;
  stderrPath: string;
  cpuMs: number;
  /** Wall-clock limit; the supervisor extends it by the run's wait for a CPU (at most 10 × more). */
  wallMs: number;
  memBytes: number;
  pids: number;
  nofile: number;
  fileSizeBytes: number;
  stdoutLimit: number;
  stderrLimit: number;
  stackBytes: number;
  /** Size of the tmpfs at /tmp (also charged to the memory cgroup). */
  tmpBytes: number;
}

export interface SandboxOutcome {
  code: number;
  signal: number;
  cpuUs: number;
  wallMs: number;
  peakBytes: number;
  maxRssKb: number;
  /** >0: OOM kills; <0: times the memory limit was hit without a kill; 0: never reached. */
  oom: number;
  /** Which limit made the supervisor kill the run: cpu, wall, output or "". */
  limit: '' | 'cpu' | 'wall' | 'output';
  outBytes: number;
  errBytes: number;
  /**
   * True once the launcher inside the sandbox was about to exec the program (it writes to a status pipe
   * only the supervisor holds, closed before the program runs). False: the sandbox itself failed.
   */
  started: boolean;
  /** Why the sandbox failed to start the program (empty when started). From the supervisor, never the program. */
  setup: string;
  /** Times the pids cgroup refused a new process or thread during the run (0 without a pids cgroup). */
  pidsHit: number;
  /**
   * True when code/signal are the program's own wait status as the launcher inside the sandbox saw it. False
   * when that report is missing (a limit killed the run, or the program killed the launcher): code is then
   * bwrap's exit status, where a signal cannot be told from an exit code above 128.
   */
  exact: boolean;
}

/** The status pipe's fd number inside the sandbox and where the launcher (the helper binary) is bound. */
const STATUS_FD = 9;
const LAUNCHER = '/judge-launch';

const BASE_ENV: Record<string, string> = {
  PATH: '/usr/local/bin:/usr/bin:/bin',
  HOME: '/tmp',
  LANG: 'C.UTF-8',
  TMPDIR: '/tmp',
};

/** /lib, /lib64, /bin, /sbin are symlinks into /usr on merged-/usr systems, real dirs elsewhere. */
function systemDirArgs(): string[] {
  const args: string[] = ['--ro-bind', '/usr', '/usr'];
  for (const dir of ['/lib', '/lib64', '/lib32', '/bin', '/sbin']) {
    try {
      const st = lstatSync(dir);
      if (st.isSymbolicLink()) args.push('--symlink', readlinkSync(dir), dir);
      else if (st.isDirectory()) args.push('--ro-bind', dir, dir);
    } catch {
      // absent on this host
    }
  }
  args.push('--ro-bind-try', '/etc/alternatives', '/etc/alternatives');
  return args;
}

let cachedSystemArgs: string[] | null = null;

export class Sandbox {
  private counter = 0;
  /** Compiles and runs use separate slots: v1 may refuse to lower a slot's limit below leftover charges. */
  private readonly freeSlots: Record<'c' | 's', string[]> = { c: [], s: [] };

  constructor(
    private readonly iso: Isolation,
    private readonly helper: string,
    /** Nice value the supervisor sets on the sandboxed process tree before exec (0: unchanged). */
    private readonly nice = 0,
  ) {}

  /** An empty dir (of the helper's cache dir) where the supervisor mounts the k-th `viaMount` bind. */
  private mountPoint(k: number): string {
    const dir = path.join(path.dirname(this.helper), 'mnt', String(k));
    if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o755 });
    return dir;
  }

  bwrapArgs(spec: SandboxSpec): string[] {
    if (!this.iso.bwrap) throw new Error('bubblewrap is not installed');
    cachedSystemArgs ??= systemDirArgs();
    const args = [
      this.iso.bwrap,
      '--unshare-all',
      '--die-with-parent',
      '--new-session',
      '--clearenv',
      // the launcher is the sandbox's pid 1: it reaps orphans and reports the program's own wait status
      '--as-pid-1',
      ...(this.iso.bwrapDisableUserns ? ['--unshare-user', '--disable-userns'] : []),
      ...cachedSystemArgs,
      '--proc',
      '/proc',
      '--dev',
      '/dev',
      ...(this.iso.bwrapTmpfsSize ? ['--size', String(spec.tmpBytes)] : []),
      '--tmpfs',
      '/tmp',
      spec.boxWritable ? '--bind' : '--ro-bind',
      spec.boxDir,
      '/box',
    ];
    let k = 0;
    for (const b of spec.binds ?? []) args.push('--ro-bind', b.viaMount ? this.mountPoint(k++) : b.src, b.dest);
    args.push('--ro-bind', this.helper, LAUNCHER);
    for (const [k, v] of Object.entries({ ...BASE_ENV, ...spec.env })) args.push('--setenv', k, v);
    args.push('--chdir', '/box', '--', LAUNCHER, '--launch', String(STATUS_FD), '--', ...spec.argv);
    return args;
  }

  /**
   * Run cgroups are kept and reused (one per concurrent run): creating and removing a memory cgroup costs
   * 10-15 ms, more than the rest of the sandbox. The helper empties a slot and resets or baselines its
   * counters before each run, so nothing carries over.
   */
  private acquireSlot(kind: 'c' | 's'): string {
    if (!this.iso.cgroup?.reuse) return `r${++this.counter}`;
    const free = this.freeSlots[kind];
    return free.pop() ?? `${kind}${++this.counter}`;
  }

  helperArgs(spec: SandboxSpec, slot: string): string[] {
    const args: string[] = [];
    const cg = this.iso.cgroup;
    if (cg) {
      args.push('--cg-mem', path.join(cg.memory, slot), '--cg-pids', path.join(cg.pids, slot));
      args.push(
        '--cg-cpu',
        path.join(cg.cpu, slot),
        '--cg-reuse',
        cg.reuse ? '1' : '0',
        '--cg-v2',
        cg.version === 2 ? '1' : '0',
      );
      args.push('--mem', String(spec.memBytes), '--pids', String(spec.pids));
      if (cg.sched) args.push('--cg-sched', cg.sched);
    } else {
      // fallback: address-space and per-uid process limits (weaker; reported in isolation().warnings)
      args.push('--as', String(spec.memBytes * 2), '--nproc', String(spec.pids * 8));
    }
    if (this.iso.dropTo) args.push('--uid', String(this.iso.dropTo.uid), '--gid', String(this.iso.dropTo.gid));
    args.push('--cpu-ms', String(spec.cpuMs), '--wall-ms', String(spec.wallMs));
    if (this.nice > 0) args.push('--nice', String(this.nice));
    args.push('--out-limit', String(spec.stdoutLimit), '--err-limit', String(spec.stderrLimit));
    args.push(
      '--fsize',
      String(spec.fileSizeBytes),
      '--nofile',
      String(spec.nofile),
      '--stack',
      String(spec.stackBytes),
    );
    args.push('--stdout', spec.stdoutPath, '--stderr', spec.stderrPath, '--info-fd', String(STATUS_FD));
    if (spec.stdinPath) args.push('--stdin', spec.stdinPath);
    let k = 0;
    for (const b of spec.binds ?? []) if (b.viaMount) args.push('--mount-dir', `${b.src}:${this.mountPoint(k++)}`);
    args.push('--', ...this.bwrapArgs(spec));
    return args;
  }

  async run(spec: SandboxSpec): Promise<SandboxOutcome> {
    const kind = spec.boxWritable ? 'c' : 's';
    const slot = this.acquireSlot(kind);
    try {
      return await this.runInSlot(spec, slot);
    } finally {
      if (this.iso.cgroup?.reuse) this.freeSlots[kind].push(slot);
    }
  }

  private async runInSlot(spec: SandboxSpec, slot: string): Promise<SandboxOutcome> {
    // through the launcher (launcher.ts): a fork from this process may copy a big memory map
    const { code, stdout, stderr } = await launch(this.helper, this.helperArgs(spec, slot));
    const line = stdout.trim().split('\n').pop() ?? '';
    if (code !== 0 || !line.startsWith('{')) {
      throw new Error(`sandbox helper failed (exit ${code}): ${stderr.trim() || stdout.trim()}`);
    }
    try {
      return JSON.parse(line) as SandboxOutcome;
    } catch {
      throw new Error(`sandbox helper printed unparsable output: ${line}`);
    }
  }
}

/**
 * The sandbox failed before the program ran: decided by the supervisor's status pipe alone. The program's
 * exit code and stderr play no part (a program printing "bwrap: ..." and exiting 1 is just a failing program).
 */
export function sandboxFailed(o: SandboxOutcome): boolean {
  return !o.started;
}
