/**
 * The one composition root: everything buildApp() needs, made from a Config. Used by the server (main.ts),
 * the API tests (test/build-test-app.ts) and the end-to-end harness, so all three assemble the same app.
 * Callers may bring their own database (tests: a copy of the migrated snapshot) or clock, and leave out the
 * long-lived parts (judge pool, face service, background loops).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { migrate } from './db/migrate';
import type { AppDeps } from './deps';
import { createLocalBlobStore } from './lib/blobs';
import { type Clock, systemClock } from './lib/clock';
import { createServerLogger } from './lib/logger';
import { createMailer } from './lib/mailer';
import { loadOrCreateSecretsKey } from './lib/secret-box';
import { createParts } from './parts';

export interface AppDepsOptions {
  /** An open database; default: DATABASE_URL, else PGlite in DATA_DIR/pg. Migrated either way. */
  database?: Database;
  clock?: Clock;
  log?: FastifyBaseLogger;
  /** Create the judge, face and background-loop parts (default true; API tests pass false). */
  parts?: boolean;
}

export interface AppRuntime {
  deps: AppDeps;
  /** Once the app is built: start background loops, recover queued work. */
  start(app: FastifyInstance): Promise<void>;
  /** Stops the parts and closes the database. */
  close(): Promise<void>;
}

/** A start-up failure with the sentence the server prints before it exits 1. */
export class StartupError extends Error {}

async function openConfiguredDatabase(config: Config): Promise<Database> {
  try {
    return await openDatabase({
      url: config.databaseUrl,
      dataDir: config.databaseUrl ? null : path.join(config.dataDir, 'pg'),
    });
  } catch (err) {
    const where = config.databaseUrl ? 'DATABASE_URL' : `PGlite in ${config.dataDir}/pg`;
    throw new StartupError(`Cannot open the database (${where}): ${(err as Error).message}`);
  }
}

export async function createAppDeps(config: Config, opts: AppDepsOptions = {}): Promise<AppRuntime> {
  const log = opts.log ?? createServerLogger(config.logLevel);
  await mkdir(config.dataDir, { recursive: true });
  config.secretsKey ??= await loadOrCreateSecretsKey(config.dataDir);
  const database = opts.database ?? (await openConfiguredDatabase(config));
  try {
    const applied = await migrate(database);
    log.info(`database ${database.mode}: ${applied.length ? `applied ${applied.join(', ')}` : 'schema up to date'}`);
  } catch (err) {
    await database.close().catch(() => {});
    throw new StartupError(`Database migration failed, not starting. ${(err as Error).message}`);
  }
  const base: AppDeps = {
    config,
    database,
    db: database.db,
    clock: opts.clock ?? systemClock,
    mailer: createMailer({ db: database.db, smtpUrl: config.smtpUrl, log }),
    blobs: createLocalBlobStore(path.join(config.dataDir, 'blobs')),
    authRateLimit: config.authRateLimit,
    healthParts: {},
  };
  const parts = opts.parts === false ? { deps: {} } : await createParts(base, log);
  return {
    deps: { ...base, ...parts.deps },
    start: async (app) => {
      await parts.start?.(app);
    },
    close: async () => {
      await parts.stop?.();
      await database.close();
    },
  };
}
