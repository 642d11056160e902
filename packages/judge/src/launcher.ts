/**
 * Starts the sandbox supervisor from a small child process (launcher-host.mjs) instead of from this one.
 *
 * Node.js starts a program with fork() then exec(). fork() copies the caller's page tables, and afterwards every
 * page the caller writes faults once more (copy-on-write). From a process with a big heap (an API server or a
 * test worker holding PGlite and the face models, 1 GiB and more) that is tens of milliseconds of CPU per
 * program, and far more in faults where the kernel charges much for them (docs/BENCHMARKS.md, sixteenth
 * session: 29 ms a spawn from a 1 GiB process, and 0.3 s of faults writing 512 MiB after a single spawn). The
 * launcher stays small, so each judged program costs the same whatever the size of the process that judges.
 *
 * One launcher per process, started on first use; it holds the event loop only while a program runs, and it
 * ends when this process ends (the IPC channel closes), taking any supervisor it started with it (PDEATHSIG).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const HOST = fileURLToPath(new URL('./launcher-host.mjs', import.meta.url));

export interface Launched {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Killed (SIGKILL) when it ran past `timeoutMs`. */
  timedOut: boolean;
}

export interface LaunchOptions {
  /** The program's environment (default: empty). */
  env?: Record<string, string>;
  /** Characters of stdout kept (default 1 MiB) and of stderr (default 8 KiB). */
  outLimit?: number;
  errLimit?: number;
  /** Kill the program after this long (default: never). */
  timeoutMs?: number;
}

interface Reply extends Partial<Launched> {
  id: number;
  error?: string;
}

interface Pending {
  resolve(r: Launched): void;
  reject(err: Error): void;
}

interface Launcher {
  child: ChildProcess;
  /** This launcher's requests still waiting for an answer: a lost launcher fails its own, never a newer one's. */
  pending: Map<number, Pending>;
}

let host: Launcher | null = null;
let nextId = 1;

/** Holds the event loop while a request waits, and lets it go when none does. */
function hold({ child, pending }: Launcher) {
  const channel = child.channel as { ref?(): void; unref?(): void } | undefined;
  if (pending.size > 0) {
    child.ref();
    channel?.ref?.();
  } else {
    child.unref();
    channel?.unref?.();
  }
}

/** The request's callbacks, removed from the waiting ones. */
function take(l: Launcher, id: number): Pending | undefined {
  const p = l.pending.get(id);
  l.pending.delete(id);
  hold(l);
  return p;
}

function start(): Launcher {
  // No loaders or flags of this process (a test worker's, tsx's): plain Node.js, with only what it needs.
  const child = fork(HOST, [], {
    execArgv: [],
    env: { PATH: process.env.PATH ?? '' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const l: Launcher = { child, pending: new Map() };
  child.on('message', (m: Reply) => {
    const p = take(l, m.id);
    if (!p) return;
    if (m.error !== undefined) p.reject(new Error(m.error));
    else
      p.resolve({
        code: m.code ?? null,
        signal: m.signal ?? null,
        stdout: m.stdout ?? '',
        stderr: m.stderr ?? '',
        timedOut: m.timedOut ?? false,
      });
  });
  const lost = (why: string) => {
    if (host === l) host = null;
    for (const id of [...l.pending.keys()]) take(l, id)?.reject(new Error(`the sandbox launcher ${why}`));
  };
  child.on('exit', (code, signal) => lost(`ended (${signal ?? `exit ${code}`})`));
  child.on('error', (err) => lost(`failed: ${err.message}`));
  hold(l);
  return l;
}

/**
 * Runs `file` with `args`, stdin closed, and answers its exit and output (each kept to its limit: what was read
 * until the limit was passed). Rejects only when the program cannot be started or the launcher is lost.
 */
export function launch(file: string, args: string[], opts: LaunchOptions = {}): Promise<Launched> {
  host ??= start();
  const l = host;
  const id = nextId++;
  return new Promise<Launched>((resolve, reject) => {
    l.pending.set(id, { resolve, reject });
    hold(l);
    const request = {
      id,
      file,
      args,
      env: opts.env ?? {},
      outLimit: opts.outLimit ?? 1 << 20,
      errLimit: opts.errLimit ?? 8192,
      timeoutMs: opts.timeoutMs ?? 0,
    };
    l.child.send(request, (err) => {
      if (err) take(l, id)?.reject(new Error(`the sandbox launcher cannot be reached: ${err.message}`));
    });
  });
}

/** The launcher's pid while it runs (tests). */
export function launcherPid(): number | null {
  return host?.child.pid ?? null;
}
