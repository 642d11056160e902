/**
 * Prints what a browser context costs the e2e suite in CPU, for each Chromium build this machine has: N times a
 * fresh context, a page, the real server's sign-in page (the app's headers, COOP included, and its first load with
 * an empty cache), then the context closed; as the e2e tests open one for each person they sign in. The figure is
 * the browser's whole process tree: the browser process, its live children and the children it reaped (its
 * renderers: launchBrowser starts Chromium without the zygote). Run after `npm run build -w apps/web`:
 *   npx tsx e2e/measure-browser-cpu.ts [contexts]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { launchBrowser, startServer } from './harness';

const BUILDS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

/** utime + stime + cutime + cstime of every process under `root` whose name starts with "chromium", in seconds. */
function chromiumCpu(root: number): { seconds: number; processes: number } {
  const stats = new Map<number, { ppid: number; name: string; cpu: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cpu = fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) / 100;
      stats.set(Number(entry), { ppid: Number(fields[1]), name, cpu });
    } catch {} // it ended meanwhile
  }
  const under = (pid: number): boolean => {
    for (let p = stats.get(pid)?.ppid; p; p = stats.get(p)?.ppid) if (p === root) return true;
    return false;
  };
  let seconds = 0;
  let processes = 0;
  for (const [pid, s] of stats)
    if (s.name.startsWith('chromium') && under(pid)) {
      seconds += s.cpu;
      processes++;
    }
  return { seconds, processes };
}

async function main() {
  const contexts = Number(process.argv[2] ?? 15);
  const server = await startServer();
  try {
    for (const executablePath of BUILDS.filter((b) => existsSync(b))) {
      const browser = await launchBrowser([], { executablePath });
      try {
        const started = chromiumCpu(process.pid).seconds;
        for (let i = 0; i < contexts; i++) {
          const context = await browser.newContext({ baseURL: server.baseUrl });
          const page = await context.newPage();
          await page.goto('/login');
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await context.close();
        }
        const { seconds, processes } = chromiumCpu(process.pid);
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
