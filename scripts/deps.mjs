// Installs what the project needs on a fresh machine: npm packages, and (as root) the Debian packages.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function run(cmd, opts = {}) {
  console.log(`$ ${cmd}`);
  execSync(cmd, { stdio: 'inherit', cwd: ROOT, ...opts });
}

/** Installs npm packages when node_modules is missing or older than the lockfile. */
export function ensureNpmPackages() {
  const marker = path.join(ROOT, 'node_modules/.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  // tsx runs the server and vite builds the web app: both are dev dependencies, which an install under
  // NODE_ENV=production (a deployment's usual setting) would skip.
  const tools = ['tsx', 'vite'].map((bin) => path.join(ROOT, 'node_modules/.bin', bin));
  const fresh = existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs;
  if (fresh && tools.every((t) => existsSync(t))) return;
  // npm install (not npm ci): npm 11 can leave other platforms' optional packages out of the lockfile, which npm ci rejects.
  // --prefer-offline: the lockfile names exact versions, so a package already in npm's cache is not asked for again.
  run('npm install --no-audit --no-fund --include=dev --prefer-offline');
}

const has = (bin) => spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0;

/**
 * Debian packages by the binary that proves them. `forTests` ones are needed only by `npm test`.
 * bubblewrap: the judge's sandbox. chromium-headless-shell: end-to-end tests (Chromium's headless-only build).
 * haproxy: the balancer of the cross-process tests.
 * The toolchains: judge languages.
 */
const DEBIAN = [
  { pkg: 'bubblewrap', bin: 'bwrap' },
  { pkg: 'g++', bin: 'g++' },
  { pkg: 'python3', bin: 'python3' },
  { pkg: 'openjdk-17-jdk-headless', bin: 'javac' },
  // issue 24: C (gcc comes with g++), C#, Go, Rust (a newer rustup toolchain is used when the machine has one),
  // Kotlin, Ruby, PHP
  { pkg: 'mono-runtime', bin: 'mono' },
  { pkg: 'mono-mcs', file: '/usr/lib/mono/4.5/mcs.exe' },
  { pkg: 'golang-go', bin: 'go' },
  { pkg: 'rustc', bin: 'rustc' },
  { pkg: 'kotlin', bin: 'kotlinc' },
  { pkg: 'ruby', bin: 'ruby' },
  { pkg: 'php-cli', bin: 'php' },
  // issue 25: SQL problems run in the sqlite3 shell (3.37 or newer for -safe)
  { pkg: 'sqlite3', bin: 'sqlite3' },
  // issue 43: project tasks in Python run pytest from /usr (bound read-only into the sandbox)
  { pkg: 'python3-pytest', file: '/usr/lib/python3/dist-packages/pytest' },
  { pkg: 'chromium-headless-shell', bin: 'chromium-headless-shell', forTests: true },
  { pkg: 'fonts-liberation', file: '/usr/share/fonts/truetype/liberation', forTests: true },
  // issue 28: the load balancer in front of two API processes in cross-process.test.ts (and the topology bench)
  { pkg: 'haproxy', bin: 'haproxy', forTests: true },
];

export function ensureDebianPackages({ forTests = false } = {}) {
  const missing = DEBIAN.filter((d) => (forTests || !d.forTests) && (d.bin ? !has(d.bin) : !existsSync(d.file))).map(
    (d) => d.pkg,
  );
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0 || !has('apt-get')) {
    console.warn(
      `Missing system packages (install them with apt-get): ${missing.join(' ')}. Parts that need them report unavailable.`,
    );
    return;
  }
  try {
    run('apt-get update -qq', { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    run(`apt-get install -y -qq --no-install-recommends ${missing.join(' ')}`, {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch (err) {
    console.warn(`Could not install ${missing.join(' ')}: ${err.message}`);
  }
}

/** Builds the web app (vite, then the precompressed copies); `npm test` runs it beside other phases. */
export const BUILD_WEB = 'npm run build -w apps/web';

export function buildWeb() {
  run(BUILD_WEB);
}
