/**
 * The topology drive (issue 28): `npm run bench:drive -- --topology api=A,workers=W,face=F --cpu-per-process Q`.
 *
 * Starts, on a fresh database of the --database-url PostgreSQL server (created here, dropped at the end):
 * A API processes (src/main.ts, JUDGE_WORKERS=0) behind HAProxy (Debian's `haproxy`, leastconn, health checked),
 * W judge workers (src/worker.ts, JUDGE_CONCURRENCY=1) and F face services (src/face-service.ts, the APIs get
 * FACE_SERVICE_URL with all of them). Every one of these processes, HAProxy included, runs in a CPU cgroup of
 * its own limited to Q cores (cgroups.ts: v2 cpu.max or v1 cfs quota). PostgreSQL and this simulator are not
 * limited; the simulator's own CPU is in the summary.
 *
 * Then it measures, through the balancer, each phase asked for (--phases, default drafts,face,judge):
 * - drafts: --concurrency (16) loops save drafts for --phase-seconds (20) seconds; saves per second.
 * - face:   --face-users (8) users, enrolled first, verify a frame (--frame as a 640×480 webcam frame) in a loop
 *           for --phase-seconds; checks per second.
 * - judge:  the workers are paused (SIGSTOP), --backlog (48) candidates submit a Python solution each (3 cases),
 *           the workers resume (SIGCONT) and the backlog drains; submissions judged per second, from the resume
 *           to the last judged_at (the database's clock for both).
 * - drive:  (asked for by name) main.ts's candidate drive, --candidates at the coding page's cadence for --seconds
 *           (verdicts awaited --grace more), through the balancer: its latencies, errors and face cadence, with
 *           each process's CPU over the drive process's whole run (its sign-ups and grace included). Needs workers=1 or more; face traffic when face=1 or more.
 * The last line is the JSON summary, with each process's CPU (cores busy) per phase and its cgroup's throttling.
 * --kill worker-2@5 (or api-N, face-N): SIGKILL of that process so many seconds into the first measured phase;
 * the judge phase then says which submissions were claimed twice and when they were judged after the kill.
 * On a host busy with other work a group may get less than its Q cores (each group weighs as much as any
 * other process or group): --cpu-weight W (cgroup v2 units, default 100; 400 = four times) gives the
 * topology's groups precedence, still capped at Q each.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { toWebcamFrame } from '@assessly/face/testing';
import pg from 'pg';
import { haproxyConfig } from '../../test/balancer';
import { freePort, PROCESS_HEALTH_TOKEN } from '../../test/server-process';
import { jsonPoster, timed } from './candidate';
import { createCpuGroups } from './cgroups';
import { SUM_PROBLEM, SUM_PROGRAMS } from './programs';
import { Recorder, sampleTree } from './stats';

export interface Topology {
  api: number;
  workers: number;
  face: number;
}

/** "api=2,workers=4,face=1" (every kind may be left out: 1 API, 0 workers, 0 face services). */
export function parseTopology(text: string): Topology {
  const out: Topology = { api: 1, workers: 0, face: 0 };
  for (const part of text.split(',').filter(Boolean)) {
    const [k, v] = part.split('=');
    const n = Number(v);
    if (!(k === 'api' || k === 'workers' || k === 'face') || !Number.isInteger(n) || n < 0 || n > 16)
      throw new Error(`--topology: "${part}" is not api=N, workers=N or face=N (0..16)`);
    out[k] = n;
  }
  if (out.api < 1) throw new Error('--topology: at least one API (api=1)');
  return out;
}

export interface TopologyOptions {
  topology: Topology;
  cpu: number;
  /** CPU weight of every group (v2 units, 100 = as any other process group). */
  weight: number;
  databaseUrl: string;
  phases: string[];
  phaseSeconds: number;
  concurrency: number;
  faceUsers: number;
  backlog: number;
  frame: string | null;
  /** kill -9 this process (e.g. worker-2, api-2, face-1) this many seconds into the first measured phase. */
  kill: { name: string; afterSeconds: number } | null;
  /** The `drive` phase: this many candidates at the page's cadence for so many seconds, through the balancer. */
  drive: { candidates: number; seconds: number; grace: number };
}

