/**
 * Dashboard benchmark (issue 8): a hiring drive of 200 tests and 20,000 judged submissions (100 per test:
 * 50 candidates × 2 problems, with proctoring events), seeded in bulk with generate_series, then the
 * dashboard and a submissions page are loaded through the real app (app.inject) several times.
 * Prints the median and the slowest run. PGlite always; PostgreSQL too when DATABASE_URL is set.
 *
 *   npm run bench:dashboard -w @assessly/server
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:dashboard -w @assessly/server
 */
import { performance } from 'node:perf_hooks';
import { buildTestApp } from '../test/build-test-app';
import { createSignedInUser } from '../test/factories';

const TESTS = 200;
const CANDIDATES_PER_TEST = 50;
const PROBLEMS_PER_TEST = 2;
const CANDIDATES = 2000;
const RUNS = 9;

async function seed(
  query: (sql: string, params?: unknown[]) => Promise<unknown[]>,
  employerId: string,
  companyId: string,
) {
  await query(
    `INSERT INTO users (email, password_hash, first_name, last_name, role)
     SELECT 'bench.cand' || i || '@example.test', 'x', 'Cand', 'No ' || i, 'candidate' FROM generate_series(1, $1) AS i`,
    [CANDIDATES],
  );
  await query(
    `INSERT INTO tests (company_id, created_by, test_name, test_type, is_active, created_at)
     SELECT $1::uuid, $2::uuid, 'Bench test ' || i, 'CODING', i % 3 <> 0, now() - (i || ' minutes')::interval
     FROM generate_series(1, $3) AS i`,
    [companyId, employerId, TESTS],
  );
  await query(
    `INSERT INTO coding_problems (test_id, company_id, created_by, title, description, marks)
     SELECT t.id, $1::uuid, $2::uuid, 'Problem ' || p, 'Solve it', 50
     FROM tests t CROSS JOIN generate_series(1, $3) AS p WHERE t.company_id = $1::uuid`,
    [companyId, employerId, PROBLEMS_PER_TEST],
  );
  await query(
    `UPDATE tests t SET question_ids = (SELECT jsonb_agg(cp.id::text ORDER BY cp.title) FROM coding_problems cp WHERE cp.test_id = t.id)
     WHERE t.company_id = $1::uuid`,
    [companyId],
  );
  // Candidate k of test n is user (n * 7 + k) mod CANDIDATES: every test gets 50 distinct candidates.
  await query(
    `WITH tl AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM tests WHERE company_id = $1::uuid),
          ul AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS m FROM users WHERE role = 'candidate' AND email LIKE 'bench.cand%')
     INSERT INTO attempts (test_id, user_id, started_at, deadline_at, ended_at)
     SELECT tl.id, ul.id, now() - interval '2 hours', now() - interval '1 hour', now() - interval '90 minutes'
     FROM tl CROSS JOIN generate_series(0, $2 - 1) AS k
     JOIN ul ON ul.m = (tl.n * 7 + k) % $3`,
    [companyId, CANDIDATES_PER_TEST, CANDIDATES],
  );
  await query(
    `INSERT INTO submissions (test_id, user_id, attempt_id, question_id, question_number, language, code, status,
                              results, passed_count, total_count, score, max_score, created_at, judged_at)
     SELECT a.test_id, a.user_id, a.id, cp.id, (right(cp.title, 1))::int - 1, 'python',
            'n = int(input())' || chr(10) || 'print(n * ' || (abs(hashtext(a.id::text || cp.id::text)) % 97) || ')', 'judged',
            (SELECT jsonb_agg(jsonb_build_object('passed', c <= pc.v, 'verdict', CASE WHEN c <= pc.v THEN 'AC' ELSE 'WA' END, 'timeMs', 12, 'memoryKb', 9000))
               FROM generate_series(1, 10) AS c),
            pc.v, 10, 5.0 * pc.v, 50, a.started_at + interval '10 minutes', a.started_at + interval '11 minutes'
     FROM attempts a JOIN tests t ON t.id = a.test_id AND t.company_id = $1::uuid
     JOIN coding_problems cp ON cp.test_id = a.test_id
     CROSS JOIN LATERAL (SELECT abs(hashtext(a.id::text || cp.title)) % 11 AS v) pc`,
    [companyId],
  );
  await query(
    `INSERT INTO proctoring_events (attempt_id, kind, detail, frame_key, occurred_at)
     SELECT a.id, (ARRAY['tab_hidden', 'paste_attempt', 'face_not_matched'])[1 + e % 3], 'bench',
            CASE WHEN e % 3 = 2 THEN 'frames/00000000-0000-0000-0000-000000000000' END,
            a.started_at + (e || ' minutes')::interval
     FROM attempts a JOIN tests t ON t.id = a.test_id AND t.company_id = $1::uuid
     CROSS JOIN generate_series(0, 2) AS e`,
    [companyId],
  );
  // What autovacuum does to a live database after a bulk load (visibility map for index-only scans, statistics).
  await query('VACUUM ANALYZE');
}

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)]!, max: s[s.length - 1]!, min: s[0]! };
}

