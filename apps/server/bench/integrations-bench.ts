/**
 * Integrations benchmark (issue 14), short and local only:
 *  1. the cost of an API-token request against a session request (same route, GET /api/tests, app.inject);
 *  2. webhook throughput: 300 events enqueued, then delivered by the delivery loop's function to a real
 *     HTTP receiver on 127.0.0.1, signed (time from enqueue to the last delivery);
 *  3. the attempt scanner's time with 2,000 attempts of a company with a subscribed webhook.
 *
 *   npm run bench:integrations -w @assessly/server
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { emitEvent, scanAttemptEvents } from '../src/modules/webhooks/webhooks.events';
import { createWebhookLoop } from '../src/modules/webhooks/webhooks.loop';
import { buildTestApp } from '../test/build-test-app';
import { createSignedInUser } from '../test/factories';

const REQUESTS = 300;
const EVENTS = 300;
const ATTEMPTS = 2000;

function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function main() {
  const t = await buildTestApp();
  t.deps.config.webhookAllowPrivate = true;
  const admin = await createSignedInUser(t.app, { role: 'employer' });
  const { token } = (
    await t.app.inject({
      method: 'POST',
      url: '/api/companies/api-tokens',
      headers: { cookie: admin.cookie },
      payload: { name: 'bench', scopes: ['tests:read'] },
    })
  ).json();

  for (const [label, headers] of [
    ['session cookie', { cookie: admin.cookie }],
    ['API token     ', { authorization: `Bearer ${token}` }],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const start = performance.now();
      const res = await t.app.inject({ method: 'GET', url: '/api/tests', headers });
      times.push(performance.now() - start);
      if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode}`);
    }
    console.log(`GET /api/tests with ${label}: median ${median(times).toFixed(2)} ms over ${REQUESTS} requests`);
  }

  let received = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      res.end('ok');
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  await t.app.inject({
    method: 'POST',
    url: '/api/companies/webhooks',
    headers: { cookie: admin.cookie },
    payload: { url, events: ['candidate.status_changed', 'attempt.started'] },
  });
  const start = performance.now();
  for (let i = 0; i < EVENTS; i++) {
    await emitEvent(t.deps, admin.companyId!, 'candidate.status_changed', `bench-${i}`, { i });
  }
  const enqueued = performance.now() - start;
  // The loop's own tick (fair passes back to back), as the server runs it.
  const loop = createWebhookLoop(() => t.deps, t.app.log);
  while (received < EVENTS) await loop.tick();
  const total = performance.now() - start;
  console.log(
    `webhooks: ${EVENTS} events enqueued in ${enqueued.toFixed(0)} ms, all ${received} delivered (signed) after ${total.toFixed(0)} ms (${((EVENTS / total) * 1000).toFixed(0)} deliveries/s)`,
  );

  await t.deps.database.query(
    `WITH tt AS (INSERT INTO tests (company_id, created_by, test_name, test_type) VALUES ($1::uuid, $2::uuid, 'bench', 'CODING') RETURNING id),
          uu AS (INSERT INTO users (email, password_hash, role) SELECT 'scan' || i || '@example.test', 'x', 'candidate' FROM generate_series(1, $3) i RETURNING id)
     INSERT INTO attempts (test_id, user_id, deadline_at, ended_at, finalized_at)
     SELECT tt.id, uu.id, now(), now(), now() FROM tt, uu`,
    [admin.companyId, admin.id, ATTEMPTS],
  );
  const scanTimes: number[] = [];
  for (let i = 0; i < 5; i++) {
    const s = performance.now();
    await scanAttemptEvents({ ...t.deps, publicUrl: 'http://localhost' }, 100);
    scanTimes.push(performance.now() - s);
  }
  console.log(
    `attempt scanner with ${ATTEMPTS} attempts: first pass ${scanTimes[0]!.toFixed(0)} ms (enqueues 100), median ${median(scanTimes).toFixed(0)} ms`,
  );
  await new Promise((ok) => server.close(ok));
  await t.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
