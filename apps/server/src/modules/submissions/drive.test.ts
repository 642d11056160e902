/**
 * A hiring drive (issue 16) with the REAL sandboxed judge: one flooding candidate cannot delay another's run,
 * a retried submit never stores a second submission, verdicts arrive on the candidate's event stream.
 */
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { createJudge, type Judge } from '@assessly/judge';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachJudging, buildTestApp, healthDetails, type TestApp } from '../../../test/build-test-app';
import {
  buildCodingTest,
  createSignedInUser,
  type SignedInUser,
  SUM_PROBLEM,
  startCodingAttempt,
} from '../../../test/factories';
import { until } from '../../../test/support';
import { submissions } from '../../db/schema';
import { waitForJudged } from './submissions.service';

const SUM_OK = 'a, b = map(int, input().split())\nprint(a + b)\n';
const SLEEPY = 'import time\ntime.sleep(1)\nprint(3)\n';

let t: TestApp;
let judge: Judge;
let employer: SignedInUser;
let flooder: SignedInUser;
let other: SignedInUser;
let testId: string;

const post = (user: SignedInUser, url: string, code: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: user.cookie, ...headers },
    payload: { language: 'python', code, testId, questionNumber: 0 },
  });

beforeAll(async () => {
  t = await buildTestApp();
  judge = createJudge({ concurrency: 2 });
  await attachJudging(t, judge, { concurrency: 2 });
  employer = await createSignedInUser(t.app, { role: 'employer' });
  flooder = await createSignedInUser(t.app);
  other = await createSignedInUser(t.app);
  testId = (await buildCodingTest(t.deps.db, { employer: employer, problems: [SUM_PROBLEM], duration: 60 })).test.id;
  await startCodingAttempt(t.deps, flooder.id, testId);
  await startCodingAttempt(t.deps, other.id, testId);
});
afterAll(async () => {
  await t.deps.judging?.stop();
  await judge.close();
  await t.close();
});

describe('fair judging', () => {
  it("finishes another candidate's run within 3 s while one candidate floods runs and submissions", async () => {
    // The same run alone first: on a loaded machine the bound grows with it (3 s on a quiet one).
    let started = Date.now();
    expect((await post(other, '/api/submissions/run', SUM_OK)).statusCode).toBe(200);
    const solo = Date.now() - started;
    const judgedAt: number[] = [];
    const track = (p: ReturnType<typeof post>) =>
      p.then((r) => {
        if (r.statusCode === 200) judgedAt.push(Date.now());
        return r;
      });
    const flood = [
      ...Array.from({ length: 40 }, () => track(post(flooder, '/api/submissions/run', SLEEPY))),
      ...Array.from({ length: 5 }, () => track(post(flooder, '/api/submissions', SLEEPY))),
    ];
    await new Promise((r) => setTimeout(r, 300));
    started = Date.now();
    const res = await post(other, '/api/submissions/run', SUM_OK);
    const answeredAt = Date.now();
    const took = answeredAt - started;
    expect(res.statusCode).toBe(200);
    expect(res.json()[0].passed).toBe(true);
    // Fairness as order: at most the flooder's one Run and one submission in flight finish before it.
    expect(judgedAt.filter((at) => at < answeredAt).length).toBeLessThanOrEqual(2);
    expect(took).toBeLessThan(Math.max(3000, 1500 + 3 * solo));
    const statuses = (await Promise.all(flood)).map((r) => r.statusCode);
    // The newest run of the flooder was judged; runs it replaced while they waited answer 409 RUN_SUPERSEDED.
    expect(statuses.filter((s) => s === 409).length).toBeGreaterThan(30);
    expect(statuses).not.toContain(500);
    const health = await healthDetails(t.app);
    expect(health.judge.fairness.wait.run.count).toBeGreaterThan(0);
    expect(health.judge.fairness.wait.run).toHaveProperty('p95Ms');
  }, 60_000);
});

