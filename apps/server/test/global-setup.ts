/**
 * vitest globalSetup: migrate once per run. Writes a PGlite snapshot to a temp file and, when the API tests run
 * on PostgreSQL (TEST_DATABASE_URL), creates a migrated template database; test files copy them
 * (test-databases.ts). Workers inherit the environment variables set here.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSnapshot, createTemplateDatabase, testEnv } from './test-databases';

export default async function setup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'assessly-test-db-'));
  const file = path.join(dir, 'migrated.tar');
  await writeFile(file, await buildSnapshot());
  process.env.ASSESSLY_TEST_SNAPSHOT = file;
  const template = testEnv.serverUrl ? await createTemplateDatabase(testEnv.serverUrl) : null;
  if (template) process.env.ASSESSLY_TEST_TEMPLATE = template.name;
  return async () => {
    await template?.drop();
    await rm(dir, { recursive: true, force: true });
  };
}
