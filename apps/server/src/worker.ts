/**
 * The judge worker: judges queued submissions from a PostgreSQL database through pg-boss, on this machine
 * or any other. Run: DATABASE_URL=postgres://... node --import tsx apps/server/src/worker.ts
 * Env: JUDGE_CONCURRENCY (default one per core). The API must have migrated the database first.
 * Several workers (and API processes with their in-process workers) may run at once: each submission row is
 * claimed before it is judged, so none is judged twice.
 */
import { createJudge } from '@assessly/judge';
import pino from 'pino';
import { readConfig } from './config';
import { openDatabase } from './db/client';
import { systemClock } from './lib/clock';
import { keepRunningOnLostConnection } from './lib/db-errors';
import { createJudgingService } from './modules/judging/judging.service';

const config = readConfig();
const log = pino({ level: config.logLevel, base: { role: 'judge-worker' } });
// A job completion lost with its database connection must not end the worker (lib/db-errors.ts).
keepRunningOnLostConnection(log);
const REQUIRED_MIGRATION = '0201_judging.sql';

async function main() {
  const url = config.databaseUrl;
  if (!url) {
    log.fatal('DATABASE_URL is required: the judge worker takes its work from the PostgreSQL queue (pg-boss).');
    process.exit(1);
  }
  const database = await openDatabase({ url });
  const migrated = await database
    .query<{ name: string }>('SELECT name FROM schema_migrations WHERE name = $1', [REQUIRED_MIGRATION])
    .catch(() => []);
  if (migrated.length === 0) {
    log.fatal(
      `The database is not migrated (${REQUIRED_MIGRATION} missing). Start the API once; it migrates the database.`,
    );
    await database.close();
    process.exit(1);
  }
  const concurrency = config.judgeConcurrency ?? undefined;
  const judge = createJudge({ concurrency, nice: config.judgeNice });
  const judging = createJudgingService({
    deps: { db: database.db, database, clock: systemClock },
    judge,
    mode: 'pg-boss',
    workers: true,
    concurrency,
    closeJudge: true,
    log,
  });
  await judging.start();
  const iso = judge.isolation();
  for (const w of iso.warnings) log.warn(`judge isolation: ${w}`);
  const langs = await judge.languages();
  log.info(
    `judge worker ready: sandbox ${iso.sandbox}, memory ${iso.memory}, languages ${langs.map((l) => `${l.id}${l.available ? '' : ' (unavailable)'}`).join(', ')}`,
  );
  judge.warmup().catch((err) => log.warn({ err }, 'judge warm-up failed'));

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    log.info('judge worker stopping (finishing running judgings)');
    await judging.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err) => {
  log.fatal(err);
  process.exit(1);
});
