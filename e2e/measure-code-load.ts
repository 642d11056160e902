/**
 * Prints the /code page's transferred bytes on a cold load (fresh browser context, empty cache), measured by
 * Chromium's own network accounting (encoded bytes on the wire, headers included). Two figures: up to the
 * start screen, and up to a ready editor after Start Test (the phone model, loaded after the first on-device check,
 * is counted on its own line); first the same for a test without proctoring. Then the on-device detection's CPU while the candidate sits still: the page's
 * main-thread task time over 30 s of wall time (Chromium's Performance metrics), as a share of one core.
 * Run against any web build:
 *   E2E_WEB_DIST=/tmp/x-dist npx tsx e2e/measure-code-load.ts
 */
import type { Page } from 'playwright-core';
import { launchBrowser, startServer, WEB_DIST } from './harness';
import { createUser, pressStartTest, seedTest, signedInPage } from './support';

interface Tally {
  total: number;
  byUrl: Map<string, number>;
}

async function track(page: Page): Promise<Tally> {
  const tally: Tally = { total: 0, byUrl: new Map() };
  const cdp = await page.context().newCDPSession(page);
  const urls = new Map<string, string>();
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
  cdp.on('Network.loadingFinished', (e) => {
    tally.total += e.encodedDataLength;
    const url = new URL(urls.get(e.requestId) ?? 'about:blank').pathname;
    tally.byUrl.set(url, (tally.byUrl.get(url) ?? 0) + e.encodedDataLength);
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return tally;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

async function main() {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const employer = await createUser(server, 'employer');
    // A test without proctoring first (issue 26: its cold load fetches no proctoring runtime at all).
    const plain = await seedTest(server, employer.id, [{ title: 'Sum of two' }], { proctoring: false });
    const plainPage = await signedInPage(browser, server, (await createUser(server, 'candidate')).email);
    const plainTally = await track(plainPage);
    await plainPage.goto(`${server.baseUrl}/code/${plain.test.id}`);
    await pressStartTest(plainPage);
    await plainPage.locator('.code-editor[data-ready="true"]').waitFor({ timeout: 60_000 });
    await plainPage.waitForLoadState('networkidle');
    const runtimeSeen = [...plainTally.byUrl.keys()].filter((u) => /proctoring\/runtime|human-runtime/.test(u));
    console.log(
      `[code-load] unproctored test, cold load to a ready editor: ${kb(plainTally.total)} transferred; proctoring runtime files fetched: ${runtimeSeen.length ? runtimeSeen.join(', ') : 'none'}`,
    );
    await plainPage.context().close();

    const { test } = await seedTest(server, employer.id, [{ title: 'Sum of two' }], { proctoring: true });
    const cand = await createUser(server, 'candidate');
    const page = await signedInPage(browser, server, cand.email);
    const tally = await track(page);
    await page.goto(`${server.baseUrl}/code/${test.id}`);
    await page.getByRole('button', { name: 'Start Test' }).waitFor();
    await page.waitForLoadState('networkidle');
    const startScreen = tally.total;
    await pressStartTest(page);
    await page.locator('.code-editor[data-ready="true"]').waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const phone = [...tally.byUrl].filter(([url]) => url.includes('centernet')).reduce((n, [, b]) => n + b, 0);
    console.log(`[code-load] web build: ${WEB_DIST}`);
    console.log(`[code-load] cold load to the start screen: ${kb(startScreen)} transferred`);
    console.log(
      `[code-load] cold load to a ready editor (after Start Test): ${kb(tally.total - phone)} transferred, plus the lazy phone model ${kb(phone)}`,
    );
    const top = [...tally.byUrl].sort((a, b) => b[1] - a[1]).slice(0, 6);
    for (const [url, n] of top) console.log(`[code-load]   ${kb(n).padStart(10)}  ${url}`);

    // Idle: nobody types; the on-device checks run at the page's own cadence.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const taskSeconds = async () =>
      (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
    await page.waitForTimeout(5_000);
    const [t0, w0] = [await taskSeconds(), Date.now()];
    await page.waitForTimeout(30_000);
    const [t1, w1] = [await taskSeconds(), Date.now()];
    const checks = await page.evaluate(() =>
      document.querySelector('[data-device-checks]')?.getAttribute('data-device-checks'),
    );
    const phoneLater = [...tally.byUrl].filter(([url]) => url.includes('centernet')).reduce((n, [, b]) => n + b, 0);
    console.log(`[code-load] the phone model arrived after the editor was ready: ${kb(phoneLater)}`);
    console.log(
      `[code-load] idle page CPU (main thread, on-device detection included): ${((t1 - t0) / ((w1 - w0) / 1000)).toFixed(3)} of a core over ${((w1 - w0) / 1000).toFixed(0)} s${checks ? `, ${checks} checks so far` : ''}`,
    );
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
