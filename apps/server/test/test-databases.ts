/**
 * Where test databases come from. A vitest run migrates ONE database up front (global-setup.ts): a PGlite
 * snapshot (a dumped data directory in a temp file) and, with TEST_DATABASE_URL, a template database on the
 * PostgreSQL server. Each test file then loads the snapshot or copies the template (CREATE DATABASE … TEMPLATE)
 * instead of running every migration again. Outside vitest (benchmarks) both are absent and the database is
 * migrated from scratch.
 */
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openDatabase, wrapPglite } from '../src/db/client';
import { migrate } from '../src/db/migrate';

/** Test-only settings, read here and nowhere else (the app's settings are in src/config.ts). */
export const testEnv = {
  /** A PostgreSQL server for throw-away test databases; unset → in-memory PGlite. */
  serverUrl: process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || null,
  /** Set by global-setup.ts for the test workers. */
  snapshotFile: process.env.ASSESSLY_TEST_SNAPSHOT || null,
  templateName: process.env.ASSESSLY_TEST_TEMPLATE || null,
};

/**
 * The PostgreSQL server of the files whose subject is the shared database (several processes on one server): they
 * use it whatever the run's database mode.
 */
export const POSTGRES_TEST_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

let snapshot: Promise<Blob | null> | null = null;
function loadSnapshot(): Promise<Blob | null> {
  snapshot ??= testEnv.snapshotFile
    ? readFile(testEnv.snapshotFile).then((b) => new Blob([new Uint8Array(b)]))
    : Promise.resolve(null);
  return snapshot;
}

function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

async function onServer<T>(serverUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * In-memory PGlite databases this worker has used and given back. Test files run one after another in a
 * worker (vitest `isolate: false` keeps this module between files), so the next file gets an emptied instance
 * (every table truncated; migrations insert no rows) instead of starting PostgreSQL-in-WASM again and
 * loading the snapshot, which cost most of an API test file's CPU time.
 */
const idle: Database[] = [];

async function emptied(database: Database): Promise<Database | null> {
  try {
    await database.execScript('ROLLBACK').catch(() => {});
    const tables = await database.query<{ name: string }>(
      `SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> ALL($1)`,
      [KEEP_TABLES],
    );
    if (tables.length) {
      await database.execScript(`TRUNCATE ${tables.map((t) => t.name).join(', ')} RESTART IDENTITY CASCADE`);
    }
    return database;
  } catch {
    await database.close().catch(() => {});
    return null;
  }
}

/** The migrator's own bookkeeping survives the emptying. */
const KEEP_TABLES = ['schema_migrations'];

async function lendPglite(): Promise<Database> {
  let inner: Database | null = null;
  while (!inner && idle.length) inner = await emptied(idle.pop()!);
  if (!inner) {
    inner = await openDatabase({ snapshot: await loadSnapshot() });
    await migrate(inner); // nothing to do on a snapshot; the full run without one
  }
  const lent = inner;
  let returned = false;
  // Closing gives the instance back for the next test file instead of stopping it.
  return {
    ...lent,
    close: async () => {
      if (returned) return;
      returned = true;
      idle.push(lent);
    },
  };
}

/** A migrated database of its own for one test file, and how to throw it away. */
export async function openTestDatabase(
  opts: { serverUrl?: string | null } = {},
): Promise<{ database: Database; drop: () => Promise<void> }> {
  // A file that needs PostgreSQL whatever the run's mode names the server here (never by changing process.env:
  // files of a worker share this module and the environment).
  const serverUrl = opts.serverUrl ?? testEnv.serverUrl;
  if (!serverUrl) return { database: await lendPglite(), drop: async () => {} };
  const name = uniqueName('assessly_t');
  const template = serverUrl === testEnv.serverUrl ? testEnv.templateName : null;
  await onServer(serverUrl, (c) => c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  const database = await openDatabase({ url: withDatabase(serverUrl, name) });
  await migrate(database);
  return {
    database,
    drop: () => onServer(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}

/** Migrates an in-memory PGlite database and returns its dumped data directory (a tar file's bytes). */
export async function buildSnapshot(): Promise<Uint8Array> {
  const client = new PGlite();
  await client.waitReady;
  await migrate(wrapPglite(client));
  const dump = await client.dumpDataDir('none');
  await client.close();
  return new Uint8Array(await dump.arrayBuffer());
}

/** Creates a migrated template database on the server; returns its name and how to drop it. */
export async function createTemplateDatabase(serverUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = uniqueName('assessly_tpl');
  await onServer(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const database = await openDatabase({ url: withDatabase(serverUrl, name) });
  try {
    await migrate(database);
  } finally {
    // A template must have no open connections while it is copied.
    await database.close();
  }
  return {
    name,
    drop: () => onServer(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}
