/**
 * Integrations end to end: an employer creates a scoped API token in Settings (the secret is shown once), an
 * integration calls the API with it, the employer revokes it in the page and the token stops working; the
 * audit log page lists the token's creation; the API reference page renders /api/openapi.json; a candidate
 * downloads their data and deletes their account from /account/data; a colleague of a company with single
 * sign-on types their email on /login and is sent through a real OpenID Connect provider (oidc-provider on
 * 127.0.0.1) into /admin as a new member.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness';
import { password, signUpAndIn as signUpAndInVia } from './support';

const e2e = useE2E();

async function signUpAndIn(ctx: BrowserContext, role: 'candidate' | 'employer', domain = 'example.test') {
  const email = `${role}.${Date.now().toString(36)}@${domain}`;
  await signUpAndInVia(ctx, e2e.server, { firstName: 'Eve', lastName: role, email, role });
  return { email, password };
}

describe('company settings', () => {
  it('creates, uses and revokes an API token; the audit log and API reference show', async () => {
    const ctx = await e2e.browser.newContext();
    await signUpAndIn(ctx, 'employer');
    const page = await ctx.newPage();
    await page.goto(`${e2e.server.baseUrl}/admin`);
    await page.getByRole('link', { name: 'Settings' }).click();
    // Settings opens on the company's profile (issue 26); API tokens is its own tab.
    await page.getByRole('heading', { level: 1, name: 'Company' }).waitFor();
    await page.getByRole('navigation', { name: 'Company settings' }).getByRole('link', { name: 'API tokens' }).click();
    await page.getByRole('heading', { name: 'API tokens' }).waitFor();
    await page.getByLabel('Name').fill('Greenhouse');
    await page.getByLabel('results:read').check();
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByText('Copy this token now').waitFor();
    const token = (await page.locator('code.settings-secret').textContent())!.trim();
    expect(token).toMatch(/^asly_/);
    await page.getByRole('cell', { name: 'Greenhouse', exact: true }).waitFor();

    const api = (t: string) =>
      fetch(`${e2e.server.baseUrl}/api/tests`, { headers: { authorization: `Bearer ${t}` } }).then((r) => r.status);
    expect(await api(token)).toBe(200);
    const refused = await fetch(`${e2e.server.baseUrl}/api/companies/api-tokens`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.status).toBe(403);

    // The secret is not shown again after a reload; the list shows the last use.
    await page.reload();
    await page.getByRole('cell', { name: 'Greenhouse', exact: true }).waitFor();
    expect(await page.locator('code.settings-secret').count()).toBe(0);
    await page.getByRole('button', { name: 'Revoke Greenhouse' }).click();
    await page.getByText('Revoked').waitFor();
    expect(await api(token)).toBe(401);

    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('cell', { name: 'api_token.created' }).waitFor();
    await page.getByRole('cell', { name: 'api_token.revoked' }).waitFor();

    await page.getByRole('link', { name: 'API reference' }).click();
    await page.getByText('/api/tests/{id}').first().waitFor();
    await page.getByText('/api/companies/api-tokens').first().waitFor();
    await ctx.close();
  });
});

describe('candidate data', () => {
  it('downloads the data and deletes the account', async () => {
    const ctx = await e2e.browser.newContext({ acceptDownloads: true });
    const me = await signUpAndIn(ctx, 'candidate');
    const page = await ctx.newPage();
    await page.goto(`${e2e.server.baseUrl}/account/data`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download my data' }).click(),
    ]);
    const file = await download.path();
    const data = JSON.parse(await (await import('node:fs/promises')).readFile(file!, 'utf8'));
    expect(data.profile.email).toBe(me.email);
    page.on('dialog', (d) => d.accept());
    await page.getByLabel('Password').fill(me.password);
    const [erase] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/users/me') && r.request().method() === 'DELETE'),
      page.getByRole('button', { name: 'Delete my account' }).click(),
    ]);
    expect(erase.status()).toBe(200);
    await page.waitForURL((u) => u.pathname === '/');
    const login = await ctx.request.post(`${e2e.server.baseUrl}/api/users/login`, {
      data: { email: me.email, password: me.password },
    });
    expect(login.status()).toBe(401);
    await ctx.close();
  });
});

describe('single sign-on', () => {
  it('sends a colleague from the sign-in page through the company provider into /admin', async () => {
    const idp = http.createServer();
    await new Promise<void>((ok) => idp.listen(0, '127.0.0.1', () => ok()));
    const issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
    const client = { client_id: 'assessly-e2e', client_secret: 'e2e-client-secret-0123456789abcdef' };
    const provider = new Provider(issuer, {
      clients: [{ ...client, redirect_uris: [`${e2e.server.baseUrl}/api/auth/sso/callback`] }],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
      findAccount: async (_ctx: unknown, sub: string) => ({
        accountId: sub,
        claims: async () => ({ sub, email: sub, email_verified: true, given_name: 'Casey', family_name: 'Colleague' }),
      }),
      cookies: { keys: ['e2e-cookie-key'] },
    });
    idp.on('request', provider.callback());
    e2e.server.deps.config.webhookAllowPrivate = true;
    try {
      const domain = `sso${Date.now().toString(36)}.test`;
      const adminCtx = await e2e.browser.newContext();
      // Issue 23: only a verified owner, typing their password again, sets it up; the domain is proven by DNS.
      await signUpAndInVia(
        adminCtx,
        e2e.server,
        { firstName: 'Olive', lastName: 'Owner', email: `owner@${domain}`, role: 'employer' },
        { verified: true },
      );
      const saved = await adminCtx.request.put(`${e2e.server.baseUrl}/api/companies/sso`, {
        data: {
          issuer,
          clientId: client.client_id,
          clientSecret: client.client_secret,
          emailDomain: domain,
          currentPassword: password,
        },
      });
      expect(saved.status()).toBe(200);
      const record = (await saved.json()) as { domainRecordName: string; domainRecordValue: string };
      e2e.server.deps.resolveTxt = async (host) =>
        host === record.domainRecordName ? [[record.domainRecordValue]] : [];
      const proven = await adminCtx.request.post(`${e2e.server.baseUrl}/api/companies/sso/verify-domain`, { data: {} });
      expect(((await proven.json()) as { domainVerified: boolean }).domainVerified).toBe(true);

      const ctx = await e2e.browser.newContext();
      const page = await ctx.newPage();
      await page.goto(`${e2e.server.baseUrl}/login`);
      await page.getByLabel('Email').fill(`casey@${domain}`);
      await page.getByRole('link', { name: 'Continue with single sign-on' }).click();
      await page.waitForURL((u) => u.origin === issuer);
      await page.locator('input[name="password"]').fill('anything');
      await page.getByRole('button', { name: 'Sign-in' }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((u) => u.origin === e2e.server.baseUrl && u.pathname.startsWith('/admin'));
      const me = await ctx.request.get(`${e2e.server.baseUrl}/api/users/me`);
      expect(await me.json()).toMatchObject({ email: `casey@${domain}`, role: 'employer', companyRole: 'recruiter' });
      await ctx.close();
      await adminCtx.close();
    } finally {
      e2e.server.deps.config.webhookAllowPrivate = false;
      await new Promise((ok) => idp.close(ok));
    }
  });
});
