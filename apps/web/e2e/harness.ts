/**
 * End-to-end harness: the real server (same parts as `npm start`) on a fresh in-memory database and a free
 * port, serving the built web app; and a real headless Chromium driven by playwright-core.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { type Browser, chromium, type LaunchOptions } from 'playwright-core';
import { type AppDeps, buildApp } from '../../server/src/app';
import { readConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/client';
import { migrate } from '../../server/src/db/migrate';
import { createLocalBlobStore } from '../../server/src/lib/blobs';
import { systemClock } from '../../server/src/lib/clock';
import { createMailer } from '../../server/src/lib/mailer';
import { createParts } from '../../server/src/parts';
import { defaultWebcamArgs } from './fake-webcam';

export const WEB_DIST =
  process.env.E2E_WEB_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface E2EServer {
  baseUrl: string;
  app: FastifyInstance;
  deps: AppDeps;
  close(): Promise<void>;
}

export async function startServer(overrides: Partial<AppDeps> = {}): Promise<E2EServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'assessly-e2e-'));
  const database = await openDatabase({});
  await migrate(database);
  const log = pino({ level: process.env.E2E_LOG ?? 'warn' });
  const config = { ...readConfig({ PORT: '0', DATA_DIR: dataDir }), webDist: WEB_DIST, host: '127.0.0.1' };
  const base: AppDeps = {
    config,
    database,
    db: database.db,
    clock: systemClock,
    mailer: createMailer({ db: database.db, smtpUrl: null, log }),
    blobs: createLocalBlobStore(path.join(dataDir, 'blobs')),
    authRateLimit: 10_000,
    healthParts: {},
  };
  const parts = await createParts(base, log);
  const deps = { ...base, ...parts.deps, ...overrides };
  const app = await buildApp(deps);
  await parts.start?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  const baseUrl = `http://localhost:${port}`;
  // Links in emails point at this server.
  config.publicUrl = baseUrl;
  return {
    baseUrl,
    app,
    deps,
    async close() {
      await app.close();
      await parts.stop?.();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Headless Chromium as this machine runs it (root: no sandbox; closed network: no background calls).
 * Test pages are webcam-proctored, so it gets a fake webcam showing one face unless extraArgs bring media flags.
 */
export async function launchBrowser(extraArgs: string[] = [], opts: LaunchOptions = {}): Promise<Browser> {
  const webcam = await defaultWebcamArgs(extraArgs);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      ...webcam,
      ...extraArgs,
    ],
    ...opts,
  });
}
