import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client';
import { MIGRATIONS_DIR, MigrationError, migrate, OutOfOrderMigrationError } from './migrate';

// Each test starts PGlite from scratch (initdb in WebAssembly, seconds of CPU): in npm test, where this file
// starts early and yields the CPU to the browser tests, that can take longer than the default 30 s.
const SLOW = 120_000;

let db: Database;
let dir: string;
beforeAll(async () => {
  db = await openDatabase({});
  dir = await mkdtemp(path.join(tmpdir(), 'assessly-migrations-'));
}, SLOW);
afterAll(async () => {
  await db.close();
  await rm(dir, { recursive: true, force: true });
});

describe('migrate', { timeout: SLOW }, () => {
  it('applies the project migrations once, in name order', async () => {
    const first = await migrate(db, MIGRATIONS_DIR);
    expect(first[0]).toBe('0001_init.sql');
    expect(first).toEqual([...first].sort());
    expect(await migrate(db, MIGRATIONS_DIR)).toEqual([]);
  });

  it('stops at a failing file, names it, and keeps nothing of it', async () => {
    await writeFile(path.join(dir, '9001_good.sql'), 'CREATE TABLE mig_good (id int);');
    await writeFile(path.join(dir, '9002_bad.sql'), 'CREATE TABLE mig_half (id int);\nCREATE TABLE oops (;');
    await writeFile(path.join(dir, '9003_later.sql'), 'CREATE TABLE mig_later (id int);');
    const err = await migrate(db, dir).catch((e) => e);
    expect(err).toBeInstanceOf(MigrationError);
    expect(err.message).toMatch(/^Migration 9002_bad\.sql failed: /);
    const applied = (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name);
    expect(applied).toContain('9001_good.sql');
    expect(applied).not.toContain('9002_bad.sql');
    expect(applied).not.toContain('9003_later.sql');
    const tables = (await db.query<{ t: string | null }>("SELECT to_regclass('mig_half')::text AS t"))[0];
    expect(tables?.t).toBeNull();
  });

  it('refuses a new migration numbered below one already applied, and applies nothing', async () => {
    const own = await mkdtemp(path.join(tmpdir(), 'assessly-order-'));
    const fresh = await openDatabase({});
    try {
      await writeFile(path.join(own, '0010_first.sql'), 'CREATE TABLE ord_first (id int);');
      await writeFile(path.join(own, '0030_third.sql'), 'CREATE TABLE ord_third (id int);');
      expect(await migrate(fresh, own)).toEqual(['0010_first.sql', '0030_third.sql']);
      // Someone adds 0020 after 0030 shipped, and 0040 beside it.
      await writeFile(path.join(own, '0020_late.sql'), 'CREATE TABLE ord_late (id int);');
      await writeFile(path.join(own, '0040_next.sql'), 'CREATE TABLE ord_next (id int);');
      const err = await migrate(fresh, own).catch((e) => e);
      expect(err).toBeInstanceOf(OutOfOrderMigrationError);
      expect(err.message).toMatch(/^Migration 0020_late\.sql sorts before 0030_third\.sql, which this database/);
      const made = await fresh.query<{ late: string | null; next: string | null }>(
        "SELECT to_regclass('ord_late')::text AS late, to_regclass('ord_next')::text AS next",
      );
      expect(made[0]).toEqual({ late: null, next: null });
      // Renumbered above the highest, it applies.
      await rm(path.join(own, '0020_late.sql'));
      await writeFile(path.join(own, '0050_late.sql'), 'CREATE TABLE ord_late (id int);');
      expect(await migrate(fresh, own)).toEqual(['0040_next.sql', '0050_late.sql']);
    } finally {
      await fresh.close();
      await rm(own, { recursive: true, force: true });
    }
  });
});

describe('the server start', () => {
  it(
    'stops with a clear message and a non-zero exit when a migration fails',
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'assessly-badstart-'));
      try {
        // A database that already has a users table but no migration record: 0001_init.sql cannot apply.
        const pg = new PGlite(path.join(dataDir, 'pg'));
        await pg.exec('CREATE TABLE users (id int)');
        await pg.close();
        const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../main.ts');
        const run = spawnSync(process.execPath, ['--import', 'tsx', main], {
          env: { ...process.env, DATA_DIR: dataDir, PORT: '0', DATABASE_URL: '', FACE_ENGINE: 'off' },
          encoding: 'utf8',
          timeout: 110_000,
        });
        expect(run.status).toBe(1);
        expect(run.stdout + run.stderr).toMatch(
          /Database migration failed, not starting\. Migration 0001_init\.sql failed: .*users/,
        );
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
      // A real server process that migrates PGlite on disk: seconds of CPU, more when other tests share the cores.
    },
    SLOW,
  );
});
