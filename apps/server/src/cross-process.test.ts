/**
 * Several API processes on one PostgreSQL (issue 28): two real API servers (src/main.ts, JUDGE_WORKERS=0) behind
 * HAProxy, and a judge worker process (src/worker.ts), on one database. Most tests call each API directly, the way
 * a load balancer may spread a drive, to choose which process takes which call: a session made on one API works
 * on the other; the sign-in throttle and the per-route rate limits count on both together, and so do a user's
 * open verdict streams; a verdict judged by the worker reaches the event stream the candidate holds open on the
 * API that did not take the submission. The last goes through the balancer: kill -9 of the API holding a
 * candidate's stream, and the candidate is back on the other within 5 s. Needs the PostgreSQL server
 * (TEST_DATABASE_URL, default local) and haproxy.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBalancer } from '../test/balancer';
import { buildCodingTest, SUM_PROBLEM, startCodingAttempt, uniqueEmail } from '../test/factories';
import {
  freePort,
  PROCESS_USER_PASSWORD,
  type ServerProcess,
  signInOnServer,
  signUpOnServer,
  startServerProcess,
} from '../test/server-process';
import { usePostgresDatabase } from '../test/support';
import { systemClock } from './lib/clock';

/** The file's own database on the PostgreSQL server, whatever the run's mode. */
const server = usePostgresDatabase();

const WORKER = path.resolve(import.meta.dirname, 'worker.ts');
const AUTH_LIMIT = 6;

let dataDir: string;
const apis: ServerProcess[] = [];
const workers: ChildProcess[] = [];
let workerOut = '';
/** HAProxy in front of both APIs, as a deployment runs it (test/balancer.ts). */
let balancer: ChildProcess;
let lb: Endpoint;
/** Where calls go: one API process, or the balancer in front of both. */
type Endpoint = Pick<ServerProcess, 'url'>;

async function call(api: Endpoint, method: string, url: string, cookie: string | null, body?: unknown) {
  const res = await fetch(`${api.url}${url}`, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : null, res };
}

const signUp = (api: Endpoint, role: 'candidate' | 'employer' = 'candidate') =>
  signUpOnServer(api.url, server.database, role, { firstName: 'Cross', lastName: 'Process' });
const signIn = (api: Endpoint, email: string) => signInOnServer(api.url, email);

function startWorker(url: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    env: { ...process.env, DATABASE_URL: url, JUDGE_CONCURRENCY: '1', JUDGE_NICE: '0', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start: ${workerOut}`)), 90_000);
    child.stdout!.on('data', (d) => {
      workerOut += d;
      if (workerOut.includes('judge worker ready')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr!.on('data', (d) => {
      workerOut += d;
    });
    child.on('exit', (code) => reject(new Error(`worker exited ${code}: ${workerOut}`)));
    workers.push(child);
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'assessly-cross-'));
  const env = {
    DATABASE_URL: server.database.url!,
    JUDGE_WORKERS: '0',
    JUDGE_CONCURRENCY: '1',
    FACE_ENGINE: 'off',
    AUTH_RATE_LIMIT: String(AUTH_LIMIT),
    ARGON2_MEMORY_KIB: '64',
    ARGON2_TIME_COST: '1',
    WEB_DIST: '/nonexistent',
  };
  // openTestDatabase() migrated the database: both find the schema up to date and may start together
  apis.push(
    ...(await Promise.all(['a', 'b'].map((n) => startServerProcess({ ...env, DATA_DIR: path.join(dataDir, n) })))),
  );
  const lbPort = await freePort();
  balancer = await startBalancer(
    dataDir,
    lbPort,
    apis.map((a) => a.port),
  );
  let lbOut = '';
  balancer.stdout!.on('data', (d) => {
    lbOut += d;
  });
  balancer.stderr!.on('data', (d) => {
    lbOut += d;
  });
  lb = { url: `http://127.0.0.1:${lbPort}` };
  // both APIs answered their health already: the balancer takes them in service at once
  for (;;) {
    if (balancer.exitCode !== null) throw new Error(`haproxy exited ${balancer.exitCode}: ${lbOut}`);
    if ((await fetch(`${lb.url}/api/health`).catch(() => null))?.status === 200) break;
    await new Promise((r) => setTimeout(r, 50));
  }
}, 180_000);

