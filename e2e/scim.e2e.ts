/**
 * SCIM provisioning settings end to end (issue 45): an employer opens Settings → SCIM provisioning, reads the base
 * URL, generates the token (shown once), an identity provider calls /scim/v2 with it, a rotation stops the old
 * token, and revoking stops the new one.
 */
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness';
import { seriousA11yViolations, signUpAndIn } from './support';

const e2e = useE2E();

describe('SCIM provisioning settings', () => {
  it('shows the base URL, generates the token once, rotates and revokes it', async () => {
    const ctx = await e2e.browser.newContext();
    const email = `scim.${Date.now().toString(36)}@example.test`;
    await signUpAndIn(ctx, e2e.server, { firstName: 'Ida', lastName: 'Admin', email, role: 'employer' });
    const page = await ctx.newPage();
    await page.goto(`${e2e.server.baseUrl}/admin/settings`);
    await page
      .getByRole('navigation', { name: 'Company settings' })
      .getByRole('link', { name: 'SCIM provisioning' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'SCIM provisioning' }).waitFor();
    const baseUrl = await page.getByLabel(/Base URL/).inputValue();
    expect(baseUrl).toMatch(/\/scim\/v2$/);
    await page.getByRole('button', { name: 'Generate token' }).click();
    await page.getByText('Copy this token now').waitFor();
    const first = (await page.locator('code.settings-secret').textContent())!.trim();
    expect(first).toMatch(/^asly_scim_/);
    expect(await seriousA11yViolations(page)).toEqual([]);

    const users = (token: string) =>
      fetch(`${e2e.server.baseUrl}/scim/v2/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    const found = await users(first);
    expect(found.status).toBe(200);
    expect(found.headers.get('content-type')).toContain('application/scim+json');
    expect((await found.json()).totalResults).toBe(1);

    // the secret is not shown again; a rotation stops the old token
    await page.reload();
    await page.getByRole('button', { name: 'Rotate token' }).waitFor();
    expect(await page.locator('code.settings-secret').count()).toBe(0);
    await page.getByRole('button', { name: 'Rotate token' }).click();
    await page.getByText('Copy this token now').waitFor();
    const second = (await page.locator('code.settings-secret').textContent())!.trim();
    expect(second).not.toBe(first);
    expect((await users(first)).status).toBe(401);
    expect((await users(second)).status).toBe(200);

    await page.getByRole('button', { name: 'Revoke token' }).click();
    await page.getByRole('button', { name: 'Generate token' }).waitFor();
    expect((await users(second)).status).toBe(401);
    await ctx.close();
  });
});
