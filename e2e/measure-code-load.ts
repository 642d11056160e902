/**
 * Prints the /code page's transferred bytes on a cold load (fresh browser context, empty cache), measured by
 * Chromium's own network accounting (encoded bytes on the wire, headers included). Two figures: up to the
 * start screen, and up to a ready editor after Start Test. Run against any web build:
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
    const { test } = await seedTest(server, employer.id, [{ title: 'Sum of two' }]);
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
    console.log(`[code-load] web build: ${WEB_DIST}`);
    console.log(`[code-load] cold load to the start screen: ${kb(startScreen)} transferred`);
    console.log(`[code-load] cold load to a ready editor (after Start Test): ${kb(tally.total)} transferred`);
    const top = [...tally.byUrl].sort((a, b) => b[1] - a[1]).slice(0, 6);
    for (const [url, n] of top) console.log(`[code-load]   ${kb(n).padStart(10)}  ${url}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