async function runMode(label: string) {
  const t = await buildTestApp();
  try {
    const emp = await createSignedInUser(t.app, { role: 'employer' });
    const q = (sql: string, params?: unknown[]) => t.deps.database.query(sql, params);
    const seedStart = performance.now();
    await seed(q, emp.id, emp.companyId!);
    const seedMs = performance.now() - seedStart;
    const [counts] = await t.deps.database.query<{ tests: number; subs: number; events: number }>(
      `SELECT (SELECT count(*)::int FROM tests) AS tests, (SELECT count(*)::int FROM submissions) AS subs,
              (SELECT count(*)::int FROM proctoring_events) AS events`,
    );
    const time = async (url: string) => {
      const ms: number[] = [];
      let body = '';
      for (let i = 0; i < RUNS + 1; i++) {
        const start = performance.now();
        const res = await t.app.inject({ method: 'GET', url, headers: { cookie: emp.cookie } });
        const elapsed = performance.now() - start;
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (i > 0) ms.push(elapsed); // the first run warms caches and query plans
        body = res.body;
      }
      return { ...stats(ms), bytes: body.length, body };
    };
    const dash = await time('/api/review/dashboard?page=1&pageSize=20');
    const d = JSON.parse(dash.body);
    const firstTest = d.tests[0].id as string;
    const subs = await time(`/api/review/tests/${firstTest}/submissions?page=1&pageSize=20`);
    const lastPage = await time(`/api/review/tests/${firstTest}/submissions?page=5&pageSize=20`);
    const results = await time(`/api/review/tests/${firstTest}/results`);
    const fmt = (x: { median: number; max: number; bytes: number }) =>
      `median ${x.median.toFixed(1)} ms, max ${x.max.toFixed(1)} ms, ${(x.bytes / 1024).toFixed(0)} KiB`;
    console.log(`\n== ${label} ==`);
    console.log(
      `seeded ${counts!.tests} tests, ${counts!.subs} submissions, ${counts!.events} proctoring events in ${(seedMs / 1000).toFixed(1)} s`,
    );
    console.log(`stats: ${JSON.stringify(d.stats)}`);
    console.log(`GET /api/review/dashboard (20 tests/page, ${RUNS} runs): ${fmt(dash)}`);
    console.log(`GET /api/review/tests/:id/submissions page 1 (20 rows): ${fmt(subs)}`);
    console.log(`GET /api/review/tests/:id/submissions page 5 (20 rows): ${fmt(lastPage)}`);
    console.log(`GET /api/review/tests/:id/results (50 candidates + similarity): ${fmt(results)}`);
  } finally {
    await t.close();
  }
}

// Dropping the throw-away PostgreSQL database can terminate a pooled connection that is still closing (57P01):
// harmless once the figures are printed.
process.on('uncaughtException', (err: Error & { code?: string }) => {
  if (err.code === '57P01') return;
  console.error(err);
  process.exit(1);
});

const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
delete process.env.DATABASE_URL;
delete process.env.TEST_DATABASE_URL;
await runMode('PGlite (embedded)');
if (serverUrl) {
  process.env.TEST_DATABASE_URL = serverUrl;
  await runMode(`PostgreSQL (${new URL(serverUrl).host})`);
}
