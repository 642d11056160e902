/**
 * Applies the SQL files in ./migrations in name order, each once, each in its own transaction.
 * Files are numbered by feature range (0001 init, 02xx judging, 03xx authoring, 04xx taking,
 * 05xx face, 06xx companies, 07xx review) so features can add migrations independently.
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

export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  await database.execScript(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const done = new Set(
    (await database.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
  );
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
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
