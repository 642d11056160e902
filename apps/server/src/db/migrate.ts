/**
 * Applies the SQL files in ./migrations in name order, each once, each in its own transaction.
 * Rule (docs/CONTRIBUTING.md): numbers strictly increase — a new file takes a number above the highest one in
 * the folder. A pending file that sorts before one already applied would run in a different order on existing
 * databases than on new ones, so it is refused with OutOfOrderMigrationError before anything runs.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export class MigrationError extends Error {
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    super(`Migration ${file} failed: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

export class OutOfOrderMigrationError extends Error {
  constructor(
    readonly files: string[],
    readonly lastApplied: string,
  ) {
    super(
      `Migration ${files.join(', ')} sorts before ${lastApplied}, which this database has already applied. ` +
        'Renumber it above the highest migration (numbers strictly increase); nothing was applied.',
    );
  }
}

export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  await database.execScript(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const done = new Set(
    (await database.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
  );
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const lastApplied = [...done].sort().at(-1);
  const late = lastApplied ? files.filter((f) => !done.has(f) && f < lastApplied) : [];
  if (late.length && lastApplied) throw new OutOfOrderMigrationError(late, lastApplied);
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await readFile(path.join(dir, file), 'utf8');
    const name = file.replace(/'/g, "''");
    try {
      await database.execScript(`BEGIN;\n${sql}\n;INSERT INTO schema_migrations (name) VALUES ('${name}');\nCOMMIT;`);
    } catch (err) {
      await database.execScript('ROLLBACK').catch(() => {});
      throw new MigrationError(file, err);
    }
    applied.push(file);
  }
  return applied;
}
