/**
 * vitest globalSetup: migrate once. Writes a PGlite snapshot (cached in node_modules/.cache by a hash of the
 * migration files and the PGlite version, so the unit and end-to-end phases of `npm test` migrate once between
 * them) and, when the API tests run on PostgreSQL (TEST_DATABASE_URL), creates a migrated template database;
 * test files copy them (test-databases.ts). Workers inherit the environment variables set here.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIGRATIONS_DIR } from '../src/db/migrate';
import { buildSnapshot, createTemplateDatabase, testEnv } from './test-databases';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function snapshotKey(): Promise<string> {
  const h = createHash('sha256');
  // The package's exports hide its package.json: walk up from its entry point.
  let pkgDir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!(await exists(path.join(pkgDir, 'package.json')))) pkgDir = path.dirname(pkgDir);
  h.update(JSON.parse(await readFile(path.join(pkgDir, 'package.json'), 'utf8')).version);
  for (const name of (await readdir(MIGRATIONS_DIR)).sort()) {
    h.update(name);
    h.update(await readFile(path.join(MIGRATIONS_DIR, name)));
  }
  return h.digest('hex').slice(0, 16);
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    (s) => s.size > 0,
    () => false,
  );
}

export default async function setup(): Promise<() => Promise<void>> {
  const dir = path.join(ROOT, 'node_modules', '.cache', 'assessly-test-db');
  const file = path.join(dir, `migrated-${await snapshotKey()}.tar`);
  if (!(await exists(file))) {
    await mkdir(dir, { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    await writeFile(partial, await buildSnapshot());
    await rename(partial, file); // two runs at once each write whole files
  }
  process.env.ASSESSLY_TEST_SNAPSHOT = file;
  const template = testEnv.serverUrl ? await createTemplateDatabase(testEnv.serverUrl) : null;
  if (template) process.env.ASSESSLY_TEST_TEMPLATE = template.name;
  return async () => {
    await template?.drop();
  };
}
