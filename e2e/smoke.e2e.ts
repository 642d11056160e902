import { describe, expect, it } from 'vitest';
import { useE2E } from './harness';

const e2e = useE2E();

describe('the web app in a real browser', () => {
  it('serves the SPA on deep links and shows the not-found page for unknown routes', async () => {
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.server.baseUrl}/no/such/page`);
    await expect(page.getByRole('heading', { name: 'Page not found' }).isVisible()).resolves.toBe(true);
    const health = await page.request.get(`${e2e.server.baseUrl}/api/health`);
    expect(health.status()).toBe(200);
    // Public answer: the status only (details need an owner's session or HEALTH_TOKEN).
    expect(await health.json()).toEqual({ status: 'ok' });
    await page.close();
  });
});
