/**
 * The default face part of `npm start`: the face service (face-service.ts) as a child process on a loopback
 * port with a random secret, reached through the remote client. Inference is synchronous WASM work of
 * 50–200 ms a frame; in its own process it never stalls the API's event loop. A crashed service is started
 * again on the next call.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { FaceClient, FaceHealth } from './face-client';
import { createRemoteFaceClient } from './face-client.remote';

const ENTRY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../face-service.ts');

/**
 * nice: the child's CPU priority (FACE_NICE, default 10). The child stays in this process's session, so the
 * kernel weighs it against the API: a saturated face service cannot make drafts and heartbeats slow.
 */
export function createChildFaceClient(log: FastifyBaseLogger, nice = 0): FaceClient {
  const secret = randomBytes(24).toString('hex');
  let child: ChildProcess | null = null;
  let remote: Promise<FaceClient> | null = null;
  let closing = false;

  function start(): Promise<FaceClient> {
    const started = Date.now();
    const proc = fork(ENTRY, [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, FACE_PORT: '0', PORT: '0', HOST: '127.0.0.1', FACE_SERVICE_SECRET: secret },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child = proc;
    if (nice > 0 && proc.pid !== undefined) {
      try {
        os.setPriority(proc.pid, nice);
      } catch (err) {
        log.warn(`face: could not lower the face service's CPU priority (${(err as Error).message})`);
      }
    }
    const ready = new Promise<FaceClient>((resolve, reject) => {
      proc.on('message', (msg: { port?: number; modelsLoaded?: boolean }) => {
        if (msg.port) resolve(createRemoteFaceClient({ url: `http://127.0.0.1:${msg.port}`, secret }));
        if (msg.modelsLoaded) log.info(`face: service process ready in ${Date.now() - started} ms`);
      });
      proc.once('exit', (code, signal) => {
        reject(new Error(`face service exited (${signal ?? code})`));
        if (child === proc) remote = null;
        if (!closing)
          log.error(`face: the face service process exited (${signal ?? code}); it restarts on the next call`);
      });
    });
    ready.catch(() => {});
    return ready;
  }

  const client = () => {
    remote ??= start();
    return remote;
  };
  client();

  return {
    kind: 'remote',
    enroll: async (subject, jpeg) => (await client()).enroll(subject, jpeg),
    detect: async (subject, jpeg, opts) => (await client()).detect(subject, jpeg, opts),
    verify: async (subject, jpeg, descriptor, opts) => (await client()).verify(subject, jpeg, descriptor, opts),
    async health(): Promise<FaceHealth> {
      try {
        const h = await (await client()).health();
        const service = h.service as { state?: string } | string | undefined;
        const state = typeof service === 'string' ? service : service?.state;
        return {
          ...h,
          state: state === 'ready' ? 'ready' : state === 'loading' ? 'loading' : 'error',
          backend: 'face service child process',
        };
      } catch (err) {
        return { state: 'error', backend: 'face service child process', models: [], message: (err as Error).message };
      }
    },
    async close() {
      closing = true;
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
        setTimeout(() => proc.kill('SIGKILL'), 3000).unref();
      });
    },
  };
}
