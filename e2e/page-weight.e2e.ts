/**
 * Issue 41, the page stays light: a camera-proctored /code, opened cold (fresh context, cache off) with the fake
 * webcam of every e2e run (one face turning: enrolment, the live check, Start Test), counted over its first five
 * minutes, everything included: Chromium's own accounting of every response's
 * bytes on the wire (CDP Network.loadingFinished encodedDataLength: compressed body plus headers), the on-device
 * runtime and models, heartbeats, spot checks and drafts included. The browser runs those five minutes for real:
 * on-device checks at their own cadence, nothing shortened. The phone model is not among the files (issue 41:
 * the server checks for phones).
 *
 * NOT MET: the budget is 1.5 MB. Without the phone model (3.0 MB) the page measured 1.63 MB (1,633,506
 * bytes, 81 responses; 1.60 MB of it before the editor was ready): the on-device runtime alone is 1.12 MB (FaceMesh
 * 552 kB, BlazeFace 239 kB, Human 220 kB, tfjs wasm 108 kB). This test holds the line that was reached (CEILING)
 * so that nothing grows it again; DECISIONS §21 says what would reach 1.5 MB.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EServer, launchBrowser, startServer } from './harness';
import { createUser, pressStartTest, seedTest, signedInPage } from './support';

/** The budget (1.5 MB, decimal bytes), printed beside the figure; not met yet. */
const BUDGET = 1_500_000;
/** What this test asserts: the 1.63 MB measured on 8 Dec 2026, with 4 % of room for the machine's timing. */
const CEILING = 1_700_000;
const FIVE_MINUTES = 5 * 60_000;

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a proctored /code in its first five minutes', () => {
  it('downloads no phone model and at most 1.7 MB, models included (the 1.5 MB budget is not met)', {
    timeout: 600_000,
  }, async () => {
    const employer = await createUser(server, 'employer');
    const { test } = await seedTest(server, employer.id, [{ title: 'Sum of two' }], { proctoring: true });
    const page = await signedInPage(browser, server, (await createUser(server, 'candidate')).email);
    const cdp = await page.context().newCDPSession(page);
    const urls = new Map<string, string>();
    const byUrl = new Map<string, number>();
    let total = 0;
    let responses = 0;
    cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
    cdp.on('Network.loadingFinished', (e) => {
      total += e.encodedDataLength;
      responses++;
      const url = new URL(urls.get(e.requestId) ?? 'about:blank').pathname;
      byUrl.set(url, (byUrl.get(url) ?? 0) + e.encodedDataLength);
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const opened = Date.now();
    await page.goto(`${server.baseUrl}/code/${test.id}`);
    await pressStartTest(page);
    await page.locator('.code-editor[data-ready="true"]').waitFor({ timeout: 120_000 });
    const root = page.locator('.proctoring');
    await expect
      .poll(async () => Number(await root.getAttribute('data-device-checks')), { timeout: 120_000, interval: 1000 })
      .toBeGreaterThanOrEqual(2);
    expect(await root.getAttribute('data-device-backend')).toBe('wasm');
    const atReady = total;
    // the rest of the five minutes, the candidate reading the problem (checks, heartbeats, spot checks go on)
    await page.waitForTimeout(Math.max(0, FIVE_MINUTES - (Date.now() - opened)));
    const top = [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 12);
    const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;
    console.log(
      `[page-weight] proctored /code: ${kB(atReady)} to a ready editor with on-device checks running; ${kB(total)} in the first ${((Date.now() - opened) / 1000).toFixed(0)} s (${responses} responses); budget ${kB(BUDGET)}`,
    );
    for (const [url, n] of top) console.log(`[page-weight]   ${kB(n).padStart(9)}  ${url}`);
    expect([...byUrl.keys()].filter((u) => u.includes('centernet'))).toEqual([]);
    expect(byUrl.get('/api/proctoring/runtime/facemesh.bin') ?? 0).toBeGreaterThan(0); // the models are counted
    expect(total).toBeLessThanOrEqual(CEILING);
    await page.context().close();
  });
});
