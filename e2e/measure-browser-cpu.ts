/**
 * Prints what a browser context costs the e2e suite in CPU, for each Chromium build this machine has: N times a
 * fresh context, a page, the real server's sign-in page (the app's headers, COOP included, and its first load with
 * an empty cache), then the context closed; as the e2e tests open one for each person they sign in. The figure is
 * the browser's whole process tree: the browser process, its live children and the children it reaped (its
 * renderers: launchBrowser starts Chromium without the zygote). Run after `npm run build -w apps/web`:
 *   npx tsx e2e/measure-browser-cpu.ts [contexts]
 */
import { existsSync } from 'node:fs';
import { processTreeCpu } from '@assessly/server/test-kit';
import { launchBrowser, startServer } from './harness';

const BUILDS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

/** The CPU seconds of this process's Chromium processes (browsers, their live children and those they reaped). */
const chromiumCpu = () => processTreeCpu(process.pid, (name) => name.startsWith('chromium'));

async function main() {
  const contexts = Number(process.argv[2] ?? 15);
  const server = await startServer();
  try {
    for (const executablePath of BUILDS.filter((b) => existsSync(b))) {
      const browser = await launchBrowser([], { executablePath });
      try {
        const started = chromiumCpu().seconds;
        for (let i = 0; i < contexts; i++) {
          const context = await browser.newContext({ baseURL: server.baseUrl });
          const page = await context.newPage();
          await page.goto('/login');
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await context.close();
        }
        const { seconds, processes } = chromiumCpu();
        console.log(
          `[browser-cpu] ${executablePath}: ${contexts} contexts, ${(seconds - started).toFixed(2)} CPU s ` +
            `(${((seconds - started) / contexts).toFixed(3)} s a context; ${processes} Chromium processes still running)`,
        );
      } finally {
        await browser.close();
      }
    }
  } finally {
    await server.close();
  }
}

await main();
