/**
 * End-to-end harness: the real server (same parts as `npm start`, through the server's public entry) on a fresh
 * in-memory database and a free port, serving the built web app, with the face service the worker shares; and a
 * real headless Chromium driven by playwright-core. `useE2E()` gives a test file one of each.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AppDeps, buildApp, createAppDeps, readConfig } from '@assessly/server';
import { openTestDatabase, startFaceServiceProcess } from '@assessly/server/test-kit';
import { type Browser, chromium, type LaunchOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { defaultWebcamArgs } from './fake-webcam';

export const WEB_DIST =
  process.env.E2E_WEB_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
/**
 * How long a page action or wait may take before the test fails. A guard against a hang, not a speed check: in
 * `npm test` the browsers share two cores with the unit and API phases.
 */
export const E2E_TIMEOUT_MS = 60_000;
/**
 * Debian's chromium-headless-shell: Chromium's headless-only build (what Playwright's own headless mode runs). A
 * context with a page of the app costs about a third of the CPU the full browser's headless mode costs (fewer
 * processes, no browser UI layer): measured with process accounting, docs/BENCHMARKS.md.
 */
export const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  // npm test installs the shell; a machine with only the full browser still runs the tests, at that cost
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

export interface E2EServer {
  baseUrl: string;
  app: Awaited<ReturnType<typeof buildApp>>;
  deps: AppDeps;
  close(): Promise<void>;
}

let workerFace: Promise<{ url: string; secret: string }> | null = null;

/**
 * One face service per e2e worker (the product's own face-service.ts, as `npm start` runs it beside the API), used
 * by the server of every file the worker runs, one after another, through FACE_SERVICE_URL: the face models load
 * once per worker instead of once per file. The service is stateless (the descriptor travels with each verify),
 * so one file leaves nothing behind for the next. It ends with the worker (IPC disconnect), and a crashed one is
 * started again for the next file.
 */
function sharedFaceService(): Promise<{ url: string; secret: string }> {
  workerFace ??= (async () => {
    const secret = randomBytes(24).toString('hex');
    const { proc, url } = startFaceServiceProcess(secret);
    proc.once('exit', () => {
      workerFace = null;
    });
    // the worker may end while the service runs: neither the process nor its channel keeps it alive
    proc.unref();
    proc.channel?.unref();
    return { url: await url, secret };
  })();
  return workerFace;
}

export async function startServer(overrides: Partial<AppDeps> = {}): Promise<E2EServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'assessly-e2e-'));
  const { database, drop } = await openTestDatabase();
  const face = await sharedFaceService();
  const env = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT: '10000',
    LOG_LEVEL: process.env.E2E_LOG ?? 'warn',
    // The browser and this process share the cores with the judge; e2e tests check behaviour, not priority.
    JUDGE_NICE: '0',
    FACE_SERVICE_URL: face.url,
    FACE_SERVICE_SECRET: face.secret,
  };
  const config = { ...readConfig(env), webDist: WEB_DIST };
  // The same parts as `npm start` (judge pool, face service, background loops), on an in-memory database.
  const runtime = await createAppDeps(config, { database });
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
      // renderers are children of the browser process itself, so npm test's CPU per file counts them
      '--no-zygote',
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

/**
 * Pages of this browser run the on-device face and phone check every 10 s instead of every 2 s (the page's test
 * hook, as proctoring.e2e.ts sets the heartbeat): files whose subject is not proctoring still load and run the
 * detector, at a fifth of its CPU. proctoring.e2e.ts launches its own browsers at the page's real cadence.
 */
function slowerDeviceChecks(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript(() => {
      window.__ASSESSLY_PROCTORING_INTERVALS__ = { deviceCheckMs: 10_000 };
    });
    return context;
  };
  return browser;
}

export interface E2E {
  readonly server: E2EServer;
  readonly browser: Browser;
}

let workerBrowser: Promise<Browser> | null = null;

/**
 * The browser of useE2E(), one per e2e worker: the files of a worker run one after another, and each ends by
 * closing every context it opened (its pages with them), so the next file starts from a browser with no page,
 * cookie or storage of the last. A browser that crashed or was closed is launched again for the next file; the
 * worker's exit ends it (playwright closes the browsers it launched).
 */
function sharedBrowser(): Promise<Browser> {
  workerBrowser ??= launchBrowser().then((browser) => {
    browser.once('disconnected', () => {
      workerBrowser = null;
    });
    return slowerDeviceChecks(browser);
  });
  workerBrowser.catch(() => {
    workerBrowser = null;
  });
  return workerBrowser;
}

/**
 * One server and one browser for the test file: the server started before its first test and closed after its
 * last; the browser the worker's (sharedBrowser), with every context the file opened closed after its last test.
 *
 *   const e2e = useE2E();
 *   it('…', async () => { const page = await e2e.browser.newPage(); await page.goto(e2e.server.baseUrl); });
 */
export function useE2E(): E2E {
  let server: E2EServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), sharedBrowser()]);
  });
  afterAll(async () => {
    if (browser?.isConnected()) await Promise.all(browser.contexts().map((c) => c.close()));
    await server?.close();
  });
  const ready = <T>(v: T | undefined): T => {
    if (!v) throw new Error('useE2E(): the server and browser start in beforeAll');
    return v;
  };
  return {
    get server() {
      return ready(server);
    },
    get browser() {
      return ready(browser);
    },
  };
}

/** A page in a fresh context of the file's browser whose baseURL is the server (relative goto and requests). */
export async function newServerPage(e2e: E2E, defaultTimeout = E2E_TIMEOUT_MS): Promise<Page> {
  const context = await e2e.browser.newContext({ baseURL: e2e.server.baseUrl });
  const page = await context.newPage();
  page.setDefaultTimeout(defaultTimeout);
  return page;
}
