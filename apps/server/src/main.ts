/** The API server entry point: read config, open and migrate the database, build the app, listen. */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app';
import { readConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { createLocalBlobStore } from './lib/blobs';
import { systemClock } from './lib/clock';
import { createMailer } from './lib/mailer';
import { createParts } from './parts';

const config = readConfig();
const log = pino({ level: config.logLevel });

async function main() {
  config.webDist ??= path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  await mkdir(config.dataDir, { recursive: true });

  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({
      url: config.databaseUrl,
      dataDir: config.databaseUrl ? null : path.join(config.dataDir, 'pg'),
    });
  } catch (err) {
    log.fatal(
      `Cannot open the database (${config.databaseUrl ? 'DATABASE_URL' : `PGlite in ${config.dataDir}/pg`}): ${(err as Error).message}`,
    );
    process.exit(1);
  }
  try {
    const applied = await migrate(database);
    log.info(`database ${database.mode}: ${applied.length ? `applied ${applied.join(', ')}` : 'schema up to date'}`);
  } catch (err) {
    log.fatal(`Database migration failed, not starting. ${(err as Error).message}`);
    await database.close().catch(() => {});
    process.exit(1);
  }

  const mailer = createMailer({ db: database.db, smtpUrl: config.smtpUrl, log });
  const blobs = createLocalBlobStore(path.join(config.dataDir, 'blobs'));
  const deps = {
    config,
    database,
    db: database.db,
    clock: systemClock,
    mailer,
    blobs,
    authRateLimit: config.authRateLimit,
    healthParts: {},
  };
  const parts = await createParts(deps, log);
  const app = await buildApp({ ...deps, ...parts.deps }, { logger: log });
  await parts.start?.(app);

  const shutdown = async () => {
    log.info('shutting down');
    await app.close();
    await parts.stop?.();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  log.info(`Assessly is ready on ${config.publicUrl}`);
}

main().catch((err) => {
  log.fatal(err);
  process.exit(1);
});
