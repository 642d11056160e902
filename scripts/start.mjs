// `npm start`: install what is missing, build the web app, then run the server (which migrates and serves all).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildWeb, ensureDebianPackages, ensureNpmPackages, ROOT } from './deps.mjs';
import { delegateToProjectNode } from './runtime.mjs';

// On an older Node.js the product runs in a child on the project's Node.js (Node 24, scripts/runtime.mjs).
if (delegateToProjectNode()) await new Promise(() => {});
console.log(`Node.js ${process.version}`);

ensureNpmPackages();
ensureDebianPackages();
buildWeb();

const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, WEB_DIST: process.env.WEB_DIST ?? path.join(ROOT, 'apps/web/dist') },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