describe('fair judging under hostile load (issue 23)', () => {
  const ENDLESS = 'while True:\n    pass\n';
  const LIMIT_MS = 300;
  const CASES = 10;

  it("answers a third candidate's run while two candidates submit endless loops to a 10-case problem", async () => {
    const loop = await buildCodingTest(t.deps.db, {
      employer,
      duration: 60,
      problems: [
        {
          ...SUM_PROBLEM,
          timeLimitMs: LIMIT_MS,
          // one visible example and nine hidden cases: ten cases a submission runs
          testCases: Array.from({ length: CASES - 1 }, (_, i) => ({ input: `${i} 1\n`, output: `${i + 1}\n` })),
        },
      ],
    });
    const [a, b, c] = [
      await createSignedInUser(t.app),
      await createSignedInUser(t.app),
      await createSignedInUser(t.app),
    ];
    for (const u of [a, b, c]) await startCodingAttempt(t.deps, u.id, loop.test.id);
    const send = (user: SignedInUser, url: string, code: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: user.cookie },
        payload: { language: 'python', code, testId: loop.test.id, questionNumber: 0 },
      });
    const finished: string[] = [];
    const endless = [a, b].map((u) =>
      send(u, '/api/submissions', ENDLESS).then((r) => {
        finished.push(u.id);
        return r;
      }),
    );
    // Both are queued and one holds a slot before the run is asked for.
    await until(
      async () => {
        const rows = await t.deps.db.select().from(submissions).where(eq(submissions.testId, loop.test.id));
        return rows.length === 2 && rows.some((r) => r.status === 'running');
      },
      30_000,
      { everyMs: 20 },
    );
    const started = Date.now();
    const run = await send(c, '/api/submissions/run', SUM_OK);
    const took = Date.now() - started;
    console.log(`a third candidate's run beside two endless submitters: ${took} ms (load ${loadavg()[0]!.toFixed(1)})`);
    expect(run.statusCode).toBe(200);
    expect(run.json()[0].passed).toBe(true);
    // The run did not wait for either endless submission: both were still being judged when it was answered.
    expect(finished).toEqual([]);
    // The rule itself (issue 23): answered within 3 s. Its own work is one short case (well under a second); one
    // endless submission alone needs 10 × 300 ms, so a run queued behind one could not make it. This file runs
    // in the project `alone` (vitest.config.ts), so no other test file takes the CPU meanwhile.
    expect(took).toBeLessThan(3_000);

    // Each endless submission costs at most about N × T of CPU: every case stops at the limit.
    // The submit answers after a bounded wait; on a busy machine the verdict may land later: wait for it.
    await Promise.all(endless);
    const stored = await t.deps.db.select().from(submissions).where(eq(submissions.testId, loop.test.id));
    const rows = await Promise.all(stored.map((r) => waitForJudged(t.deps, r.id, 200_000)));
    for (const row of rows) {
      const results = row.results as { verdict: string; timeMs: number | null }[];
      expect(results).toHaveLength(CASES);
      expect(results.every((r) => r.verdict === 'Time Limit Exceeded')).toBe(true);
      const cpu = results.reduce((sum, r) => sum + (r.timeMs ?? 0), 0);
      expect(cpu).toBeLessThanOrEqual(CASES * LIMIT_MS * 1.25);
    }
  }, 300_000);
});

describe('idempotent submits', () => {
  it('stores one submission for two copies of a request with the same Idempotency-Key', async () => {
    const key = `drive-${Date.now()}-abcdef`;
    const [a, b] = await Promise.all([
      post(other, '/api/submissions', SUM_OK, { 'idempotency-key': key }),
      post(other, '/api/submissions', SUM_OK, { 'idempotency-key': key }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.headers['x-submission-id']).toBe(b.headers['x-submission-id']);
    const rows = await t.deps.db.select().from(submissions).where(eq(submissions.idempotencyKey, key));
    expect(rows).toHaveLength(1);
    // A later retry (its first reply lost) answers the same judged submission.
    const again = await post(other, '/api/submissions', SUM_OK, { 'idempotency-key': key });
    expect(again.headers['x-submission-id']).toBe(a.headers['x-submission-id']);
  }, 60_000);

  it('refuses a malformed key with 400 and stores nothing', async () => {
    const before = (await t.deps.db.select().from(submissions)).length;
    const res = await post(other, '/api/submissions', SUM_OK, { 'idempotency-key': 'x' });
    expect(res.statusCode).toBe(400);
    expect((await t.deps.db.select().from(submissions)).length).toBe(before);
  });
});

describe('GET /api/submissions/stream', () => {
  it("pushes the candidate's verdicts (and only theirs) as server-sent events", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const unauth = await fetch(`http://127.0.0.1:${port}/api/submissions/stream`);
    expect(unauth.status).toBe(401);
    const ac = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/submissions/stream`, {
      headers: { cookie: other.cookie },
      signal: ac.signal,
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const read = async (until: (s: string) => boolean) => {
      while (!until(text)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
    };
    await read((s) => s.includes('event: ready'));
    const flooderSubmit = await post(flooder, '/api/submissions', SUM_OK);
    const mine = await post(other, '/api/submissions', SUM_OK);
    const id = mine.headers['x-submission-id'] as string;
    await read((s) => s.includes(id));
    ac.abort();
    const events = text
      .split('\n\n')
      .filter((e) => e.startsWith('event: submission'))
      .map((e) => JSON.parse(e.split('data: ')[1]!));
    expect(events.some((e) => e.id === id && e.status === 'judged')).toBe(true);
    expect(events.some((e) => e.id === flooderSubmit.headers['x-submission-id'])).toBe(false);
    expect(events.every((e) => e.userId === other.id)).toBe(true);
  }, 60_000);
});
