// `npm test`: install what is missing, then the lint (Biome: format, lint rules and the dependency rule's
// restricted imports), then every test: unit + API on embedded PGlite, the API tests again on the PostgreSQL
// server, and the end-to-end tests in headless Chromium.
import { execSync } from 'node:child_process';
import { buildWeb, ensureDebianPackages, ensureNpmPackages, ROOT } from './deps.mjs';

ensureNpmPackages();
ensureDebianPackages({ forTests: true });
buildWeb();
// Imported only now: on a fresh clone the package is installed just above.
const { default: pg } = await import('pg');

const only = process.argv[2]; // optional: lint | unit | pg | e2e
const failures = [];
function phase(name, cmd, env) {
  if (only && only !== name) return;
  console.log(`\n=== ${name}: ${cmd}`);
  const started = Date.now();
  try {
    execSync(cmd, { stdio: 'inherit', cwd: ROOT, env: { ...process.env, ...env } });
    console.log(`=== ${name} passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch {
    console.log(`=== ${name} FAILED after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    failures.push(name);
  }
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

phase('lint', 'npm run lint', {});
phase('unit', 'npx vitest run', { DATABASE_URL: '', TEST_DATABASE_URL: '' });
if (!only || only === 'pg') {
  if (await reachable(pgUrl)) {
    phase('pg', 'npx vitest run apps/server', { TEST_DATABASE_URL: pgUrl });
  } else if (process.env.DATABASE_URL) {
    console.log(`DATABASE_URL is set but ${pgUrl} cannot be reached`);
    failures.push('pg');
  } else {
    console.log(`\n=== pg: skipped, no PostgreSQL server at ${pgUrl} (set DATABASE_URL to run the API tests on one)`);
  }
}
phase('e2e', 'npx vitest run --config vitest.e2e.config.ts', { DATABASE_URL: '', TEST_DATABASE_URL: '' });

if (failures.length) {
  console.error(`\nFAILED: ${failures.join(', ')}`);
  process.exit(1);
}
console.log('\nAll test phases passed.');
