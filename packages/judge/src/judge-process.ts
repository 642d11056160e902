/**
 * A Judge whose pool runs in a small child process (judge-host.ts) and is reached over IPC. Same interface
 * as createJudge(); use it from big processes (the API server with PGlite), where every sandbox spawn
 * would otherwise pay for copying a large memory map.
 */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CreateJudgeOptions, IsolationInfo, Judge } from './types';
import { JudgeQueueFullError } from './types';

const HOST = path.join(path.dirname(fileURLToPath(import.meta.url)), 'judge-host.ts');

interface Pending {
  resolve(value: unknown): void;
  reject(err: Error): void;
}

export async function startJudgeProcess(opts: CreateJudgeOptions = {}): Promise<Judge> {
  let child: ChildProcess;
  let isolation: IsolationInfo;
  let limits = { concurrency: 1, maxQueue: 0 };
  let nextId = 1;
  let inFlight = 0;
  let closed = false;
  const pending = new Map<number, Pending>();

  const spawnHost = () =>
    new Promise<void>((resolve, reject) => {
      child = fork(HOST, [], {
        execArgv: ['--import', 'tsx'],
        env: { ...process.env, ASSESSLY_JUDGE_OPTIONS: JSON.stringify(opts) },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      child.once('error', reject);
      child.on('message', (msg: { ready?: boolean; isolation?: IsolationInfo; stats?: typeof limits } & Reply) => {
        if (msg.ready) {
          isolation = msg.isolation!;
          limits = { concurrency: msg.stats!.concurrency, maxQueue: msg.stats!.maxQueue };
          resolve();
          return;
        }
        const p = pending.get(msg.id);
        if (!p) return;
        pending.delete(msg.id);
        if (msg.ok) p.resolve(msg.value);
        else if (msg.error.name === 'JudgeQueueFullError')
          p.reject(new JudgeQueueFullError(msg.error.retryAfterSeconds ?? 1));
        else p.reject(Object.assign(new Error(msg.error.message), { name: msg.error.name }));
      });
      child.once('exit', (code, signal) => {
        const err = new Error(`judge process exited (${signal ?? code})`);
        for (const p of pending.values()) p.reject(err);
        pending.clear();
        reject(err);
      });
    });

  await spawnHost();

  async function call<T>(op: string, ...args: unknown[]): Promise<T> {
    if (closed) throw new Error('judge is closed');
    // A host that died (killed, crashed) is started again for the next call.
    if (child.exitCode !== null || child.signalCode !== null) await spawnHost();
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      child.send({ id, op, args });
    });
  }

  return {
    async judge(req) {
      inFlight += 1;
      try {
        return await call('judge', req);
      } finally {
        inFlight -= 1;
      }
    },
    async project(req) {
      inFlight += 1;
      try {
        return await call('project', req);
      } finally {
        inFlight -= 1;
      }
    },
    stacks: () => call('stacks'),
    languages: () => call('languages'),
    warmup: (langs) => call('warmup', langs),
    isolation: () => isolation,
    stats: () => ({
      running: Math.min(inFlight, limits.concurrency),
      queued: Math.max(0, inFlight - limits.concurrency),
      ...limits,
    }),
    async close() {
      if (closed) return;
      await call('close').catch(() => {});
      closed = true;
      if (child.exitCode === null) child.kill();
    },
  };
}

type Reply =
  | { id: number; ok: true; value: unknown; error?: never }
  | { id: number; ok: false; value?: never; error: { name: string; message: string; retryAfterSeconds?: number } };
