/**
 * Interview rooms benchmark (issue 30): ROOMS rooms × 3 participants typing at human speed for SECONDS, against
 * the real server (PGlite in memory, or PostgreSQL with TEST_DATABASE_URL) over real WebSockets. The typists run
 * in a child process, so this process's CPU is the server's alone. Prints: the keystroke-to-peer delay p50/p99,
 * the server's CPU per room, and the bytes a room stores per hour (as the updates arrive, and after compaction).
 *
 *   npm run bench:interviews -w @assessly/server      (BENCH_ROOMS=30 BENCH_SECONDS=60 BENCH_TYPE_MS=250)
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTestApp } from '../../test/build-test-app';
import { createSignedInUser } from '../../test/factories';

const ROOMS = Number(process.env.BENCH_ROOMS ?? 30);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const TYPE_MS = Number(process.env.BENCH_TYPE_MS ?? 250);
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 3);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};

async function storedBytes(t: Awaited<ReturnType<typeof buildTestApp>>) {
  const [r] = await t.deps.database.query<{ n: number; bytes: string }>(
    'SELECT count(*)::int AS n, coalesce(sum(octet_length(data)), 0)::text AS bytes FROM interview_updates',
  );
  return { rows: Number(r?.n ?? 0), bytes: Number(r?.bytes ?? 0) };
}

async function uncompacted(t: Awaited<ReturnType<typeof buildTestApp>>) {
  const rows = await t.deps.database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM interview_updates WHERE NOT compacted',
  );
  return Number(rows[0]?.n ?? 0);
}

async function main() {
  const t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const base = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const owner = await createSignedInUser(t.app, { role: 'employer' });
  const rooms: { id: string; token: string; cookie: string }[] = [];
  for (let i = 0; i < ROOMS; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/interviews',
      headers: { cookie: owner.cookie },
      payload: { title: `Bench ${i}`, candidateEmail: `bench-${i}@example.com` },
    });
    const { id, joinUrl } = res.json() as { id: string; joinUrl: string };
    rooms.push({ id, token: new URL(joinUrl).searchParams.get('token')!, cookie: owner.cookie });
  }
  const here = path.dirname(fileURLToPath(import.meta.url));
  const spec = { base, seconds: SECONDS, typeMs: TYPE_MS };
  // The server's CPU while the participants type (from the child's "typing" to its "typed"); the bytes stored
  // as the updates arrive are sampled every second (compaction of full buckets runs every 200 updates a room).
  let cpuBefore = process.cpuUsage();
  let cpu = { user: 0, system: 0 };
  let typingFrom = 0n;
  let typingS = 0;
  let asArrived = { rows: 0, bytes: 0 };
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      await new Promise((r) => setTimeout(r, 1000));
      const now = await storedBytes(t);
      if (now.rows > asArrived.rows) asArrived = now;
    }
  })();
  // The typists in PROCESSES children (one process for 90 sockets starves on a busy machine), started together.
  const groups = Array.from({ length: PROCESSES }, (_, i) => rooms.filter((_r, j) => j % PROCESSES === i));
  let ready = 0;
  let typed = 0;
  const children = groups.map((group) =>
    spawn(
      process.execPath,
      ['--import', 'tsx', path.join(here, 'clients.ts'), JSON.stringify({ ...spec, rooms: group })],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    ),
  );
  const outs = await Promise.all(
    children.map(
      (child) =>
        new Promise<string>((resolve, reject) => {
          let stdout = '';
          child.stdout!.on('data', (d) => {
            stdout += d;
          });
          child.stderr!.on('data', (d) => {
            const line = String(d);
            if (line.includes('ready') && ++ready === children.length) {
              cpuBefore = process.cpuUsage();
              typingFrom = process.hrtime.bigint();
              for (const c of children) c.stdin!.write('go\n');
            }
            if (line.includes('typed') && ++typed === children.length) {
              cpu = process.cpuUsage(cpuBefore);
              typingS = Number(process.hrtime.bigint() - typingFrom) / 1e9;
            }
            if (!/ready|typed/.test(line)) process.stderr.write(line);
          });
          child.on('error', reject);
          child.on('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`clients exited with ${code}`))));
        }),
    ),
  );
  sampling = false;
  await sampler;
  const parsed = outs.map((o) => JSON.parse(o) as { delays: number[]; clients: number });
  const delays = parsed.flatMap((p) => p.delays);
  const clients = parsed.reduce((n, p) => n + p.clients, 0);
  // The rooms compact when their last participant leaves: wait until nothing is left uncompacted.
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const wallS = typingS;
  for (let left = await uncompacted(t); left > 0; left = await uncompacted(t)) {
    console.error(`${left} rows left to compact`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  const compacted = await storedBytes(t);
  const perHour = (bytes: number) => ((bytes / ROOMS) * 3600) / SECONDS;
  console.log(
    `interview rooms: ${ROOMS} rooms × 3 participants (${clients} sockets), one keystroke per ~${TYPE_MS} ms each, ${SECONDS} s`,
  );
  console.log(
    `keystroke → peer delay over ${delays.length} deliveries: p50 ${pct(delays, 50).toFixed(1)} ms, p99 ${pct(delays, 99).toFixed(1)} ms, max ${Math.max(...delays).toFixed(0)} ms`,
  );
  console.log(
    `server CPU while typing: ${cpuMs.toFixed(0)} ms over ${wallS.toFixed(1)} s = ${(cpuMs / wallS / 10 / ROOMS).toFixed(2)} % of a core per room (${(cpuMs / wallS / 10).toFixed(1)} % for all)`,
  );
  console.log(
    `stored: at most ${asArrived.rows} rows / ${asArrived.bytes} B while typing; after compaction ${compacted.rows} rows / ${compacted.bytes} B ` +
      `→ ${(perHour(compacted.bytes) / 1024).toFixed(0)} KiB per room-hour (update bytes, without row overhead)`,
  );
  await t.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
