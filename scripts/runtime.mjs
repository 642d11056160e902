// The Node.js runtime the project runs on. On a machine whose Node.js is older than NODE_MAJOR, the two README
// commands bring the pinned release from the npm registry (the per-platform package `node-<platform>-<arch>`,
// which ships the official binary and has no install script) into `.runtime/`, then run themselves again with
// it, its folder first on PATH so that npm, npx, vitest and every child process get the same Node.js.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Node 24 LTS, the release the project is tested on. */
export const NODE_VERSION = '24.21.0';
const NODE_MAJOR = Number(NODE_VERSION.split('.')[0]);

export const RUNTIME_DIR = path.join(ROOT, '.runtime');
const PACKAGE = `node-${process.platform}-${process.arch}`;
const BIN_DIR = path.join(RUNTIME_DIR, 'node_modules', PACKAGE, 'bin');
const NODE_BIN = path.join(BIN_DIR, 'node');

function installRuntime() {
  mkdirSync(RUNTIME_DIR, { recursive: true });
  // A package.json of its own, so that npm treats .runtime as a project and not as part of the workspace.
  writeFileSync(
    path.join(RUNTIME_DIR, 'package.json'),
    `${JSON.stringify({ name: 'assessly-runtime', private: true, dependencies: { [PACKAGE]: NODE_VERSION } }, null, 2)}\n`,
  );
  console.log(`$ npm install ${PACKAGE}@${NODE_VERSION} (Node.js ${NODE_VERSION} into .runtime/)`);
  const res = spawnSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', '--no-package-lock', '--loglevel=error'],
    { cwd: RUNTIME_DIR, stdio: 'inherit' },
  );
  if (res.status !== 0 || !existsSync(NODE_BIN)) {
    console.error(`Could not install Node.js ${NODE_VERSION} from the npm registry (${PACKAGE}).`);
    process.exit(res.status || 1);
  }
}

/**
 * When the running Node.js is older than NODE_MAJOR: runs the calling script again under the project's Node.js
 * (installing it first), forwards SIGINT/SIGTERM to it, exits with its status, and returns true — the caller then
 * does nothing more. Returns false when the running Node.js is recent enough (the re-run, or a newer machine).
 */
export function delegateToProjectNode() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= NODE_MAJOR) return false;
  if (!existsSync(NODE_BIN)) installRuntime();
  const env = { ...process.env, PATH: `${BIN_DIR}${path.delimiter}${process.env.PATH ?? ''}` };
  const child = spawn(NODE_BIN, process.argv.slice(1), { stdio: 'inherit', env });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + 15 : 1)));
  return true;
}
