// `npm test`: install what is missing, then every check:
//   lint  Biome: format, lint rules and the dependency rule's restricted imports;
//   unit  unit + API tests on embedded PGlite;
//   pg    the API tests again on the PostgreSQL server (TEST_DATABASE_URL), but for the files whose subject is
//         the sandbox or the face models (scripts/test-lists.mjs);
//   e2e   end-to-end tests in headless Chromium against the built web app.
// Everything runs on the project's Node.js (scripts/runtime.mjs: Node 24, brought from the npm registry when the
// machine's is older). Most of a test run is waiting (on a page, a deadline, a sandboxed program, a child
// process), so the phases run side by side; their output is kept and printed whole, one phase after another, as
// each ends. The tests that start and kill processes of their own (vitest project `processes`) start when the
// browsers are done. Nothing is retried: a test that fails fails the run. The tests whose subject is CPU
// contention (project `alone`: judge priority, limits under load, one flooding candidate) run last, on a machine
// that has nothing else to do. The summary names the ten slowest files.
//
//   npm test              everything
//   npm test -- unit      one phase (lint | unit | pg | e2e), its `alone` part included (and, for unit, `processes`)
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUILD_WEB, ensureDebianPackages, ensureNpmPackages, ROOT } from './deps.mjs';
import { describeMachineCosts } from './machine-costs.mjs';
import { delegateToProjectNode } from './runtime.mjs';

// On an older Node.js the run happens in a child on the project's Node.js; this process only waits for it to exit.
if (delegateToProjectNode()) await new Promise(() => {});
console.log(`Node.js ${process.version}`);
// Measured before the run and repeated in its summary: what this machine charges for a page fault or a process
// start tells a slow run on a slow machine from a slow change (docs/BENCHMARKS.md).
const machine = describeMachineCosts();
console.log(machine);
const started = Date.now();
const cpuAtStart = machineCpu();
ensureNpmPackages();
ensureDebianPackages({ forTests: true });
// Imported only now: on a fresh clone the package is installed just above.
const { default: pg } = await import('pg');

