/**
 * Builds the real app on a fresh database for one test file: in-memory PGlite loaded from the run's migrated
 * snapshot by default, or a copy of the run's template database on the PostgreSQL server when TEST_DATABASE_URL
 * (or DATABASE_URL) is set (see test-databases.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../src/app';
import { createAppDeps } from '../src/app-deps';
import { readConfig } from '../src/config';
import type { AppDeps } from '../src/deps';
import type { Clock } from '../src/lib/clock';
import { createJudgingService, type JudgingOptions } from '../src/modules/judging/judging.service';
import type { JudgeLike, JudgingService } from '../src/modules/judging/judging.types';
import { openTestDatabase } from './test-databases';

/** A clock tests can move: `clock.advance(ms)` or `clock.set(date)`. */
export class TestClock implements Clock {
  private offset = 0;
  private frozenAt: number | null = null;
  now() {
    return new Date((this.frozenAt ?? Date.now()) + this.offset);
  }
  advance(ms: number) {
    this.offset += ms;
  }
  /** Stops real time from passing (advance() still moves it): durations come out exact on a busy machine. */
  freeze() {
    this.frozenAt ??= Date.now();
  }
  /** Real time passes again (from now, with the offset advance() built up). */
  unfreeze() {
    this.frozenAt = null;
  }
  set(d: Date) {
    this.offset = d.getTime() - (this.frozenAt ?? Date.now());
  }
}

/** The HEALTH_TOKEN of test apps: `healthDetails(app)` reads /api/health with it. */
export const TEST_HEALTH_TOKEN = 'test-health-token';

/** GET /api/health with the health token: the details (database, mail, judge, face), as an owner would see them. */
export async function healthDetails(app: FastifyInstance) {
  const res = await app.inject({
    method: 'GET',
    url: '/api/health',
    headers: { 'x-health-token': TEST_HEALTH_TOKEN },
  });
  return res.json();
}
/** The deps of each test app, so factories given only `app` can reach its database (test code only). */
export const testDeps = new WeakMap<FastifyInstance, AppDeps>();

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  clock: TestClock;
  close(): Promise<void>;
}

export async function buildTestApp(
  overrides: Partial<AppDeps> = {},
  opts: { serverUrl?: string | null } = {},
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase(opts);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'assessly-blobs-'));
  const clock = new TestClock();
  // Cheap argon2id parameters: test files sign up hundreds of users (lib/passwords.test.ts checks the default cost).
  const env = {
    PORT: '3000',
    DATA_DIR: dataDir,
    HEALTH_TOKEN: TEST_HEALTH_TOKEN,
    AUTH_RATE_LIMIT: '10000',
    ARGON2_MEMORY_KIB: '64',
    ARGON2_TIME_COST: '1',
  };
  const config = { ...readConfig(env), webDist: null };
  const runtime = await createAppDeps(config, { database, clock, log: pino({ level: 'silent' }), parts: false });
  const deps: AppDeps = { ...runtime.deps, ...overrides };
  const app = await buildApp(deps);
  await app.ready();
  testDeps.set(app, deps);
  return {
    app,
    deps,
    clock,
    async close() {
      await app.close();
      await runtime.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Creates a judging service on the test app's database, attaches it to the app and starts it. */
export async function attachJudging(
  t: Pick<TestApp, 'deps'>,
  judge: JudgeLike,
  opts: Omit<JudgingOptions, 'deps' | 'judge'> = {},
): Promise<JudgingService> {
  const judging = createJudgingService({ deps: t.deps, judge, ...opts });
  t.deps.judging = judging;
  await judging.start();
  return judging;
}
