/**
 * SAML 2.0 single sign-on end to end (issue 45), in a real browser against a real IdP on 127.0.0.1 (samlify's IdP
 * side, the server tests' fixture): the owner opens Settings → Single sign-on, chooses SAML 2.0, reads the entity
 * id and ACS URL, downloads the SP metadata, uploads the IdP's metadata file and saves; the domain is proven by
 * DNS; a colleague types their email on /login, follows "Continue with single sign-on" to the IdP, whose page posts
 * the signed assertion back to the ACS, and lands in /admin as a new member. Both pages pass axe-core.
 */
import { readFile } from 'node:fs/promises';
import { startSamlIdp } from '@assessly/server/test-kit';
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness';
import { password, seriousA11yViolations, signUpAndIn } from './support';

const e2e = useE2E();

describe('SAML single sign-on', () => {
  it('is set up on the SSO settings page and signs a colleague in from /login', async () => {
    let companyId = '';
    // Over plain http a browser sends the request cookie with the IdP's POST only from the same site (SameSite=None
    // needs https, where the server sets it so: sso.saml.test.ts), so the IdP is named as the server is: localhost.
    const idp = await startSamlIdp(() => `${e2e.server.baseUrl}/api/auth/saml/${companyId}/metadata`, {
      hostName: new URL(e2e.server.baseUrl).hostname,
    });
    e2e.server.deps.config.webhookAllowPrivate = true;
    try {
      const domain = `saml${Date.now().toString(36)}.test`;
      const ownerCtx = await e2e.browser.newContext({ acceptDownloads: true });
      await signUpAndIn(
        ownerCtx,
        e2e.server,
        { firstName: 'Olive', lastName: 'Owner', email: `owner@${domain}`, role: 'employer' },
        { verified: true },
      );
      const me = (await (await ownerCtx.request.get(`${e2e.server.baseUrl}/api/users/me`)).json()) as {
        companyId: string;
      };
      companyId = me.companyId;
      const page = await ownerCtx.newPage();
      await page.goto(`${e2e.server.baseUrl}/admin/settings/sso`);
      await page.getByRole('heading', { level: 1, name: 'Single sign-on' }).waitFor();
      // The page opens on OpenID Connect with the protocol choice above it: axe on that view too.
      await page.getByLabel('Issuer URL').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByLabel('SAML 2.0').check();
      await page.getByText(`${e2e.server.baseUrl}/api/auth/saml/${companyId}/acs`).waitFor();
      await page.getByText(`${e2e.server.baseUrl}/api/auth/saml/${companyId}/metadata`).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download SP metadata' }).click(),
      ]);
      const spXml = await readFile((await download.path())!, 'utf8');
      expect(spXml).toContain(`entityID="${e2e.server.baseUrl}/api/auth/saml/${companyId}/metadata"`);

      await page.getByLabel('A file I upload').check();
      await page.getByLabel('Metadata file (XML)').setInputFiles({
        name: 'idp-metadata.xml',
        mimeType: 'application/xml',
        buffer: Buffer.from(idp.metadataXml),
      });
      await page.getByLabel('Email domain').fill(domain);
      await page.getByLabel('Your password').fill(password);
      await page.getByRole('button', { name: 'Save SAML settings' }).click();
      await page.getByText(`In use: ${idp.entityId}`).waitFor();
      await page.getByText('(in use)').waitFor();

      // The DNS proof, as the OIDC test does it: the record the page shows, found by the server's resolver.
      const proof = page.locator('section[aria-labelledby="sso-domain-title"] code');
      const name = (await proof.nth(0).textContent())!.trim();
      const value = (await proof.nth(1).textContent())!.trim();
      expect(name).toBe(`_assessly-challenge.${domain}`);
      e2e.server.deps.resolveTxt = async (host) => (host === name ? [[value]] : []);
      await page.getByRole('button', { name: 'Check the DNS record' }).click();
      await page.getByText(`${domain} is proven`).waitFor();

      const ctx = await e2e.browser.newContext();
      const login = await ctx.newPage();
      await login.goto(`${e2e.server.baseUrl}/login`);
      await login.getByLabel('Email').fill(`casey@${domain}`);
      const sso = login.getByRole('link', { name: 'Continue with single sign-on' });
      await sso.waitFor();
      expect(await seriousA11yViolations(login)).toEqual([]);
      // The IdP's login is the test's stand-in: it signs the browser in as this account.
      idp.browserAccount = `casey@${domain}`;
      await sso.click();
      await login.waitForURL((u) => u.origin === e2e.server.baseUrl && u.pathname.startsWith('/admin'));
      const member = await ctx.request.get(`${e2e.server.baseUrl}/api/users/me`);
      expect(await member.json()).toMatchObject({ role: 'employer', companyRole: 'recruiter', companyId });
      await ctx.close();
      await ownerCtx.close();
    } finally {
      e2e.server.deps.config.webhookAllowPrivate = false;
      await idp.close();
    }
  });
});