afterAll(async () => {
  balancer?.kill('SIGKILL');
  for (const w of workers) w.kill('SIGKILL');
  await Promise.all(apis.map((a) => a.stop().catch(() => {})));
  await rm(dataDir, { recursive: true, force: true });
});

describe('two API processes on one PostgreSQL', () => {
  it('a session made on one API process works on the other', async () => {
    const [a, b] = apis as [ServerProcess, ServerProcess];
    const { email, id } = await signUp(a);
    const cookie = await signIn(a, email);
    const me = await call(b, 'GET', '/api/users/me', cookie);
    expect(me.status).toBe(200);
    expect(me.json.id).toBe(id);
  });

  it('throttles an account after wrong passwords spread over both processes', async () => {
    const [a, b] = apis as [ServerProcess, ServerProcess];
    const { email } = await signUp(a);
    const codes: number[] = [];
    // the default SIGNIN_ACCOUNT_LIMIT is 10: five wrong passwords on each process are ten on the account
    for (let i = 0; i < 10; i++) {
      const res = await call(i % 2 ? b : a, 'POST', '/api/users/login', null, { email, password: `wrong-${i}` });
      codes.push(res.status);
    }
    expect(codes).toEqual(Array(10).fill(401));
    for (const api of [a, b]) {
      const right = await call(api, 'POST', '/api/users/login', null, { email, password: PROCESS_USER_PASSWORD });
      expect(right.status).toBe(429);
      expect(right.json.code).toBe('ACCOUNT_THROTTLED');
      expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(60);
    }
    // another account is untouched
    const other = await signUp(b);
    expect(
      (await call(a, 'POST', '/api/users/login', null, { email: other.email, password: PROCESS_USER_PASSWORD })).status,
    ).toBe(200);
  });

  it('counts a per-route rate limit over both processes', async () => {
    const [a, b] = apis as [ServerProcess, ServerProcess];
    const codes: number[] = [];
    // AUTH_RATE_LIMIT calls a minute per address on forgot-password, whichever process answers
    for (let i = 0; i < AUTH_LIMIT + 2; i++) {
      const res = await call(i % 2 ? b : a, 'POST', '/api/users/forgot-password', null, { email: uniqueEmail() });
      codes.push(res.status);
    }
    expect(codes.slice(0, AUTH_LIMIT)).toEqual(Array(AUTH_LIMIT).fill(200));
    expect(codes.slice(AUTH_LIMIT)).toEqual([429, 429]);
  });

  it('judges the first submission of every candidate before the second of any, over two APIs and two workers', async () => {
    const [a, b] = apis as [ServerProcess, ServerProcess];
    const { test } = await buildCodingTest(server.database.db, { problems: [SUM_PROBLEM], duration: 60 });
    const who = async (api: ServerProcess) => {
      const c = await signUp(api);
      await startCodingAttempt({ db: server.database.db, clock: systemClock }, c.id, test.id);
      return { ...c, api, cookie: await signIn(api, c.email) };
    };
    const flooder = await who(a);
    const others = [await who(b), await who(a)];
    const submit = (c: Awaited<ReturnType<typeof who>>, n: number) =>
      call(c.api, 'POST', '/api/submissions', c.cookie, {
        language: 'python',
        code: `a, b = map(int, input().split())\nprint(a + b)  # ${n}\n`,
        testId: test.id,
        questionNumber: 0,
      });
    const queued = async () =>
      Number(
        (
          await server.database.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM submissions WHERE status = 'queued'",
          )
        )[0]?.n,
      );
    const pending = async (n: number) => {
      while ((await queued()) < n) await new Promise((r) => setTimeout(r, 50));
    };
    // No worker runs yet: the flooder's three submissions are queued first, then one of each other candidate.
    const posted = [submit(flooder, 1), submit(flooder, 2), submit(flooder, 3)];
    await pending(3);
    posted.push(...others.map((c, i) => submit(c, 10 + i)));
    await pending(5);
    // In the scheduler's order: three POSTs at once can share a millisecond of created_at, and the scheduler then
    // takes the lower id first, so "the flooder's first" is the first by (created_at, id), as fair-claim.ts orders.
    const rows = await server.database.query<{ id: string; user_id: string }>(
      'SELECT id, user_id FROM submissions ORDER BY created_at, id',
    );
    const flood = rows.filter((r) => r.user_id === flooder.id).map((r) => r.id);
    const fair = rows.filter((r) => r.user_id !== flooder.id).map((r) => r.id);
    expect([flood.length, fair.length]).toEqual([3, 2]);

    // Two workers judge; when each row's claim is committed is watched from here (wall clock, as the workers'
    // claimed_at).
    const claimSeenAt = new Map<string, number>();
    let watching = true;
    const watch = (async () => {
      while (watching) {
        for (const r of await server.database.query<{ id: string }>(
          "SELECT id FROM submissions WHERE status <> 'queued'",
        ))
          if (!claimSeenAt.has(r.id)) claimSeenAt.set(r.id, Date.now());
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    await Promise.all([startWorker(server.database.url!), startWorker(server.database.url!)]);
    const answers = await Promise.all(posted);
    // a POST answers 202 when its verdict takes longer than the API waits: the rows tell when all are judged
    while ((await server.database.query("SELECT id FROM submissions WHERE status IN ('queued', 'running')")).length > 0)
      await new Promise((r) => setTimeout(r, 100));
    watching = false;
    await watch;
    expect(answers.map((r) => r.status).every((s) => s === 200 || s === 202)).toBe(true);
    const judged = await server.database.query<{ status: string; passed_count: number }>(
      'SELECT status, passed_count FROM submissions',
    );
    expect(judged.map((r) => `${r.status}:${r.passed_count}`)).toEqual(Array(5).fill('judged:2'));
    // The flooder's first may go first (it was oldest); each other candidate's only submission was being claimed
    // before the flooder's second and third were claimed. A claim skips a row another worker's claim holds (SKIP
    // LOCKED), and on a loaded machine that claim may commit after the flooder's next: so the fair row's claim
    // must have begun (its claimed_at, the worker's clock as it sent the claim) by the time the flooder's second
    // and third were seen claimed. Claimed first in first out, the fair rows would be claimed a judging later.
    const claimedAt = new Map(
      (await server.database.query<{ id: string; claimed_at: Date }>('SELECT id, claimed_at FROM submissions')).map(
        (r) => [r.id, new Date(r.claimed_at).getTime()],
      ),
    );
    const seen = (id: string) => claimSeenAt.get(id) ?? Number.POSITIVE_INFINITY;
    for (const id of fair) {
      const began = claimedAt.get(id) ?? Number.POSITIVE_INFINITY;
      expect(began, "before the flooder's second").toBeLessThanOrEqual(seen(flood[1]!));
      expect(began, "before the flooder's third").toBeLessThanOrEqual(seen(flood[2]!));
    }
  }, 240_000);

  it('delivers a verdict judged by a worker process to the event stream held on the other API', async () => {
    const [a, b] = apis as [ServerProcess, ServerProcess];
    if (workers.length === 0) await startWorker(server.database.url!);
    const candidate = await signUp(a);
    const { test } = await buildCodingTest(server.database.db, { problems: [SUM_PROBLEM], duration: 60 });
    await startCodingAttempt({ db: server.database.db, clock: systemClock }, candidate.id, test.id);
    const cookie = await signIn(a, candidate.email);

    // the stream is held on A; the submission goes through B; the worker judges it
    const stream = await openStream(a, cookie);
    const posted = submitSum(b, cookie, test.id);
    // judged by the worker: neither API judges (JUDGE_WORKERS=0)
    const event = await stream.submission;
    await stream.close();
    const res = await posted;
    expect([200, 202]).toContain(res.status);
    expect(event.status).toBe('judged');
    expect(event.passedCount).toBe(2);
  }, 180_000);

  it("counts a user's open verdict streams over both processes", async () => {
    const [a, b] = apis as [ServerProcess, ServerProcess];
    const candidate = await signUp(a);
    const cookie = await signIn(a, candidate.email);
    const held = [await openStream(a, cookie), await openStream(a, cookie), await openStream(b, cookie)];
    const fourth = await fetch(`${b.url}/api/submissions/stream`, { headers: { cookie } });
    expect(fourth.status).toBe(429);
    expect(((await fourth.json()) as { code: string }).code).toBe('RATE_LIMITED');
    expect((await fetch(`${a.url}/api/submissions/stream`, { headers: { cookie } })).status).toBe(429);
    // a tab closed on A gives its place to one on B as soon as A has seen the close
    await held[0]!.close();
    for (;;) {
      const res = await fetch(`${b.url}/api/submissions/stream`, { headers: { cookie } });
      await res.body?.cancel();
      if (res.status === 200) break;
      expect(res.status).toBe(429);
      await new Promise((r) => setTimeout(r, 50));
    }
    for (const s of held.slice(1)) await s.close();
  }, 60_000);

  it('after kill -9 of the API holding the stream, the candidate goes on through the balancer within 5 s', async () => {
    if (workers.length === 0) await startWorker(server.database.url!);
    const candidate = await signUp(lb);
    const { test } = await buildCodingTest(server.database.db, { problems: [SUM_PROBLEM], duration: 60 });
    await startCodingAttempt({ db: server.database.db, clock: systemClock }, candidate.id, test.id);
    const cookie = await signIn(lb, candidate.email);
    const first = await openStream(lb, cookie);
    // the balancer names the API it chose (api1, api2): that one is killed
    const holder = apis[Number(first.servedBy?.replace('api', '')) - 1];
    expect(holder).toBeDefined();
    const ended = first.submission.then(
      () => 'verdict',
      () => 'ended',
    );
    await holder!.kill9();
    const killedAt = performance.now();
    expect(await ended).toBe('ended');
    // what the page's EventSource does (retry: 3000 from the server): connect again, to the same address
    const again = await openStream(lb, cookie);
    const took = performance.now() - killedAt;
    console.log(
      `API killed: the stream was open again through the balancer (on ${again.servedBy}) ${(took / 1000).toFixed(1)} s later`,
    );
    expect(took).toBeLessThan(5000);
    expect(again.servedBy).not.toBe(first.servedBy);
    // the session made before the kill works on the other API, and so do submissions and verdicts
    const res = await submitSum(lb, cookie, test.id);
    expect([200, 202]).toContain(res.status);
    const event = await again.submission;
    await again.close();
    expect(event.passedCount).toBe(2);
  }, 180_000);
});

/** GET /api/submissions/stream on `api`, resolved once the server said ready; `submission` is its first verdict. */
async function openStream(api: Endpoint, cookie: string) {
  const res = await fetch(`${api.url}/api/submissions/stream`, { headers: { cookie } });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const submission = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended: ${text}`);
      text += decoder.decode(value, { stream: true });
      const m = /event: submission\ndata: (.*)\n/.exec(text);
      if (m) return JSON.parse(m[1] as string) as { status: string; passedCount: number };
    }
  })();
  submission.catch(() => {});
  await until(() => text.includes('event: ready'));
  return { submission, servedBy: res.headers.get('x-served-by'), close: () => reader.cancel().catch(() => {}) };
}

function submitSum(api: Endpoint, cookie: string, testId: string) {
  return call(api, 'POST', '/api/submissions', cookie, {
    language: 'python',
    code: 'a, b = map(int, input().split())\nprint(a + b)\n',
    testId,
    questionNumber: 0,
  });
}

/** Waits for a condition of this process's own state (the stream's text), yielding to the event loop. */
async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 20));
}