/** "worker-2@5": the process and the second of the phase to kill it at. */
export function parseKill(text: string): { name: string; afterSeconds: number } {
  const m = /^((?:api|worker|face)-\d+)@(\d+(?:\.\d+)?)$/.exec(text);
  if (!m) throw new Error(`--kill: "${text}" is not <api|worker|face>-<n>@<seconds>, e.g. worker-2@5`);
  return { name: m[1]!, afterSeconds: Number(m[2]) };
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const SRC = (f: string) => path.join(ROOT, 'src', f);
const FACE_SECRET = 'topology-bench-face-secret';
const PASSWORD = 'Drive-bench-pass1';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Proc {
  name: string;
  child: ChildProcess;
  out(): string;
  exited: Promise<void>;
}

export async function runTopology(o: TopologyOptions): Promise<void> {
  const stamp = `${Date.now().toString(36)}${process.pid}`;
  const t = o.topology;
  if (o.phases.includes('face') && t.face === 0) throw new Error('the face phase needs face=1 or more');
  if (o.phases.includes('judge') && t.workers === 0) throw new Error('the judge phase needs workers=1 or more');
  if (o.phases.includes('face') && !o.frame) throw new Error('the face phase needs a frame (--frame)');
  if (o.phases.includes('drive') && t.workers === 0) throw new Error('the drive phase needs workers=1 or more');
  const groups = createCpuGroups(stamp);
  const procs: Proc[] = [];
  let cleaned: Promise<void> | null = null;
  const dbName = `assessly_topology_${stamp}`;
  const admin = new pg.Client({ connectionString: o.databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const dbUrl = new URL(o.databaseUrl);
  dbUrl.pathname = `/${dbName}`;
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'assessly-topology-'));
  // Ctrl-C or a kill: nothing of the topology is left running, no group or database left behind
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      console.error(`${signal}: stopping the topology`);
      cleanup().finally(() => process.exit(130));
    });
  const loadAtStart = readFileSync('/proc/loadavg', 'utf8').trim();
  const startedAt = Date.now();
  const simulatorCpuAtStart = process.cpuUsage();

  /** Starts `cmd` inside its own CPU group: the shell joins the group, then execs the program. */
  const start = (name: string, cmd: string[], env: Record<string, string>): Proc => {
    const procsFile = groups.create(name, o.cpu, o.weight);
    const child = spawn('/bin/sh', ['-c', 'echo $$ > "$0" && exec "$@"', procsFile, ...cmd], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const keep = (d: Buffer) => {
      out = (out + d).slice(-64 * 1024);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    const p = { name, child, out: () => out, exited };
    procs.push(p);
    return p;
  };
  const until = async (what: string, p: Proc, ok: () => Promise<boolean> | boolean, ms = 240_000) => {
    const end = Date.now() + ms;
    while (!(await ok())) {
      if (p.child.exitCode !== null) throw new Error(`${p.name} exited ${p.child.exitCode}: ${p.out()}`);
      if (Date.now() > end) throw new Error(`${p.name}: ${what} not within ${ms / 1000} s: ${p.out()}`);
      await sleep(250);
    }
  };
  const answers = (url: string) =>
    fetch(url)
      .then((r) => r.ok)
      .catch(() => false);

  const summary: Record<string, unknown> = {
    topology: t,
    cpuPerProcess: o.cpu,
    cpuWeight: o.weight,
    cgroup: `v${groups.version}`,
    loadAtStart,
  };
  try {
    const node = [process.execPath, '--import', 'tsx'];
    // Face services first (the APIs are told where they are).
    const faceUrls: string[] = [];
    const faces: Proc[] = [];
    for (let i = 1; i <= t.face; i++) {
      const port = await freePort();
      faceUrls.push(`http://127.0.0.1:${port}`);
      faces.push(
        start(`face-${i}`, [...node, SRC('face-service.ts')], {
          FACE_PORT: String(port),
          HOST: '127.0.0.1',
          FACE_SERVICE_SECRET: FACE_SECRET,
          LOG_LEVEL: 'warn',
        }),
      );
    }
    const apiEnv = (port: number): Record<string, string> => ({
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      HEALTH_TOKEN: PROCESS_HEALTH_TOKEN,
      DATABASE_URL: dbUrl.toString(),
      JUDGE_WORKERS: '0',
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent',
      // sign-up of the simulated candidates is set-up, not measured: a cheap password hash keeps it short
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      ...(t.face ? { FACE_SERVICE_URL: faceUrls.join(','), FACE_SERVICE_SECRET: FACE_SECRET } : { FACE_ENGINE: 'off' }),
    });
    // The first API migrates the fresh database; the others start once it has.
    const apiPorts: number[] = [];
    for (let i = 1; i <= t.api; i++) apiPorts.push(await freePort());
    const first = start('api-1', [...node, SRC('main.ts')], apiEnv(apiPorts[0]!));
    await until('health', first, () => answers(`http://127.0.0.1:${apiPorts[0]}/api/health`));
    const rest = apiPorts.slice(1).map((port, k) => start(`api-${k + 2}`, [...node, SRC('main.ts')], apiEnv(port)));
    const workers: Proc[] = [];
    for (let i = 1; i <= t.workers; i++)
      workers.push(
        start(`worker-${i}`, [...node, SRC('worker.ts')], {
          DATABASE_URL: dbUrl.toString(),
          JUDGE_CONCURRENCY: '1',
          // 0: the sandboxes stay in the worker's CPU group (a nice value moves them to a v1 cpu group of the
          // judge's own, outside the limit)
          JUDGE_NICE: '0',
          LOG_LEVEL: 'info',
        }),
      );
    // HAProxy in front of the APIs.
    const lbPort = await freePort();
    const cfg = path.join(dataDir, 'haproxy.cfg');
    await writeFile(cfg, haproxyConfig(lbPort, apiPorts));
    const lb = start('haproxy', ['haproxy', '-db', '-f', cfg], {});
    const url = `http://127.0.0.1:${lbPort}`;
    await Promise.all([
      ...rest.map((p, k) => until('health', p, () => answers(`http://127.0.0.1:${apiPorts[k + 1]}/api/health`))),
      ...faces.map((p, i) =>
        until('models', p, async () => {
          const h = (await fetch(`${faceUrls[i]}/health`)
            .then((r) => r.json())
            .catch(() => ({}))) as { state?: string };
          if (h.state === 'error') throw new Error(`${p.name}: the face models did not load: ${p.out()}`);
          return h.state === 'ready';
        }),
      ),
      ...workers.map((p) => until('ready', p, () => p.out().includes('judge worker ready'))),
    ]);
    // The APIs answered their health before the balancer started, so it takes them all in service at once.
    await until('balancer', lb, () => answers(`${url}/api/health`));
    // The judge's warm-up (toolchain probes, compile caches) ends before anything is measured.
    await quiet(workers);
    const upSeconds = Math.round((Date.now() - startedAt) / 1000);
    console.log(
      `topology up in ${upSeconds} s: ${t.api} API, ${t.workers} worker(s), ${t.face} face service(s), each in a cgroup v${groups.version} of ${o.cpu} core; HAProxy at ${url}`,
    );

    const rec = new Recorder();
    const post = jsonPoster(rec, url);
    const signIn = async (email: string, role: string) => {
      const add = await post('signup', '/api/users/add', {
        firstName: 'Drive',
        lastName: role,
        email,
        password: PASSWORD,
        role,
      });
      if (add.status >= 400) throw new Error(`sign-up answered ${add.status}: ${JSON.stringify(add.body)}`);
      const res = await fetch(`${url}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
      return res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    };
    const employer = await signIn(`topology-employer-${stamp}@example.com`, 'employer');
    const test = (
      await post(
        'setup',
        '/api/tests/create',
        {
          testName: 'Topology',
          testType: 'CODING',
          duration: 180,
          totalMarks: 10,
          passingMarks: 1,
          proctoring: false,
          access: 'link',
        },
        employer,
      )
    ).body as { id: string };
    const batch = await post('setup', `/api/tests/${test.id}/questions/batch`, { problems: [SUM_PROBLEM] }, employer);
    const questionId = ((batch.body as { problems?: { id: string }[] }).problems ?? [])[0]?.id;
    if (!questionId) throw new Error(`could not create the problem: ${JSON.stringify(batch.body)}`);
    // The candidates: enough for the drafts (each stays under its 240 saves a minute) and the backlog.
    const needed = Math.max(
      o.phases.includes('drafts') ? o.concurrency * 6 : 0,
      o.phases.includes('judge') ? o.backlog : 0,
    );
    const cookies: string[] = [];
    for (let i = 0; i < needed; i += 16) {
      const batchOf = [...Array(Math.min(16, needed - i)).keys()].map((k) => i + k);
      cookies.push(
        ...(await Promise.all(
          batchOf.map(async (k) => {
            const cookie = await signIn(`topology-${stamp}-${k}@example.com`, 'candidate');
            const started = await post('start', `/api/attempts/${test.id}/start`, {}, cookie);
            if (started.status >= 400)
              throw new Error(`start answered ${started.status}: ${JSON.stringify(started.body)}`);
            return cookie;
          }),
        )),
      );
    }
    const faceCookies: string[] = [];
    // the photo as the page sends it: a 640×480 webcam frame (JPEG q90), not the photo's own size
    const webcamFrame = o.phases.includes('face') ? new Uint8Array(toWebcamFrame(readFileSync(o.frame!))) : null;
    if (o.phases.includes('face')) {
      const frame = new Blob([webcamFrame!], { type: 'image/jpeg' });
      for (let k = 0; k < o.faceUsers; k++) {
        const cookie = await signIn(`topology-${stamp}-face-${k}@example.com`, 'candidate');
        const form = new FormData();
        form.set('image', frame, 'frame.jpg');
        const res = await timed(rec, 'face-enroll', `${url}/api/face/enroll`, {
          method: 'POST',
          headers: { cookie },
          body: form,
        });
        if (res.status !== 200) throw new Error(`face enrolment answered ${res.status}: ${JSON.stringify(res.body)}`);
        faceCookies.push(cookie);
      }
    }
    console.log(
      `${cookies.length + faceCookies.length + 1} users set up in ${Math.round((Date.now() - startedAt) / 1000) - upSeconds} s; measuring ${o.phases.join(', ')}…`,
    );

    // CPU of each process (its whole tree: the judge host, the sandboxes) over a phase, in cores.
    const cpuOf = () => new Map(procs.map((p) => [p.name, p.child.pid ? sampleTree(p.child.pid).cpuSeconds : 0]));
    // PostgreSQL is not limited: its share is the CPU of the backends serving this run's database (the pools
    // keep their connections, so the same backends are read before and after a phase; this client excluded).
    await db.connect();
    const backends = async () =>
      (
        await db.query<{ pid: number }>(
          'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        )
      ).rows.map((r) => r.pid);
    const backendCpu = (pids: number[]) => pids.reduce((sum, pid) => sum + sampleTree(pid).cpuSeconds, 0);
    // The fault, if asked for: SIGKILL of one process (its children left to notice, as after a crash).
    let killed: { name: string; atPhaseSecond: number; at: Date } | null = null;
    let killTimer: NodeJS.Timeout | undefined;
    const armKill = () => {
      if (!o.kill || killTimer) return;
      const victim = procs.find((p) => p.name === o.kill!.name);
      if (!victim) throw new Error(`--kill: no process ${o.kill.name} in this topology`);
      killTimer = setTimeout(() => {
        victim.child.kill('SIGKILL');
        killed = { name: victim.name, atPhaseSecond: o.kill!.afterSeconds, at: new Date() };
        console.log(`killed ${victim.name} (SIGKILL) ${o.kill!.afterSeconds} s into the phase`);
      }, o.kill.afterSeconds * 1000);
    };
    const measure = async <T>(fn: () => Promise<T>) => {
      armKill();
      const pgPids = await backends();
      const pgBefore = backendCpu(pgPids);
      const before = cpuOf();
      const sim = process.cpuUsage();
      const t0 = performance.now();
      const out = await fn();
      const seconds = (performance.now() - t0) / 1000;
      const after = cpuOf();
      const used = process.cpuUsage(sim);
      // a process killed during the phase took its CPU figures with it: null
      const gone = new Set(procs.filter((p) => p.child.exitCode !== null || p.child.signalCode).map((p) => p.name));
      const coresBusy: Record<string, number | null> = Object.fromEntries(
        [...after].map(([k, v]) => [k, gone.has(k) ? null : round2((v - (before.get(k) ?? 0)) / seconds)]),
      );
      coresBusy.simulator = round2((used.user + used.system) / 1e6 / seconds);
      coresBusy.postgres = round2(Math.max(0, backendCpu(pgPids) - pgBefore) / seconds);
      return { ...out, coresBusy, load: readFileSync('/proc/loadavg', 'utf8').trim() };
    };
    const phases: Record<string, unknown> = {};

    if (o.phases.includes('drafts')) {
      phases.drafts = await measure(async () => {
        const drafts = new Recorder();
        const end = Date.now() + o.phaseSeconds * 1000;
        const started = performance.now();
        await Promise.all(
          [...Array(o.concurrency).keys()].map(async (loop) => {
            const mine = cookies.filter((_, k) => k % o.concurrency === loop);
            for (let n = 0; Date.now() < end; n++) {
              const body = JSON.stringify({
                questionId,
                language: 'python',
                code: `${SUM_PROGRAMS.python}# save ${n}\n`,
              });
              await timed(drafts, 'draft', `${url}/api/attempts/${test.id}/drafts`, {
                method: 'PUT',
                headers: { cookie: mine[n % mine.length]!, 'content-type': 'application/json' },
                body,
              });
            }
          }),
        );
        const seconds = (performance.now() - started) / 1000;
        const ok = Object.values(drafts.summary())[0]?.n ?? 0;
        const failed = Object.values(drafts.errors().draft ?? {}).reduce((a, b) => a + b, 0);
        return {
          seconds: round2(seconds),
          saved: ok - failed,
          perSecond: round2((ok - failed) / seconds),
          latencyMs: drafts.summary().draft,
          errors: drafts.errors(),
        };
      });
      console.log(`drafts: ${JSON.stringify(phases.drafts)}`);
    }

    if (o.phases.includes('face')) {
      phases.face = await measure(async () => {
        const checks = new Recorder();
        const frame = new Blob([webcamFrame!], { type: 'image/jpeg' });
        const end = Date.now() + o.phaseSeconds * 1000;
        const started = performance.now();
        await Promise.all(
          faceCookies.map(async (cookie) => {
            while (Date.now() < end) {
              const form = new FormData();
              form.set('image', frame, 'frame.jpg');
              await timed(checks, 'face-verify', `${url}/api/face/verify`, {
                method: 'POST',
                headers: { cookie },
                body: form,
              });
            }
          }),
        );
        const seconds = (performance.now() - started) / 1000;
        const n = checks.summary()['face-verify']?.n ?? 0;
        const failed = Object.values(checks.errors()['face-verify'] ?? {}).reduce((a, b) => a + b, 0);
        return {
          seconds: round2(seconds),
          verified: n - failed,
          perSecond: round2((n - failed) / seconds),
          latencyMs: checks.summary()['face-verify'],
          errors: checks.errors(),
        };
      });
      console.log(`face: ${JSON.stringify(phases.face)}`);
    }

    if (o.phases.includes('judge')) {
      // Paused workers take nothing while the backlog is queued; then they all start together. The submits
      // are not awaited: each waits for its verdict (up to 60 s) before it answers.
      for (const w of workers) w.child.kill('SIGSTOP');
      const code = SUM_PROGRAMS.python!;
      const queued = o.backlog;
      let submits: Promise<unknown> = Promise.resolve();
      try {
        submits = Promise.all(
          cookies.slice(0, queued).map((cookie, k) =>
            post(
              'submit',
              '/api/submissions',
              {
                language: 'python',
                code,
                testId: test.id,
                questionNumber: 0,
                idempotencyKey: `topology-${stamp}-${k}`,
              },
              cookie,
            ),
          ),
        );
        const end = Date.now() + 120_000;
        for (;;) {
          const { rows } = await db.query<{ jobs: string }>(
            `SELECT count(*) AS jobs FROM pgboss.job WHERE name = 'judge-submission' AND state = 'created'`,
          );
          if (Number(rows[0]!.jobs) >= queued) break;
          if (Date.now() > end) throw new Error(`only ${rows[0]!.jobs} of ${queued} submissions were queued in 120 s`);
          await sleep(200);
        }
      } finally {
        for (const w of workers) w.child.kill('SIGCONT');
      }
      phases.judge = await measure(async () => {
        const resumed = (await db.query<{ at: Date }>('SELECT clock_timestamp() AS at')).rows[0]!.at;
        const end = Date.now() + 600_000;
        for (;;) {
          const { rows } = await db.query<{ done: string; last: Date | null; verdicts: Record<string, number> | null }>(
            `SELECT count(*) FILTER (WHERE status IN ('judged', 'error')) AS done, max(judged_at) AS last,
                    (SELECT json_object_agg(v, n) FROM (SELECT coalesce(verdict, status) AS v, count(*) AS n
                       FROM submissions GROUP BY 1) x) AS verdicts
               FROM submissions`,
          );
          const row = rows[0]!;
          if (Number(row.done) >= queued || Date.now() > end) {
            const seconds = ((row.last?.getTime() ?? Date.now()) - resumed.getTime()) / 1000;
            // Submissions claimed more than once (a killed worker's, taken over): when they were judged after
            // the kill. Every row has one status and one verdict; judge_attempts counts the claims.
            const k = killed as { at: Date } | null;
            const retried = (
              await db.query<{ id: string; attempts: number; judged_at: Date | null; status: string }>(
                `SELECT id, judge_attempts AS attempts, judged_at, status FROM submissions WHERE judge_attempts > 1`,
              )
            ).rows;
            // the longest wait between two verdicts: idle workers (a lost turn waiting for recovery) show here
            const times = (
              await db.query<{ at: Date }>(
                'SELECT judged_at AS at FROM submissions WHERE judged_at IS NOT NULL ORDER BY judged_at',
              )
            ).rows.map((r) => r.at.getTime());
            const gaps = times.slice(1).map((t, i) => t - times[i]!);
            // a verdict other than Accepted is the judge's (the program is right): keep what it said, since the
            // database is dropped at the end
            const unexpected = (
              await db.query<{ verdict: string | null; output: string | null }>(
                `SELECT verdict, left(compile_output, 400) AS output FROM submissions
                  WHERE coalesce(verdict, '') <> 'Accepted' LIMIT 3`,
              )
            ).rows;
            return {
              backlog: queued,
              judged: Number(row.done),
              ...(unexpected.length ? { notAccepted: unexpected } : {}),
              longestGapSeconds: round2(Math.max(0, ...gaps) / 1000),
              seconds: round2(seconds),
              perSecond: round2(Number(row.done) / seconds),
              verdicts: row.verdicts,
              // with a fault: every verdict's second after the resume, to see where the drain stalled
              ...(k ? { judgedAtSeconds: times.map((t) => round2((t - resumed.getTime()) / 1000)) } : {}),
              claimedMoreThanOnce: retried.map((r) => ({
                attempts: r.attempts,
                status: r.status,
                judgedSecondsAfterKill:
                  k && r.judged_at ? round2((r.judged_at.getTime() - k.at.getTime()) / 1000) : null,
              })),
            };
          }
          await sleep(200);
        }
      });
      await submits;
      console.log(`judge: ${JSON.stringify(phases.judge)}`);
    }

    if (o.phases.includes('drive')) {
      phases.drive = await measure(() => driveThrough(url, o, t.face > 0));
      console.log(`drive: ${JSON.stringify(phases.drive)}`);
    }

    clearTimeout(killTimer);
    summary.killed = killed;
    summary.phases = phases;
    summary.throttling = Object.fromEntries(procs.map((p) => [p.name, groups.throttling(p.name)]));
    summary.requestErrors = rec.errors();
    const sim = process.cpuUsage(simulatorCpuAtStart);
    summary.simulatorCpuSeconds = round2((sim.user + sim.system) / 1e6);
    summary.loadAtEnd = readFileSync('/proc/loadavg', 'utf8').trim();
    summary.loadavg1 = round2(loadavg()[0]!);
    console.log(JSON.stringify(summary));
  } finally {
    await cleanup();
  }

  /** Stops every process (SIGTERM, 20 s, SIGKILL), removes the groups, drops the database. Runs once. */
  async function cleanup() {
    if (cleaned) return cleaned;
    cleaned = (async () => {
      await db.end().catch(() => {});
      await Promise.all(
        procs.map(async (p) => {
          if (p.child.exitCode !== null || p.child.signalCode) return;
          p.child.kill('SIGCONT'); // a paused worker resumes so it can end
          p.child.kill('SIGTERM');
          const late = setTimeout(() => p.child.kill('SIGKILL'), 20_000);
          await p.exited;
          clearTimeout(late);
        }),
      );
      // sandboxes of a killed worker may outlive it a moment
      await sleep(500);
      groups.remove();
      const c = new pg.Client({ connectionString: o.databaseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
      await c.end();
      await rm(dataDir, { recursive: true, force: true });
    })();
    return cleaned;
  }
}

/** Waits (at most 3 minutes) until every process's tree used under 5 % of a core over a second. */
async function quiet(ps: Proc[]) {
  const end = Date.now() + 180_000;
  for (const p of ps) {
    let last = sampleTree(p.child.pid!).cpuSeconds;
    while (Date.now() < end) {
      await sleep(1000);
      const now = sampleTree(p.child.pid!).cpuSeconds;
      if (now - last < 0.05) break;
      last = now;
    }
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The `drive` phase: the candidate drive of main.ts (sign-up, start, drafts while typing, Runs, a submission,
 * guard events and, with face services, the page's face traffic) against the balancer's URL, in a process of its
 * own, as `--url` runs it against any deployment. Its lines are echoed; its JSON summary is the phase's figures
 * (latencies per endpoint class, errors, face cadence, the simulator's own CPU); the topology's CPU per process
 * over the same window comes from `measure`.
 */
async function driveThrough(url: string, o: TopologyOptions, face: boolean): Promise<Record<string, unknown>> {
  const argv = [
    '--import',
    'tsx',
    path.join(import.meta.dirname, 'main.ts'),
    '--url',
    url,
    '--candidates',
    String(o.drive.candidates),
    '--seconds',
    String(o.drive.seconds),
    '--grace',
    String(o.drive.grace),
    '--health-token',
    PROCESS_HEALTH_TOKEN,
    ...(face && o.frame ? ['--frame', o.frame] : ['--no-face']),
  ];
  const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  let last = '';
  let buffered = '';
  const echo = (d: Buffer) => {
    buffered += d.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith('{')) last = line;
      else if (line.trim()) console.log(`drive> ${line}`);
    }
  };
  child.stdout.on('data', echo);
  child.stderr.on('data', (d: Buffer) => process.stderr.write(`drive> ${d}`));
  const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
  if (buffered.startsWith('{')) last = buffered;
  if (code !== 0 || !last) throw new Error(`the drive through the balancer ended with exit code ${code}`);
  const summary = JSON.parse(last) as Record<string, unknown>;
  // measured from outside the topology: the server-side figures are the topology's own (coresBusy)
  delete summary.coresBusyByProcess;
  delete summary.cpuMsPerCandidateSecond;
  delete summary.peakRssMb;
  delete summary.workers;
  return summary;
}
