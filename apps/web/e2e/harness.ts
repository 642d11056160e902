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
import { createAppDeps } from '../../server/src/app-deps';
import { readConfig } from '../../server/src/config';
import { openTestDatabase } from '../../server/test/test-databases';
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
  const { database, drop } = await openTestDatabase();
  const log = pino({ level: process.env.E2E_LOG ?? 'warn' });
  const env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, AUTH_RATE_LIMIT: '10000' };
  const config = { ...readConfig(env), webDist: WEB_DIST };
  // The same parts as `npm start` (judge pool, face service child, background loops), on an in-memory database.
  const runtime = await createAppDeps(config, { database, log });
  const deps = { ...runtime.deps, ...overrides };
  const app = await buildApp(deps);
  await runtime.start(app);
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
      await runtime.close();
      await drop();
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
