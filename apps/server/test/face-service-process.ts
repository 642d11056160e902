/**
 * The face service (src/face-service.ts, as `npm start` runs it beside the API) as a child process on a free port
 * of 127.0.0.1, for the e2e harness and the face topology test.
 */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';

const FACE_SERVICE = path.resolve(import.meta.dirname, '../src/face-service.ts');

/**
 * Starts the service with `secret`; `url` resolves once it listens (it reports its port over IPC) and rejects if
 * it exits first. The caller ends the process (`kill9()` resolves once it is gone).
 */
export function startFaceServiceProcess(secret: string): {
  proc: ChildProcess;
  url: Promise<string>;
  kill9(): Promise<void>;
} {
  const proc = fork(FACE_SERVICE, [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      FACE_PORT: '0',
      PORT: '0',
      HOST: '127.0.0.1',
      FACE_SERVICE_SECRET: secret,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = new Promise<string>((resolve, reject) => {
    proc.on('message', (msg: { port?: number }) => {
      if (msg.port) resolve(`http://127.0.0.1:${msg.port}`);
    });
    proc.once('exit', (code, signal) => reject(new Error(`the face service exited (${signal ?? code})`)));
  });
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  return {
    proc,
    url,
    kill9: () => {
      proc.kill('SIGKILL');
      return exited;
    },
  };
}
