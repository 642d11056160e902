import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EServer, launchBrowser, startServer } from './harness';

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

describe('the web app in a real browser', () => {
  it('serves the SPA on deep links and shows the not-found page for unknown routes', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/no/such/page`);
    await expect(page.getByRole('heading', { name: 'Page not found' }).isVisible()).resolves.toBe(true);
    const health = await page.request.get(`${server.baseUrl}/api/health`);
    expect(health.status()).toBe(200);
    // Public answer: the status only (details need an owner's session or HEALTH_TOKEN).
    expect(await health.json()).toEqual({ status: 'ok' });
    await page.close();
  });
});
