/**
 * Opens the database: embedded PGlite (data in a folder, or in memory for tests) by default,
 * a PostgreSQL server when a connection string is given. Both speak the same SQL through Drizzle.
 */
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/**
 * The one database type for plain queries and transactions alike: the `tx` of `db.transaction(async (tx) => …)`
 * is a Db too (PgTransaction extends PgDatabase), so repo functions take a Db and get called with either.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbMode = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  mode: DbMode;
  /** Runs a script of several statements (used by migrations). */
  execScript(sql: string): Promise<void>;
  /** Runs one parameterised query and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** The connection string in postgres mode (for pg-boss workers); null for PGlite. */
  url: string | null;
  close(): Promise<void>;
}

/**
 * `dataDir` null means in memory (tests). `snapshot` (PGlite only) starts from a data directory dumped with
 * `dumpDataDir()`: the test kit migrates once per run and loads that snapshot in every test file.
 */
export async function openDatabase(opts: {
  url?: string | null;
  dataDir?: string | null;
  snapshot?: Blob | null;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle connection can fail (server restart, a terminated backend); without a listener node-postgres
    // turns that into an uncaught exception. The pool replaces the connection on next use.
    pool.on('error', (err) => console.warn(`[db] idle PostgreSQL connection failed: ${err.message}`));
    // Fail fast with a clear message when the server is unreachable.
    await pool.query('select 1');
    return {
      db: drizzlePg({ client: pool, schema }),
      mode: 'postgres',
      url: opts.url,
      async execScript(sql) {
        await pool.query(sql);
      },
      async query(sql, params) {
        const res = await pool.query(sql, params as unknown[] | undefined);
        return res.rows;
      },
      close: () => pool.end(),
    };
  }
  const loadDataDir = opts.snapshot ?? undefined;
  const client = opts.dataDir ? new PGlite(opts.dataDir, { loadDataDir }) : new PGlite({ loadDataDir });
  await client.waitReady;
  return wrapPglite(client);
}

/** A Database over a PGlite client the caller created (the test kit dumps its data directory afterwards). */
export function wrapPglite(client: PGlite): Database {
  return {
    db: drizzlePglite({ client, schema }),
    mode: 'pglite',
    url: null,
    async execScript(sql) {
      await client.exec(sql);
    },
    async query(sql, params) {
      const res = await client.query(sql, params as unknown[] | undefined);
      return res.rows as never[];
    },
    close: () => client.close(),
  };
}
