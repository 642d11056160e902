/**
 * Recovery in PostgreSQL mode (issue 16), with real worker processes (src/worker.ts) and the real judge:
 * a worker killed mid-judge hands its submission to another worker within 30 s (heartbeats, not the job's
 * 15-minute expiry), and a lost database connection (backends terminated) is recovered without a restart,
 * LISTEN included. Needs the PostgreSQL server (TEST_DATABASE_URL, default the local one).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createJudge, type Judge } from '@assessly/judge';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { attachJudging, buildTestApp, healthDetails, type TestApp } from '../../../test/build-test-app';
import { buildCodingTest, createSignedInUser, SUM_PROBLEM, startCodingAttempt } from '../../../test/factories';
import { descendantsOf } from '../../../test/processes';
import { until } from '../../../test/support';
import { POSTGRES_TEST_URL } from '../../../test/test-databases';
import { submissions } from '../../db/schema';

const SLEEPY = 'import time\ntime.sleep(4)\nprint(3)\n';
const WORKER = path.resolve(import.meta.dirname, '../../worker.ts');

let t: TestApp;
let judge: Judge;
let cookie: string;
let testId: string;
const workers: ChildProcess[] = [];
/** Each worker's output, and how it ended, for a failure's message. */
const workerLogs = new Map<ChildProcess, string>();
const workerState = () =>
  workers
    .map(
      (w) => `worker ${w.pid} (${w.exitCode ?? w.signalCode ?? 'running'}): ${(workerLogs.get(w) ?? '').slice(-1500)}`,
    )
    .join('\n');

function startWorker(url: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    env: { ...process.env, DATABASE_URL: url, JUDGE_CONCURRENCY: '1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  workers.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`worker did not start: ${out}`)), 60_000);
    child.stdout!.on('data', (d) => {
      out += d;
      workerLogs.set(child, out);
      if (out.includes('judge worker ready')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr!.on('data', (d) => {
      out += d;
      workerLogs.set(child, out);
    });
    child.on('exit', (code) => reject(new Error(`worker exited ${code}: ${out}`)));
  });
}

/** Whether a python3 process runs anywhere below pid (the sandboxed program of the job that worker holds). */
const runsPython = (pid: number) => descendantsOf(pid).some((p) => p.cmd.includes('python3'));

async function rowOf(id: string) {
  const [row] = await t.deps.db.select().from(submissions).where(eq(submissions.id, id));
  return row!;
}
const submit = (code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/submissions',
    headers: { cookie },
    payload: { language: 'python', code, testId, questionNumber: 0 },
  });

beforeAll(async () => {
  t = await buildTestApp({}, { serverUrl: POSTGRES_TEST_URL });
  judge = createJudge({ concurrency: 1 });
  // This API process only enqueues; the worker processes judge.
  await attachJudging(t, judge, { workers: false, submitWaitMs: 300 });
  const employer = await createSignedInUser(t.app, { role: 'employer' });
  const candidate = await createSignedInUser(t.app);
  cookie = candidate.cookie;
  testId = (await buildCodingTest(t.deps.db, { employer: employer, problems: [SUM_PROBLEM], duration: 60 })).test.id;
  await startCodingAttempt(t.deps, candidate.id, testId);
}, 60_000);
afterAll(async () => {
  for (const w of workers) w.kill('SIGKILL');
  await t.deps.judging?.stop();
  await judge.close();
  await t.close();
});

describe('PostgreSQL mode recovery', () => {
  it('retries the submission of a worker killed mid-judge on another worker (13.5 s by design; 30 s hang guard)', async () => {
    const url = t.deps.database.url!;
    // Both workers are up before the submission (a worker's start can outlast the program on a busy machine);
    // the one whose process tree runs the candidate's program is killed.
    const both = [await startWorker(url), await startWorker(url)];
    const res = await submit(SLEEPY);
    expect(res.statusCode).toBe(202);
    const id = res.json().id as string;
    await until(async () => (await rowOf(id)).status === 'running', 30_000);
    let busy: ChildProcess | undefined;
    await until(async () => {
      busy = both.find((w) => runsPython(w.pid!));
      return busy !== undefined;
    }, 30_000);
    busy!.kill('SIGKILL');
    const killedAt = Date.now();
    // The retry is the second judging attempt; then the other worker judges it to the end.
    await until(async () => (await rowOf(id)).judgeAttempts === 2, 45_000);
    const took = Date.now() - killedAt;
    console.log(`worker killed mid-judge: retried by the other worker ${(took / 1000).toFixed(1)} s later`);
    expect(took).toBeLessThan(30_000);
    await until(async () => (await rowOf(id)).status === 'judged', 45_000);
    const row = await rowOf(id);
    expect(row.judgeAttempts).toBe(2);
    expect(row.passedCount).toBe(1);
  }, 120_000);

  it('recovers from a lost database connection without a restart, LISTEN included', async () => {
    const url = new URL(t.deps.database.url!);
    const dbName = url.pathname.slice(1);
    const admin = new pg.Client({ connectionString: POSTGRES_TEST_URL });
    await admin.connect();
    const listeners = async () =>
      (
        await admin.query(
          "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name = 'assessly-judged-listener'",
          [dbName],
        )
      ).rows.map((r) => r.pid as number);
    const before = await listeners();
    expect(before.length).toBeGreaterThan(0);
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [dbName],
    );
    // The pool replaces its connections; the listeners (API and worker) and pg-boss reconnect by themselves.
    let now: number[] = [];
    await until(
      async () => {
        now = await listeners();
        return now.length >= before.length && now.every((pid) => !before.includes(pid));
      },
      // every LISTEN client retries each 2 s; a server at max_connections (the rest of the suite shares it) can
      // refuse them a while
      120_000,
      { state: () => `listeners before ${before.join(',')}, now ${now.join(',')}\n${workerState()}` },
    );
    await admin.end();
    await until(async () => {
      const h = await healthDetails(t.app);
      return h.database.state === 'ok' && h.judge.queue?.listening === true;
    }, 45_000);
    const res = await submit('a, b = map(int, input().split())\nprint(a + b)\n');
    expect([200, 202]).toContain(res.statusCode);
    const id = res.headers['x-submission-id'] as string;
    await until(async () => (await rowOf(id)).status === 'judged', 30_000);
    expect((await rowOf(id)).passedCount).toBe(2);
  }, 240_000);
});
