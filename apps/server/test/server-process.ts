/**
 * The real API server (src/main.ts) as a child process, for crash tests and the drive benchmark: started on
 * a port of its own with the environment given, stopped gracefully or killed with SIGKILL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { expect } from 'vitest';
import type { Database } from '../src/db/client';
import { uniqueEmail } from './factories';

const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the server logged so far. */
  output(): string;
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** HEALTH_TOKEN of server processes started here: `Authorization: Bearer …` reads the health details. */
export const PROCESS_HEALTH_TOKEN = 'process-health-token';

export async function startServerProcess(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const p = port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(p),
      LOG_LEVEL: 'warn',
      HEALTH_TOKEN: PROCESS_HEALTH_TOKEN,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = `http://127.0.0.1:${p}`;
  const until = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${out}`);
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port: p,
    child,
    output: () => out,
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The password of users made by signUpOnServer. */
export const PROCESS_USER_PASSWORD = 'Correct horse battery 9';

/**
 * A new user of the server process at `url`, signed up through its API and verified straight in `database` (the
 * one the process runs on): the email and the user's id.
 */
export async function signUpOnServer(
  url: string,
  database: Database,
  role: 'candidate' | 'employer' = 'candidate',
  names: { firstName: string; lastName: string } = { firstName: 'Process', lastName: 'User' },
): Promise<{ email: string; id: string }> {
  const email = uniqueEmail(role);
  const res = await fetch(`${url}/api/users/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...names, email, password: PROCESS_USER_PASSWORD, role }),
  });
  expect(res.status).toBe(201);
  const [row] = await database.query<{ id: string }>(
    'UPDATE users SET email_verified_at = now() WHERE lower(email) = lower($1) RETURNING id',
    [email],
  );
  return { email, id: row!.id };
}

/** Signs a signUpOnServer user in at `url`: the session's cookie header. */
export async function signInOnServer(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PROCESS_USER_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
