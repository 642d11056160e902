// `npm test`: install what is missing, then every check:
//   lint  Biome: format, lint rules and the dependency rule's restricted imports;
//   unit  unit + API tests on embedded PGlite;
//   pg    the API tests again on the PostgreSQL server (TEST_DATABASE_URL);
//   e2e   end-to-end tests in headless Chromium against the built web app.
// Most of a test run is waiting (on a page, a deadline, a sandboxed program, a child process), so the phases run
// side by side; their output is kept and printed whole, one phase after another, as each ends. The tests whose
// subject is CPU contention (vitest project `alone`: judge priority, limits under load, one flooding candidate)
// and the tests that start and kill processes of their own (project `processes`) run last, one after another,
// on a machine that has nothing else to do.
//
//   npm test              everything
//   npm test -- unit      one phase (lint | unit | pg | e2e), its `alone` part included (and, for unit, `processes`)
import { spawn } from 'node:child_process';
import { BUILD_WEB, ensureDebianPackages, ensureNpmPackages, ROOT } from './deps.mjs';

const started = Date.now();
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
/** The lines of a vitest report that name what failed (the `FAIL` and `×` lines), at most 40. */
function failingLines(output) {
  const seen = new Set();
  for (const raw of output.split('\n')) {
    const line = raw.replace(ANSI, '').trimEnd();
    if (/^\s*(FAIL|×|✗)\s/.test(line) || /^\s*(Error|AssertionError|TimeoutError)\b/.test(line)) seen.add(line.trim());
    if (seen.size >= 40) break;
  }
  return [...seen];
}

/** Runs one step with its output kept; prints the output whole when it ends. Resolves to true when it passed. */
function step(name, cmd, env = {}) {
  const t0 = Date.now();
  console.log(`=== ${name}: started (${cmd})`);
  return new Promise((resolve) => {
    const child = spawn(cmd, { shell: true, cwd: ROOT, env: { ...process.env, ...env } });
    const chunks = [];
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => chunks.push(d));
    child.on('close', (code) => {
      const ok = code === 0;
      process.stdout.write(`\n=== ${name}: output\n${Buffer.concat(chunks).toString()}`);
      console.log(`=== ${name} ${ok ? 'passed' : 'FAILED'} in ${seconds(t0)} s`);
      timings.push(`${name} ${seconds(t0)} s${ok ? '' : ' (failed)'}`);
      if (!ok) {
        failures.push(name);
        failedLines.set(name, failingLines(Buffer.concat(chunks).toString()));
      }
      resolve(ok);
    });
  });
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
if (wanted('unit')) together.push(step('unit', 'nice -n 5 npx vitest run --project server --project web', EMBEDDED));
if (runPg) together.push(step('pg', 'nice -n 5 npx vitest run apps/server --project server', ON_SERVER));
if (wanted('e2e')) {
  together.push(
    // The end-to-end tests serve the built web app.
    step('build', BUILD_WEB).then(
      (built) => built && step('e2e', 'npx vitest run --config vitest.e2e.config.ts', EMBEDDED),
    ),
  );
}
await Promise.all(together);
// Then, one at a time on a quiet machine: the tests about CPU contention and those that start processes.
if (wanted('unit')) await step('unit (alone)', 'npx vitest run --project alone', EMBEDDED);
// The kill -9, restart and migration tests (vitest project `processes`) choose their database themselves, so
// they run once; the server and worker processes they start and wait for get a quiet machine too.
if (wanted('unit')) await step('processes', 'npx vitest run --project processes', EMBEDDED);
if (runPg) await step('pg (alone)', 'npx vitest run apps/server --project alone', ON_SERVER);

console.log(`\nTimes: ${timings.join('; ')}; whole run ${seconds(started)} s`);
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
