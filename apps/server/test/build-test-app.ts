/**
 * Builds the real app on a fresh database for one test file: in-memory PGlite by default, or a new
 * throw-away database on the PostgreSQL server when TEST_DATABASE_URL (or DATABASE_URL) is set.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { type AppDeps, buildApp } from '../src/app';
import { readConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { createLocalBlobStore } from '../src/lib/blobs';
import type { Clock } from '../src/lib/clock';
import { createMailer } from '../src/lib/mailer';

/** A clock tests can move: `clock.advance(ms)` or `clock.set(date)`. */
export class TestClock implements Clock {
  private offset = 0;
  now() {
    return new Date(Date.now() + this.offset);
  }
  advance(ms: number) {
    this.offset += ms;
  }
  set(d: Date) {
    this.offset = d.getTime() - Date.now();
  }
}

/** The deps of each test app, so factories given only `app` can reach its database (test code only). */
export const testDeps = new WeakMap<FastifyInstance, AppDeps>();

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  clock: TestClock;
  close(): Promise<void>;
}

async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    return { database, drop: async () => {} };
  }
  const name = `assessly_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function buildTestApp(overrides: Partial<AppDeps> = {}): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  await migrate(database);
  const blobDir = await mkdtemp(path.join(tmpdir(), 'assessly-blobs-'));
  const clock = new TestClock();
  const log = pino({ level: 'silent' });
  const config = { ...readConfig({ PORT: '3000', DATA_DIR: blobDir }), webDist: null };
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    clock,
    mailer: createMailer({ db: database.db, smtpUrl: null, log }),
    blobs: createLocalBlobStore(blobDir),
    authRateLimit: 10_000,
    healthParts: {},
    ...overrides,
  };
  const app = await buildApp(deps);
  await app.ready();
  testDeps.set(app, deps);
  return {
    app,
    deps,
    clock,
    async close() {
      await app.close();
      await database.close();
      await drop();
      await rm(blobDir, { recursive: true, force: true });
    },
  };
}
