import { realpathSync } from 'node:fs';
import { findExecutable } from '../isolation';
import type { Bind } from '../sandbox';
import { bindsFor, version } from '../toolchain-kit';

export interface SqliteToolchain {
  available: boolean;
  /** Why it is unavailable. */
  message: string | null;
  version: string | null;
  bin: string;
  binds: Bind[];
}

/** The sqlite3 shell (Debian package sqlite3); `-safe` needs 3.37 or newer. */
export async function detectSqlite(): Promise<SqliteToolchain> {
  const found = findExecutable('sqlite3');
  const none = (message: string): SqliteToolchain => ({ available: false, message, version: null, bin: '', binds: [] });
  if (!found) return none('sqlite3 is not installed (apt-get install sqlite3)');
  const real = realpathSync(found);
  const v = await version(real, ['-version'], (o) => /^(\d+\.\d+\.\d+)/.exec(o.trim())?.[1] ?? null);
  if (!v) return none(`sqlite3 at ${real} does not run`);
  const [major = 0, minor = 0] = v.split('.').map(Number);
  if (major < 3 || (major === 3 && minor < 37)) return none(`sqlite3 ${v} has no -safe mode (3.37 or newer needed)`);
  return { available: true, message: null, version: v, bin: real, binds: bindsFor(real) };
}
