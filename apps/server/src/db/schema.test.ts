import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-databases';
import type { Database } from './client';
import * as schema from './schema';

/** Tables the migrator owns and Drizzle does not mirror. */
const NOT_MIRRORED = new Set(['schema_migrations']);

interface DbColumn {
  table: string;
  column: string;
  type: string;
  not_null: boolean;
}

/** "table.column type [not null]" for every column, from the Drizzle tables in schema.ts. */
function drizzleColumns(): string[] {
  const out: string[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const { name, columns, primaryKeys } = getTableConfig(value);
    const inCompositeKey = new Set(primaryKeys.flatMap((pk) => pk.columns.map((c) => c.name)));
    for (const c of columns) {
      const notNull = c.notNull || c.primary || inCompositeKey.has(c.name);
      out.push(`${name}.${c.name} ${normalise(c.getSQLType())}${notNull ? ' not null' : ''}`);
    }
  }
  return out.sort();
}

/** The same list read from the migrated database (format_type gives e.g. "timestamp with time zone", "text[]"). */
async function databaseColumns(database: Database, tables: string[]): Promise<string[]> {
  const rows = await database.query<DbColumn>(
    `SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
            a.attnotnull AS not_null
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
        AND c.relname = ANY($1::text[])`,
    [tables],
  );
  return rows.map((r) => `${r.table}.${r.column} ${normalise(r.type)}${r.not_null ? ' not null' : ''}`).sort();
}

function normalise(type: string): string {
  return (
    type
      .toLowerCase()
      .replace(/^timestamp\(\d\)/, 'timestamp')
      .replace(/^character varying/, 'varchar')
      // bigserial/serial are bigint/integer columns with a sequence default: the catalogue names the type.
      .replace(/^bigserial$/, 'bigint')
      .replace(/^serial$/, 'integer')
      .replace(/\s+/g, ' ')
  );
}

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await database.close();
  await drop();
});

describe('db/schema.ts', () => {
  it('mirrors every table of the migrated database', async () => {
    const inDb = await database.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
    );
    const inSchema = Object.values(schema)
      .filter((v) => is(v, PgTable))
      .map((t) => getTableConfig(t as PgTable).name);
    expect(inSchema.sort()).toEqual(
      inDb
        .map((r) => r.name)
        .filter((n) => !NOT_MIRRORED.has(n))
        .sort(),
    );
  });

  it('has the columns, types and nullability of the migrated database', async () => {
    const fromSchema = drizzleColumns();
    const tables = [...new Set(fromSchema.map((c) => c.slice(0, c.indexOf('.'))))];
    expect(fromSchema).toEqual(await databaseColumns(database, tables));
  });
});
