/** The API server entry point: read config, assemble the deps (database migrated, parts), build, listen. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { createAppDeps, StartupError } from './app-deps';
import { readConfig } from './config';
import { keepRunningOnLostConnection } from './lib/db-errors';
import { createServerLogger } from './lib/logger';
import { warmDeviceRuntime } from './modules/face/device-runtime.routes';

const config = readConfig();
const log = createServerLogger(config.logLevel);
// With PostgreSQL this process may judge in-process through pg-boss: a job completion lost with its database
// connection must not end the API (lib/db-errors.ts).
keepRunningOnLostConnection(log);

async function main() {
  config.webDist ??= path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  let runtime: Awaited<ReturnType<typeof createAppDeps>>;
  try {
    runtime = await createAppDeps(config, { log });
  } catch (err) {
    log.fatal(err instanceof StartupError ? err.message : err);
    process.exit(1);
  }
  const app = await buildApp(runtime.deps, { logger: log });
  await runtime.start(app);

  const shutdown = async () => {
    log.info('shutting down');
    await app.close();
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  log.info(`Assessly is ready on ${config.publicUrl}`);
  // The device runtime serves proctored tests only: with no face service (FACE_ENGINE=off) none can start, so its
  // quantising and best-quality brotli (a few CPU seconds) wait for a first request instead of every start.
  if (runtime.deps.face)
    warmDeviceRuntime().catch((err) => log.warn({ err }, 'proctoring runtime: could not prepare the device models'));
}

main().catch((err) => {
  log.fatal(err);
  process.exit(1);
});
