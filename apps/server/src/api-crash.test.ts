/**
 * kill -9 of the API mid-judge on the embedded default (issue 16), with the real server process, PGlite in
 * a folder and the real judge: after a restart every accepted submission is judged exactly once (the
 * candidates' pages resend with their idempotency keys), the acknowledged draft is there, deadlines are
 * unchanged, and an attempt whose deadline passed while the server was down is ended by the auto-end loop.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCodingTest, SUM_PROBLEM, startCodingAttempt } from '../test/factories';
import { type ServerProcess, startServerProcess } from '../test/server-process';
import { until } from '../test/support';
import { openDatabase } from './db/client';
import { attempts, submissions, users } from './db/schema';

const SLEEPY = 'import time\ntime.sleep(3)\nprint(3)\n';
const PASSWORD = 'Passw0rd!crash';

let dataDir: string;
let server: ServerProcess | null = null;
const HEALTH_TOKEN = 'crash-test-health-token';
const env = () => ({
  DATA_DIR: dataDir,
  FACE_ENGINE: 'off',
  JUDGE_CONCURRENCY: '1',
  // at the server's priority: on a test machine busy with other work a niced judge would only be slow here
  // (the priority itself is tested in packages/judge priority.test.ts)
  JUDGE_NICE: '0',
  WEB_DIST: '/nonexistent',
  HEALTH_TOKEN,
});

async function call(method: string, url: string, cookie: string | null, body?: unknown, headers = {}) {
  const res = await fetch(`${server!.url}${url}`, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    json: text ? JSON.parse(text) : null,
    setCookie: res.headers.getSetCookie(),
  };
}
async function signIn(email: string) {
  const res = await call('POST', '/api/users/login', null, { email, password: PASSWORD });
  expect(res.status).toBe(200);
  return res.setCookie.map((c) => c.split(';')[0]).join('; ');
}
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'assessly-crash-'));
});
afterAll(async () => {
  await server?.kill9().catch(() => {});
  await rm(dataDir, { recursive: true, force: true });
});

describe('kill -9 of the API mid-judge', () => {
  it('loses nothing: each accepted submission judged once, drafts kept, deadlines unchanged, auto-end catches up', async () => {
    // 1. Accounts through the API, then the test and attempts written straight into the stopped database.
    server = await startServerProcess(env());
    const emails = { employer: 'crash-employer@example.com', a: 'crash-a@example.com', b: 'crash-b@example.com' };
    for (const [who, email] of Object.entries(emails)) {
      const role = who === 'employer' ? 'employer' : 'candidate';
      const res = await call('POST', '/api/users/add', null, {
        firstName: 'C',
        lastName: who,
        email,
        password: PASSWORD,
        role,
      });
      expect(res.status).toBe(201);
    }
    await server.stop();
    let database = await openDatabase({ dataDir: path.join(dataDir, 'pg') });
    const deps = { db: database.db, clock: { now: () => new Date() } };
    const byEmail = async (email: string) => (await database.db.select().from(users).where(eq(users.email, email)))[0]!;
    const employer = await byEmail(emails.employer);
    const a = await byEmail(emails.a);
    const b = await byEmail(emails.b);
    const { test, problems } = await buildCodingTest(deps.db, {
      employer: employer,
      problems: [SUM_PROBLEM],
      duration: 60,
    });
    await startCodingAttempt(deps, a.id, test.id);
    await startCodingAttempt(deps, b.id, test.id);
    // B's time runs out while the server is down.
    const deadlineB = Date.now() + 20_000;
    await database.db
      .update(attempts)
      .set({ deadlineAt: new Date(deadlineB) })
      .where(eq(attempts.userId, b.id));
    await database.close();

    // 2. Candidate A saves a draft and submits three times; the API is killed while the judge works.
    server = await startServerProcess(env());
    const cookieA = await signIn(emails.a);
    const draft = { questionId: problems[0]!.id, language: 'python', code: '# typed before the crash\n' };
    expect((await call('PUT', `/api/attempts/${test.id}/drafts`, cookieA, draft)).status).toBe(200);
    const before = (await call('GET', `/api/attempts/take/${test.id}`, cookieA)).json;
    const keys = ['crash-key-0001', 'crash-key-0002', 'crash-key-0003'];
    const payload = { language: 'python', code: SLEEPY, testId: test.id, questionNumber: 0 };
    const lost = keys.map((k) =>
      call('POST', '/api/submissions', cookieA, payload, { 'idempotency-key': k }).catch(() => null),
    );
    await until(
      async () => {
        const h = (await call('GET', '/api/health', null, undefined, { 'x-health-token': HEALTH_TOKEN })).json;
        return h.judge.queue.running >= 1;
      },
      30_000,
      { everyMs: 250 },
    );
    await server.kill9();
    await Promise.all(lost); // their replies are lost
    await new Promise((r) => setTimeout(r, Math.max(0, deadlineB + 1000 - Date.now())));

    // 3. Restart; the pages resend with the same keys.
    server = await startServerProcess(env());
    const cookieB = await signIn(emails.b);
    const again = await Promise.all(
      keys.map((k) => call('POST', '/api/submissions', cookieA, payload, { 'idempotency-key': k })),
    );
    expect(again.map((r) => r.status)).toEqual([200, 200, 200]);
    const after = (await call('GET', `/api/attempts/take/${test.id}`, cookieA)).json;
    expect(after.attempt.deadlineAt).toBe(before.attempt.deadlineAt);
    expect(after.drafts.find((d: { questionId: string }) => d.questionId === draft.questionId)?.code).toBe(draft.code);
    await until(
      async () => (await call('GET', `/api/attempts/take/${test.id}`, cookieB)).json.attempt.endedAt !== null,
      20_000,
      { everyMs: 250 },
    );
    await server.stop();

    database = await openDatabase({ dataDir: path.join(dataDir, 'pg') });
    const rows = await database.db.select().from(submissions).where(eq(submissions.userId, a.id));
    await database.close();
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.status === 'judged')).toBe(true);
    expect(new Set(rows.map((r) => r.idempotencyKey))).toEqual(new Set(keys));
    expect(new Set(again.map((r) => r.headers.get('x-submission-id')))).toEqual(new Set(rows.map((r) => r.id)));
  }, 240_000);
});