const only = process.argv[2];
if (only && !['lint', 'unit', 'pg', 'e2e'].includes(only)) {
  console.error(`Unknown phase "${only}": use lint, unit, pg or e2e`);
  process.exit(2);
}
const wanted = (name) => !only || only === name;
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);
const failures = [];
const timings = [];
/** Per failed step, the report lines that name a failing test or file, for a summary at the very end. */
const failedLines = new Map();
// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes are control characters
const ANSI = /\x1b\[[0-9;]*m/g;
/**
 * The lines of a vitest or Biome report that name what failed, at most 40: `FAIL`, `×` and error lines, the first
 * lines of a browser call log (which locator a timed-out click waited for, and why it did not act) and the test
 * source line each error points at (`❯ file.ts:line:column`).
 */
function failingLines(output) {
  const seen = new Set();
  let callLog = 0;
  for (const raw of output.split('\n')) {
    const line = raw.replace(ANSI, '').trimEnd();
    if (/^\s*Call log:/.test(line)) callLog = 4;
    else if (callLog > 0 && /^\s*-\s/.test(line)) {
      callLog--;
      seen.add(line.trim());
    } else if (callLog > 0 && line.trim()) callLog = 0;
    if (/^\s*(FAIL|×|✗)\s/.test(line) || /^\s*(Error|AssertionError|TimeoutError)\b/.test(line)) seen.add(line.trim());
    if (/^\s*❯ (?!.*node_modules).*\.[cm]?[jt]sx?:\d+:\d+/.test(line)) seen.add(line.trim());
    if (seen.size >= 40) break;
  }
  return [...seen];
}

/**
 * The whole machine's CPU seconds so far, busy and in all, from /proc/stat (null elsewhere): the run's processes
 * and anything else the machine runs. Per phase it cannot be told apart (browsers re-parent their helpers, the
 * PostgreSQL server is nobody's child), so the summary gives it for the whole run.
 */
function machineCpu() {
  try {
    const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
    const idle = ticks[3] + ticks[4];
    const all = ticks.reduce((a, b) => a + b, 0);
    return { busy: (all - idle) / 100, all: all / 100 }; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

// Each vitest step also writes vitest's JSON report (the summary's slowest files come from them), each step its CPU.
const reports = mkdtempSync(path.join(tmpdir(), 'assessly-test-'));
process.on('exit', () => rmSync(reports, { recursive: true, force: true }));

/** The CPU seconds (user + system) of a step's children, from the second line of the shell's `times`. */
function stepCpu(file) {
  try {
    const line = readFileSync(file, 'utf8').trim().split('\n')[1] ?? '';
    const parts = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
    return parts.length === 2 ? parts[0] + parts[1] : null;
  } catch {
    return null;
  }
}

/** Runs one step with its output kept; prints the output whole when it ends. Resolves to true when it passed. */
function step(name, cmd, env = {}) {
  const t0 = Date.now();
  console.log(`=== ${name}: started (${cmd})`);
  // The shell's `times` prints the CPU its children used (user, system): every process of the step that was
  // waited for, browsers and sandboxed programs included; the PostgreSQL server's own work is not.
  const cpuFile = path.join(reports, `${name.replace(/\W+/g, '-')}.cpu`);
  const wrapped = `${cmd}; status=$?; times > ${cpuFile}; exit $status`;
  return new Promise((resolve) => {
    const child = spawn(wrapped, { shell: true, cwd: ROOT, env: { ...process.env, ...env } });
    const chunks = [];
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => chunks.push(d));
    child.on('close', (code) => {
      const ok = code === 0;
      const output = Buffer.concat(chunks).toString();
      process.stdout.write(`\n=== ${name}: output\n${output}`);
      const cpu = stepCpu(cpuFile);
      const cpuText = cpu === null ? '' : `, ${cpu.toFixed(0)} CPU s`;
      console.log(`=== ${name} ${ok ? 'passed' : 'FAILED'} in ${seconds(t0)} s${cpuText}`);
      timings.push(`${name} ${seconds(t0)} s${cpuText}${ok ? '' : ' (failed)'}`);
      if (!ok) {
        failures.push(name);
        failedLines.set(name, failingLines(output));
      }
      resolve(ok);
    });
  });
}

const reportFiles = new Map();
const cpuLogs = new Map();
/** A vitest step: `args` choose the config and projects, `filter` the files. */
function vitest(name, { nice = 0, args, filter = '', env }) {
  const file = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  reportFiles.set(name, file);
  // Each file's CPU, written by vitest.cpu-per-file.ts (a setup file of both configs)
  const cpuLog = path.join(reports, `${name.replace(/\W+/g, '-')}.files.cpu`);
  cpuLogs.set(name, cpuLog);
  const cmd = `${nice ? `nice -n ${nice} ` : ''}npx vitest run ${args} ${filter} --reporter=default --reporter=json --outputFile.json=${file}`;
  return step(name, cmd, { ...env, TEST_CPU_LOG: cpuLog });
}
/** Each test file's CPU seconds by phase (its worker and the children it waited for). */
function fileCpu() {
  const rows = [];
  for (const [phase, file] of cpuLogs) {
    try {
      for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
        const { file: name, cpu } = JSON.parse(line);
        rows.push({ phase, file: path.relative(ROOT, name), cpu });
      }
    } catch {}
  }
  return rows;
}
/** Each test file's wall time and test count by phase, from vitest's JSON reports (a phase without one: none). */
function fileTimes() {
  const rows = [];
  for (const [phase, file] of reportFiles) {
    try {
      const json = JSON.parse(readFileSync(file, 'utf8'));
      for (const r of json.testResults) {
        rows.push({
          phase,
          file: path.relative(ROOT, r.name),
          ms: r.endTime - r.startTime,
          tests: r.assertionResults.length,
        });
      }
    } catch {}
  }
  return rows;
}

const pgUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
async function reachable(url) {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}
let runPg = wanted('pg');
if (runPg && !(await reachable(pgUrl))) {
  runPg = false;
  if (process.env.DATABASE_URL) {
    console.log(`DATABASE_URL is set but ${pgUrl} cannot be reached`);
    failures.push('pg');
  } else {
    console.log(`=== pg: skipped, no PostgreSQL server at ${pgUrl} (set DATABASE_URL to run the API tests on one)`);
  }
}

const EMBEDDED = { DATABASE_URL: '', TEST_DATABASE_URL: '' };
const ON_SERVER = { TEST_DATABASE_URL: pgUrl };
// Side by side: every test but the `alone` ones.
const together = [];
if (wanted('lint')) together.push(step('lint', 'npm run lint'));
// The unit and API tests yield the CPU to the end-to-end tests, whose pages and servers wait on each other.
if (wanted('unit')) together.push(vitest('unit', { nice: 5, args: '--project server --project web', env: EMBEDDED }));
if (runPg) {
  // The API tests again on the server, but not the files whose subject is the sandbox or the face models
  // (test-lists.mjs): they would repeat the same compiles and inference and test no other code path.
  // (vitest.config.ts reads TEST_ONE_DATABASE_DONE; a project's own exclude list ignores the CLI's --exclude)
  together.push(
    vitest('pg', {
      // below the unit phase, which ends last: the PostgreSQL phase has minutes to spare
      nice: 10,
      args: '--project server',
      filter: 'apps/server',
      env: { ...ON_SERVER, TEST_ONE_DATABASE_DONE: '1' },
    }),
  );
}
let browsersDone = Promise.resolve();
if (wanted('e2e')) {
  // The end-to-end tests serve the built web app.
  browsersDone = step('build', BUILD_WEB).then(
    (built) => built && vitest('e2e', { args: '--config vitest.e2e.config.ts', env: EMBEDDED }),
  );
  together.push(browsersDone);
}
if (wanted('unit')) {
  // The kill -9, restart and migration tests (vitest project `processes`) choose their database themselves, so
  // they run once. They wait for the server and worker processes they start, so they start after the browsers
  // are done and run at the normal priority, ahead of the niced unit and API tests.
  together.push(browsersDone.then(() => vitest('processes', { args: '--project processes', env: EMBEDDED })));
}
await Promise.all(together);

// Then, one at a time on a quiet machine: the tests whose subject is CPU contention.
if (wanted('unit')) await vitest('unit (alone)', { args: '--project alone', env: EMBEDDED });
if (runPg) await vitest('pg (alone)', { args: '--project alone', filter: 'apps/server', env: ON_SERVER });

console.log(`\nTimes: ${timings.join('; ')}; whole run ${seconds(started)} s`);
console.log(machine);
const cpuAtEnd = machineCpu();
if (cpuAtStart && cpuAtEnd) {
  const busy = cpuAtEnd.busy - cpuAtStart.busy;
  const all = cpuAtEnd.all - cpuAtStart.all;
  console.log(
    `Machine CPU over the run: ${busy.toFixed(0)} core-seconds busy of ${all.toFixed(0)} (${((100 * busy) / all).toFixed(0)} %)`,
  );
}
const files = fileTimes();
const slowest = files.sort((a, b) => b.ms - a.ms).slice(0, 10);
console.log(
  `Test files: ${files.length}, tests: ${files.reduce((n, f) => n + f.tests, 0)}, retries: none (no test is retried)`,
);
console.log('Ten slowest files:');
for (const f of slowest)
  console.log(`  ${(f.ms / 1000).toFixed(1).padStart(6)} s  ${f.phase.padEnd(12)} ${f.file} (${f.tests} tests)`);
const costly = fileCpu().sort((a, b) => b.cpu - a.cpu);
if (costly.length) {
  const total = costly.reduce((n, f) => n + f.cpu, 0);
  // Every file's wall time and CPU, for finding where the time goes beyond the ten below (git ignores it).
  const cpuOf = new Map(costly.map((f) => [`${f.phase}\t${f.file}`, f.cpu]));
  const table = files
    .map(
      (f) =>
        `${f.phase}\t${f.file}\t${(f.ms / 1000).toFixed(1)}\t${(cpuOf.get(`${f.phase}\t${f.file}`) ?? 0).toFixed(1)}\t${f.tests}`,
    )
    .join('\n');
  mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'test-results', 'files.tsv'), `phase\tfile\twall s\tCPU s\ttests\n${table}\n`);
  const byPhase = new Map();
  for (const f of costly) byPhase.set(f.phase, (byPhase.get(f.phase) ?? 0) + f.cpu);
  console.log(
    `Files' CPU by phase: ${[...byPhase].map(([p, s]) => `${p} ${s.toFixed(0)} s`).join('; ')} (every file: test-results/files.tsv)`,
  );
  console.log(
    `Ten costliest files (CPU s of the file's worker, the children it waited for and its running descendants: browsers, face service; all files: ${total.toFixed(0)} s):`,
  );
  for (const f of costly.slice(0, 10))
    console.log(`  ${f.cpu.toFixed(1).padStart(6)} s  ${f.phase.padEnd(12)} ${f.file}`);
}
if (failures.length) {
  // Repeated here, at the end, so that a log cut to its last lines still names what failed.
  for (const [name, lines] of failedLines) {
    console.error(`\n--- ${name}: what failed`);
    for (const line of lines) console.error(`  ${line}`);
  }
  console.error(`FAILED: ${failures.join(', ')}`);
  process.exit(1);
}
console.log('All test phases passed.');
